import type { DefaultValue } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import {
  type CustomFieldInput,
  customFieldInputSchema,
  customFieldTypes,
  type FieldSetting,
} from "../../../../server/contract/custom-fields.ts";
import { decimalInput, decimalText } from "../../../../server/contract/decimal-input.ts";
import type { FieldDefinition, FieldType } from "../../../../server/contract/fields.ts";
import { displayPercent } from "../../../components/value-text.ts";
import { coerceWithCheckboxes, numberFormErrors } from "../../../utils/form-errors.ts";
import type { Language } from "../../../utils/i18n.ts";
import { inputValue } from "../../records/record-form.ts";

/** The form's values; its default value is one input's text, or a multi-select's chosen options. */
export type CustomFieldFormValue = Omit<z.input<typeof customFieldInputSchema>, "defaultValue"> & {
  defaultValue?: string | string[];
};

/** Which limits and controls a type has; the contract refuses the others for it. */
export const textTypes: readonly FieldType[] = ["Text", "LongText", "Phone", "Email", "Url"];
export const numericTypes: readonly FieldType[] = ["Number", "Percent"];
export const datedTypes: readonly FieldType[] = ["Date", "DateTime"];
export const optionTypes: readonly FieldType[] = ["List", "MultiSelect"];

export function isFieldType(value: unknown): value is FieldType {
  return typeof value === "string" && (customFieldTypes as readonly string[]).includes(value);
}

const formSchema = coerceWithCheckboxes(customFieldInputSchema);

/** The limits a value may have: typed with a decimal comma in Norwegian. */
const decimalLimits = new Set(["minValue", "maxValue"]);

/**
 * The custom field form, read by the contract's schema: the same in the browser and in the action. Its value limits
 * are read in the page's language (decimal-input.ts).
 */
export function parseFieldForm(formData: FormData, language?: Language) {
  let read = formData;
  if (language === "nb") {
    read = new FormData();
    for (const [name, value] of formData) {
      read.append(name, decimalLimits.has(name) && typeof value === "string" ? decimalText(value, language) : value);
    }
  }
  return parseWithZod(read, { schema: formSchema, disableAutoCoercion: true, error: numberFormErrors });
}

/**
 * A Percent's limits are fractions; the form shows and takes them as percentages, as record forms do, with the
 * language's decimal sign.
 */
function limitInput(type: FieldType, value: number | null, language?: Language): string | undefined {
  if (value === null) return undefined;
  return decimalInput(type === "Percent" ? Number(displayPercent(value)) : value, language);
}

/** What the form starts with: the field as it is, or a new active field of the chosen type. */
export function fieldFormDefaults(
  type: FieldType,
  field: FieldSetting | undefined,
  timeZone: string,
  language?: Language,
): DefaultValue<CustomFieldFormValue> {
  if (!field) {
    return {
      key: "",
      labelEn: "",
      labelNb: "",
      type,
      active: true,
      options: optionTypes.includes(type) ? [{ labelEn: "", labelNb: "" }] : [],
    };
  }
  return {
    ...fieldNamesAndSwitches(field),
    minLength: field.minLength ?? undefined,
    maxLength: field.maxLength ?? undefined,
    minValue: limitInput(field.type, field.minValue, language),
    maxValue: limitInput(field.type, field.maxValue, language),
    from: field.from ?? undefined,
    to: field.to ?? undefined,
    // A stored default shows as a record's value would: a percentage, a local time, a checked box.
    defaultValue: inputValue(field, field.defaultValue, timeZone, language),
    options: field.options,
    query: field.query ?? undefined,
  };
}

/** A field's key, names, type and switches, as its settings form and its settings call both give them back. */
export function fieldNamesAndSwitches(field: FieldSetting) {
  return {
    key: field.key,
    labelEn: field.labelEn,
    labelNb: field.labelNb,
    type: field.type,
    required: field.required,
    unique: field.unique,
    active: field.active,
    hidden: field.hidden,
    searchable: field.searchable,
    partOfName: field.partOfName,
    favorite: field.favorite,
  };
}

/**
 * The field as a record's form sees it, for the default value's input and its check: its type, limits and saved
 * options (new options get their values when the field is saved).
 */
export function fieldDefinitionOf(
  input: Pick<CustomFieldInput, "type"> & Partial<CustomFieldInput>,
  savedOptions: FieldSetting["options"],
): FieldDefinition {
  return {
    key: input.key ?? "defaultValue",
    labelEn: input.labelEn ?? "",
    labelNb: input.labelNb ?? "",
    type: input.type,
    required: false,
    unique: false,
    active: true,
    builtIn: false,
    customField: true,
    partOfName: false,
    searchable: false,
    favorite: false,
    settings: {
      minLength: input.minLength ?? undefined,
      maxLength: input.maxLength ?? undefined,
      minValue: input.minValue ?? undefined,
      maxValue: input.maxValue ?? undefined,
      from: input.from ?? undefined,
      to: input.to ?? undefined,
      options: savedOptions,
    },
  };
}
