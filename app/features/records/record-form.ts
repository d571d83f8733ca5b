import type { FieldDefinition } from "../../../server/contract/fields.ts";
import { isWritable, recordFormSchema } from "../../../server/contract/fields.ts";
import { linkRoleShape } from "../../../server/contract/links.ts";
import type { EntityInfo, RecordDto } from "../../../server/contract/records.ts";
import { displayPercent } from "../../components/value-text.ts";
import { fromLocalInput, toLocalInput } from "../../utils/dates.ts";

/** A stored value as its input shows it: a percentage for a fraction, a local time for an instant. */
function inputValue(field: FieldDefinition, value: unknown, timeZone: string): unknown {
  if (value === null || value === undefined) return undefined;
  switch (field.type) {
    case "Percent":
      return typeof value === "number" ? displayPercent(value) : String(value);
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

/** The record's values as the form starts with them; custom fields under `customFields`, as the schema reads them. */
export function formDefaults(info: EntityInfo, record: RecordDto | undefined, statusId: string, timeZone: string) {
  const defaults: Record<string, unknown> = { statusId };
  const custom: Record<string, unknown> = {};
  for (const field of info.fields.filter(isWritable)) {
    const value = inputValue(field, record?.values[field.key], timeZone);
    if (field.customField) custom[field.key] = value;
    else defaults[field.key] = value;
  }
  return { ...defaults, customFields: custom };
}

/** The record form's schema, the same for the browser and the action: the contract's, for this entity's fields. */
export function recordSchema(fields: FieldDefinition[], timeZone: string, withRole: boolean) {
  const options = { localDateTime: (value: string) => fromLocalInput(value, timeZone) };
  return withRole ? recordFormSchema(fields, options, linkRoleShape) : recordFormSchema(fields, options);
}
