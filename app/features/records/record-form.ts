import { decimalInput } from "../../../server/contract/decimal-input.ts";
import type { FieldDefinition } from "../../../server/contract/fields.ts";
import { isWritable, recordFormSchema } from "../../../server/contract/fields.ts";
import { linkRoleShape } from "../../../server/contract/links.ts";
import type { EntityInfo, RecordDto } from "../../../server/contract/records.ts";
import { requireContactWithCompany, workItemLinkFormShape } from "../../../server/contract/work-items.ts";
import { displayPercent } from "../../components/value-text.ts";
import { fromLocalInput, today, toLocalInput } from "../../utils/dates.ts";
import type { Language } from "../../utils/i18n.ts";

/**
 * A stored value as its input shows it: a percentage for a fraction, a local time for an instant, and a number with
 * the language's decimal sign (a comma in Norwegian), as the form reads it back.
 */
export function inputValue(
  field: Pick<FieldDefinition, "type">,
  value: unknown,
  timeZone: string,
  language?: Language,
): string | string[] | undefined {
  if (value === null || value === undefined) return undefined;
  switch (field.type) {
    case "Percent":
      return typeof value === "number" ? decimalInput(Number(displayPercent(value)), language) : String(value);
    case "Number":
      return typeof value === "number" ? decimalInput(value, language) : String(value);
    case "DateTime":
      return toLocalInput(String(value), timeZone);
    case "Bool":
      return value === true ? "on" : undefined;
    case "MultiSelect":
      return Array.isArray(value) ? value.map(String) : undefined;
    default:
      return String(value);
  }
}

/** What a new record's field starts with: its default option, today for a received date. */
function newRecordDefault(field: FieldDefinition, timeZone: string): string | undefined {
  if (field.type === "List") return field.settings.options?.find((option) => option.isDefault)?.value;
  if (field.type === "Date" && field.settings.defaultToday) return today(timeZone);
  return undefined;
}

/** The record's values as the form starts with them; custom fields under `customFields`, as the schema reads them. */
export function formDefaults(
  info: EntityInfo,
  record: RecordDto | undefined,
  statusId: string,
  timeZone: string,
  language?: Language,
) {
  const defaults: Record<string, unknown> = { statusId };
  const custom: Record<string, unknown> = {};
  for (const field of info.fields.filter(isWritable)) {
    const value = record
      ? inputValue(field, record.values[field.key], timeZone, language)
      : newRecordDefault(field, timeZone);
    if (field.customField) custom[field.key] = value;
    else defaults[field.key] = value;
  }
  return { ...defaults, customFields: custom };
}

/**
 * The record form's schema, the same for the browser and the action: the contract's, for this entity's fields, read
 * in the page's language (Norwegian numbers have a decimal comma) and time zone.
 */
export function recordSchema(fields: FieldDefinition[], timeZone: string, withRole: boolean, language?: Language) {
  const options = { localDateTime: (value: string) => fromLocalInput(value, timeZone), language };
  return withRole ? recordFormSchema(fields, options, linkRoleShape) : recordFormSchema(fields, options);
}

/**
 * A new inquiry or to-do made on a company (which asks for one of its contacts) or on a contact (with one of its
 * companies, if any): the item's fields and the link's two ends.
 */
export function workItemSchema(
  fields: FieldDefinition[],
  timeZone: string,
  on: "company" | "contact",
  language?: Language,
) {
  const options = { localDateTime: (value: string) => fromLocalInput(value, timeZone), language };
  return recordFormSchema(fields, options, workItemLinkFormShape, (value, context) =>
    requireContactWithCompany(value, context, on === "company"),
  );
}
