import { z } from "zod";
import { fieldTypes } from "./fields.ts";
import { maxLengthMessage, messages } from "./messages.ts";
import { entityHeadingShape, requiredNameSchema } from "./names.ts";
import { fieldRuleTexts } from "./settings-texts.ts";

/** Every type a custom field may have, Query (a read-only select run for the record) among them. */
export const customFieldTypes = fieldTypes;

/** PostgreSQL's limit of columns per table, which counts dropped columns too. */
export const COLUMN_LIMIT = 1600;
/**
 * Custom fields an entity may have. Both databases keep a record in one row of at most 8,160 bytes, and a value takes
 * up to 24 bytes of it however long it is (a longer one is compressed or moved out of the row): measured on both, a
 * row holds 335 columns of 23-character texts, and 447 of short lists. 250 besides an entity's standard fields (22 at
 * most) leaves every record room for a value in every field; more, and a record that fills them is refused.
 */
export const FIELD_LIMIT = 250;
export const KEY_MAX = 50;
export const QUERY_MAX = 10_000;
/** Rows a Query field shows at most. */
export const QUERY_ROW_LIMIT = 100;

export { fieldTexts } from "./custom-field-texts.ts";

export { fieldRuleTexts } from "./settings-texts.ts";

/**
 * A key as the user types or pastes it: word characters and spaces kept (spec §3), spaces as underscores, lower case;
 * the column is named by it.
 */
export function normaliseKey(text: string): string {
  return text
    .replace(/[^\w ]/g, "")
    .trim()
    .replace(/ +/g, "_")
    .toLowerCase();
}

/** The checks a normalised key passes: it names a column (a custom field's, a custom entity's table). */
export const normalisedKeySchema = z
  .string()
  .min(1, messages.required)
  .max(KEY_MAX, maxLengthMessage(KEY_MAX))
  .regex(/^([a-z][a-z0-9_]*)?$/, fieldRuleTexts.key);

/**
 * Keys no field may have, whatever its entity: PostgreSQL's system columns, which every table has (a column by that
 * name cannot be added); the members of JavaScript's objects, which code reading values by key from a plain object
 * would find instead of the field's value; and the record's own keys in the API and on forms. Keys are lower case, so
 * the lower-case spelling of each member is what could collide once normalised.
 */
export const RESERVED_FIELD_KEYS: ReadonlySet<string> = new Set([
  "oid",
  "tableoid",
  "xmin",
  "xmax",
  "cmin",
  "cmax",
  "ctid",
  ...Object.getOwnPropertyNames(Object.prototype).map((name) => name.toLowerCase()),
  "prototype",
  "id",
  "uuid",
  "uuid_key",
  "status_id",
  "statusid",
  "values",
  "custom_fields",
  "customfields",
  "row_name",
  "rowname",
  "connections",
  "favorite_connections",
  "favoriteconnections",
  "created_at",
  "created_by",
  "updated_at",
  "updated_by",
  "search_text",
]);

const label = requiredNameSchema;
const optionalNumber = z.number({ error: messages.notANumber }).finite().nullish();

export const fieldOptionInputSchema = z.object({
  /** Kept from the option it was; a new option gets one from its English label. */
  value: z.string().trim().max(255, messages.max255).optional(),
  labelEn: label,
  labelNb: label,
});

/** What an administrator sets on a custom field; the settings form uses the same schema. */
export const customFieldInputSchema = z
  .object({
    key: z
      .string()
      .transform(normaliseKey)
      .pipe(normalisedKeySchema.refine((key) => !RESERVED_FIELD_KEYS.has(key), fieldRuleTexts.keyReserved)),
    labelEn: label,
    labelNb: label,
    type: z.enum(customFieldTypes, { error: messages.notAnOption }),
    required: z.boolean().default(false),
    unique: z.boolean().default(false),
    active: z.boolean().default(true),
    hidden: z.boolean().default(false),
    searchable: z.boolean().default(false),
    partOfName: z.boolean().default(false),
    favorite: z.boolean().default(false),
    /** Characters (text types) or the value (Number, Percent as a fraction). */
    minLength: z.number().int().min(0).max(100_000).nullish(),
    maxLength: z.number().int().min(1).max(100_000).nullish(),
    minValue: optionalNumber,
    maxValue: optionalNumber,
    /** The earliest and latest Date or DateTime (YYYY-MM-DD). */
    from: z.iso.date().nullish(),
    to: z.iso.date().nullish(),
    /** The value a new record gets when none is given, checked by the field's own rules. */
    defaultValue: z.unknown().optional(),
    options: z.array(fieldOptionInputSchema).max(500).default([]),
    query: z.string().trim().max(QUERY_MAX, maxLengthMessage(QUERY_MAX)).nullish(),
  })
  .superRefine((input, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    const textual = ["Text", "LongText", "Phone", "Email", "Url"].includes(input.type);
    const numeric = input.type === "Number" || input.type === "Percent";
    const dated = input.type === "Date" || input.type === "DateTime";
    const chosen = input.type === "List" || input.type === "MultiSelect";
    if (!textual && (input.minLength != null || input.maxLength != null)) issue("maxLength", fieldRuleTexts.notForType);
    if (!numeric && (input.minValue != null || input.maxValue != null)) issue("maxValue", fieldRuleTexts.notForType);
    if (!dated && (input.from || input.to)) issue("to", fieldRuleTexts.notForType);
    if (input.minLength != null && input.maxLength != null && input.maxLength <= input.minLength) {
      issue("maxLength", fieldRuleTexts.maxAboveMin);
    }
    if (input.minValue != null && input.maxValue != null && input.maxValue <= input.minValue) {
      issue("maxValue", fieldRuleTexts.maxAboveMin);
    }
    if (input.from && input.to && input.from > input.to) issue("to", fieldRuleTexts.fromBeforeTo);
    if (chosen && input.options.length === 0) issue("options", fieldRuleTexts.optionsRequired);
    if (!chosen && input.options.length > 0) issue("options", fieldRuleTexts.notForType);
    const labels = input.options.map((option) => option.labelEn.toLowerCase());
    if (new Set(labels).size !== labels.length) issue("options", fieldRuleTexts.optionTaken);
    if (input.type === "Query") {
      if (input.required) issue("required", fieldRuleTexts.queryRequired);
      if (!input.query || !/^\s*select\b/i.test(input.query) || !input.query.includes("this.id")) {
        issue("query", fieldRuleTexts.querySelect);
      }
      if (input.unique) issue("unique", fieldRuleTexts.notForType);
    } else if (input.query) {
      issue("query", fieldRuleTexts.notForType);
    }
    const hasDefault = input.defaultValue !== undefined && input.defaultValue !== null && input.defaultValue !== "";
    if (input.required && input.hidden && !hasDefault) issue("hidden", fieldRuleTexts.hiddenRequired);
  });
export type CustomFieldInput = z.infer<typeof customFieldInputSchema>;

export const fieldSettingSchema = z.object({
  id: z.string(),
  key: z.string(),
  labelEn: z.string(),
  labelNb: z.string(),
  type: z.enum(customFieldTypes),
  required: z.boolean(),
  unique: z.boolean(),
  active: z.boolean(),
  hidden: z.boolean(),
  builtIn: z.boolean(),
  customField: z.boolean(),
  searchable: z.boolean(),
  partOfName: z.boolean(),
  favorite: z.boolean(),
  position: z.number().int(),
  minLength: z.number().nullable(),
  maxLength: z.number().nullable(),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  defaultValue: z.unknown(),
  options: z.array(z.object({ value: z.string(), labelEn: z.string(), labelNb: z.string() })),
  query: z.string().nullable(),
});
export type FieldSetting = z.infer<typeof fieldSettingSchema>;

export const fieldEntitySchema = z.object({
  ...entityHeadingShape,
  builtIn: z.boolean(),
  customFields: z.number().int(),
  /** Custom fields it may have (FIELD_LIMIT). */
  fieldLimit: z.number().int(),
  /** Columns the table has used, dropped ones included, of PostgreSQL's COLUMN_LIMIT. */
  columnsUsed: z.number().int(),
  columnLimit: z.number().int(),
});
export type FieldEntity = z.infer<typeof fieldEntitySchema>;

/** A Query field's result for one record: its columns and at most QUERY_ROW_LIMIT rows. */
export const queryResultSchema = z.object({
  key: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.unknown())),
  /** More rows matched than are shown. */
  truncated: z.boolean(),
});
export type QueryResult = z.infer<typeof queryResultSchema>;
