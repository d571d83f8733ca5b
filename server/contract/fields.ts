import { z } from "zod";
import { decimalText, type InputLanguage } from "./decimal-input.ts";
import type { FieldError } from "./errors.ts";
import { isOnForms, isWritable } from "./field-use.ts";
import { messageCode } from "./message-code.ts";
import {
  maxLengthMessage,
  maxValueMessage,
  messages,
  minValueMessage,
  refusedTextMessage,
  validationCodes,
} from "./messages.ts";

export const fieldTypes = [
  "Date",
  "DateTime",
  "Email",
  "Number",
  "Percent",
  "Phone",
  "List",
  "MultiSelect",
  "Text",
  "LongText",
  "Bool",
  "Url",
  "Query",
] as const;
export type FieldType = (typeof fieldTypes)[number];

/** Where a List's options come from when the workspace keeps them (see FieldSettings.optionsFrom). */
export const metaStatusKinds = ["priority", "category", "source"] as const;
export type MetaStatusKind = (typeof metaStatusKinds)[number];
export const optionSources = [...metaStatusKinds, "user", "group"] as const;
export type OptionSource = (typeof optionSources)[number];

export const fieldSettingsSchema = z.object({
  minLength: z.number().int().nonnegative().optional(),
  maxLength: z.number().int().positive().optional(),
  /** The least and greatest Number (or Percent, as a fraction). */
  minValue: z.number().optional(),
  maxValue: z.number().optional(),
  /** The earliest and latest Date or DateTime, YYYY-MM-DD. */
  from: z.string().optional(),
  to: z.string().optional(),
  /** Not on forms or record views; a new record gets the default (a required hidden field must have one). */
  hidden: z.boolean().optional(),
  /** The value a new record gets when none is given. */
  defaultValue: z.unknown().optional(),
  /** A Query field's select, run read-only with the record's id for this.id. */
  query: z.string().optional(),
  options: z
    .array(
      z.object({
        value: z.string(),
        labelEn: z.string(),
        labelNb: z.string(),
        /** The one a new record starts with (a default priority, category or source). */
        isDefault: z.boolean().optional(),
      }),
    )
    .optional(),
  /** A Date a new record's form starts at today's date (when an inquiry was received). */
  defaultToday: z.boolean().optional(),
  /** Dates that must lie in the past, such as a birth date. */
  pastOnly: z.boolean().optional(),
  /** Set by the product (a document's size, say): shown, never written through a record's form or the record calls. */
  readOnly: z.boolean().optional(),
  /** A Number that counts bytes: shown as kB, MB or GB. */
  bytes: z.boolean().optional(),
  /**
   * A List whose options are rows of the workspace, by id: meta statuses of a kind for the entity (priorities,
   * categories, sources), its users or its groups. The API fills `options` when it describes or validates the field.
   */
  optionsFrom: z.enum(optionSources).optional(),
  /** A Number that names a record (a reference number): shown without thousands separators. */
  identifier: z.boolean().optional(),
  /** The Date an item is due by: past it, and not in a closed status, the item is overdue. */
  due: z.boolean().optional(),
});
export type FieldSettings = z.infer<typeof fieldSettingsSchema>;

export interface FieldDefinition {
  key: string;
  labelEn: string;
  labelNb: string;
  type: FieldType;
  required: boolean;
  unique: boolean;
  active: boolean;
  builtIn: boolean;
  customField: boolean;
  partOfName: boolean;
  searchable: boolean;
  favorite: boolean;
  settings: FieldSettings;
}

export const fieldDefinitionSchema = z.object({
  key: z.string(),
  labelEn: z.string(),
  labelNb: z.string(),
  type: z.enum(fieldTypes),
  required: z.boolean(),
  unique: z.boolean(),
  active: z.boolean(),
  builtIn: z.boolean(),
  customField: z.boolean(),
  partOfName: z.boolean(),
  searchable: z.boolean(),
  favorite: z.boolean(),
  settings: fieldSettingsSchema,
}) satisfies z.ZodType<FieldDefinition>;

export { messages };

export const TEXT_MAX = 255;
export const URL_MAX = 1000;
export const NUMBER_MAX = 9_999_999_999;
/** LongText's maximum unless the field sets its own (settings.maxLength). */
export const LONG_TEXT_MAX = 100_000;

/** Reads a MultiSelect value: a string array, the API's "[a, b]" wire format, or plain "a, b". */
export function parseMultiSelect(value: unknown): string[] {
  let items: unknown[] = [];
  if (Array.isArray(value)) {
    items = value.filter((item) => typeof item === "string" || typeof item === "number");
  } else if (typeof value === "string") {
    items = (/^\s*\[(.*)\]\s*$/s.exec(value)?.[1] ?? value).split(",");
  }
  return [...new Set(items.map((item) => String(item).trim()).filter((item) => item !== ""))];
}

export function formatMultiSelect(values: string[]): string {
  return `[${values.join(", ")}]`;
}

/** 0.25 → "25"; the API stores percentages as fractions. */
export function displayPercent(fraction: number | null): string {
  if (fraction === null || !Number.isFinite(fraction)) return "";
  // 0.07 * 100 is 7.000000000000001 in floating point.
  return String(Number((fraction * 100).toFixed(10)));
}

/** "25" → 0.25, "" → null, and Number.NaN for input that is not a number. */
export function percentToFraction(input: string): number | null {
  const percent = toNumber(input);
  return percent === null || Number.isNaN(percent) ? percent : Number((percent / 100).toFixed(12));
}

export interface ValidationResult {
  values: Record<string, unknown>;
  errors: FieldError[];
}

/**
 * Checks and normalises the values of a record against its active fields. `values` is ready for the database
 * (trimmed strings, null for empty); a field with an error gets no entry in it.
 */
export function validateValues(
  fields: FieldDefinition[],
  input: Record<string, unknown>,
  options: { partial: boolean; today?: string },
): ValidationResult {
  return valuesValidator(fields, options)(input);
}

/**
 * `validateValues` with each field's schema made once, for many inputs: an import checks a million rows, and making
 * the schemas is most of the cost of checking one.
 */
export function valuesValidator(
  fields: FieldDefinition[],
  options: { partial: boolean; today?: string },
): (input: Record<string, unknown>) => ValidationResult {
  const checks = fields.filter(isWritable).map((field) => ({
    field,
    schema: fieldValueSchema(field, options),
    // A hidden field is on no form: a replacing save that leaves it out keeps what it holds.
    keep: options.partial || field.settings.hidden === true,
  }));
  return (input) => {
    const values = fieldValues();
    const errors: FieldError[] = [];
    for (const { field, schema, keep } of checks) {
      if (keep && !Object.hasOwn(input, field.key)) continue;
      const result = schema.safeParse(ownValue(input, field.key));
      if (result.success) {
        values[field.key] = result.data;
      } else {
        errors.push({
          field: fieldErrorName(field),
          defaultMessage: result.error.issues[0].message,
          objectName: "record",
        });
      }
    }
    return { values, errors };
  };
}

/**
 * An object for values by field key, with no prototype: code that reads a key it never set (a field named
 * "constructor", say) finds nothing, not one of Object.prototype's members.
 */
export function fieldValues(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}

/** The object's own value for the key, for objects that came from outside (JSON, a form) and have a prototype. */
export function ownValue(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

export { isOnForms, isShown, isStored, isWritable } from "./field-use.ts";

/** Where an error for the field is reported: custom fields under `customFields.`, as forms name them. */
export function fieldErrorName(field: Pick<FieldDefinition, "key" | "customField">): string {
  return field.customField ? `customFields.${field.key}` : field.key;
}

/** The rules every value of the field follows, as a step of a zod schema: the stored value, or the spec's message. */
function checked(field: FieldDefinition, today: string) {
  return (raw: unknown, context: z.RefinementCtx): unknown => {
    // PostgreSQL refuses such text: an import's cell or a form's field says so as the API does.
    const texts =
      typeof raw === "string" ? [raw] : Array.isArray(raw) ? raw.filter((item) => typeof item === "string") : [];
    const refused = texts.map(refusedTextMessage).find((message) => message !== undefined);
    const outcome = refused ? { error: refused } : normalise(field, raw, today);
    const error = outcome.error ?? (outcome.value === null && field.required ? messages.required : undefined);
    if (error !== undefined) {
      context.addIssue({ code: "custom", message: error });
      return z.NEVER;
    }
    return outcome.value;
  };
}

const todayInUtc = () => new Date().toISOString().slice(0, 10);

/** One field's value as the API takes it (JSON): the value to store, or the spec's message. */
export function fieldValueSchema(field: FieldDefinition, options: { today?: string } = {}) {
  return z.unknown().transform(checked(field, options.today ?? todayInUtc()));
}

export interface FormSchemaOptions {
  today?: string;
  /** The form's language: Norwegian types Number and Percent values with a decimal comma (decimal-input.ts). */
  language?: InputLanguage;
  /** A datetime-local input's value ("2026-11-23T14:05", in the user's time zone) as an ISO instant, or null. */
  localDateTime?: (value: string) => string | null;
}

/** What the HTML input of a text-like field allows, for the browser's constraint attributes and validation. */
/** Browsers post a textarea's line breaks as CR LF; a text is stored, and counted, with LF alone. */
function unixLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

function formText(field: FieldDefinition, max: number | undefined) {
  const text = z.string({ error: messages.required }).overwrite(unixLineBreaks);
  const limited = max === undefined ? text : text.max(max, maxLengthMessage(max));
  return field.required ? limited : limited.optional();
}

/**
 * One field's value as a form posts it (text, "on" for a checked box, one entry per chosen option), with the same
 * rules and messages as the API: the value it outputs is what the API stores. Percentages are typed as percentages,
 * and a DateTime in the user's time zone.
 */
export function fieldFormSchema(field: FieldDefinition, options: FormSchemaOptions = {}) {
  const rules = checked(field, options.today ?? todayInUtc());
  switch (field.type) {
    case "Text":
    case "Phone":
      return formText(field, field.settings.maxLength ?? TEXT_MAX).transform(rules);
    case "LongText":
      return formText(field, field.settings.maxLength ?? LONG_TEXT_MAX).transform(rules);
    case "Email":
      return formText(field, TEXT_MAX).transform(rules);
    case "Url":
      return formText(field, URL_MAX).transform(rules);
    case "Number":
      return formText(field, undefined).transform((text, context) =>
        rules(text === undefined ? text : decimalText(text, options.language), context),
      );
    case "Percent":
      return formText(field, undefined).transform((text, context) => {
        const fraction = percentToFraction(decimalText(text ?? "", options.language));
        return rules(fraction !== null && Number.isNaN(fraction) ? text : fraction, context);
      });
    case "DateTime":
      return formText(field, undefined).transform((text, context) =>
        rules(text ? (options.localDateTime?.(text) ?? text) : null, context),
      );
    case "Bool":
      // A checkbox posts "on" when checked and nothing when not: unchecked is false, not empty.
      return z
        .string()
        .optional()
        .transform((text, context) => rules(text === "on" || text === "true", context));
    case "MultiSelect": {
      const chosen = z.array(z.string(), { error: messages.required });
      return (field.required ? chosen.min(1, messages.required) : chosen.optional()).transform(rules);
    }
    default:
      return formText(field, undefined).transform(rules);
  }
}

/**
 * The form of a record: its status, its built-in fields by key, and its custom fields under `customFields`, so that
 * the API's field errors (`customFields.<key>`) land on the right inputs. Its output is the API's body, and `extra`,
 * fields of the form that are not the record's (the role of a link made with it), as they are.
 */
export function recordFormSchema<Extra extends z.ZodRawShape = Record<never, never>>(
  fields: FieldDefinition[],
  options: FormSchemaOptions = {},
  extra?: Extra,
  /** A rule across the extra fields (a company chosen asks for a contact too), checked with the rest. */
  refineExtra?: (value: z.output<z.ZodObject<Extra>>, context: z.RefinementCtx) => void,
) {
  const active = fields.filter(isOnForms);
  const shape = (custom: boolean) =>
    Object.fromEntries(
      active
        .filter((field) => field.customField === custom)
        .map((field) => [field.key, fieldFormSchema(field, options)]),
    );
  const extraKeys = Object.keys(extra ?? {});
  return z
    .object({
      ...(extra ?? ({} as Extra)),
      statusId: z.string().max(64).optional(),
      ...shape(false),
      customFields: z.object(shape(true)).optional(),
    })
    .superRefine((form, context) => refineExtra?.(form as z.output<z.ZodObject<Extra>>, context))
    .transform((form) => {
      const { statusId, customFields, ...rest } = form as Record<string, unknown> & {
        statusId?: string;
        customFields?: Record<string, unknown>;
      };
      const values: Record<string, unknown> = { ...customFields };
      const extras: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(rest)) {
        if (extraKeys.includes(key)) extras[key] = value;
        else values[key] = value;
      }
      return { statusId, values, extra: extras as z.output<z.ZodObject<Extra>> };
    });
}

interface Outcome {
  value?: unknown;
  error?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:\d{2})?)?$/i;

/** A field's value ready for the database, null when empty; required-ness is checked by the caller. */
function normalise(field: FieldDefinition, raw: unknown, today: string): Outcome {
  const fail = (error: string): Outcome => ({ error });
  switch (field.type) {
    case "Text":
    case "Phone":
    case "LongText": {
      const text = toText(raw);
      if (text === undefined) return fail(messages.required);
      const max = field.settings.maxLength ?? (field.type === "LongText" ? LONG_TEXT_MAX : TEXT_MAX);
      if (text !== null && text.length > max) return fail(maxLengthMessage(max));
      const min = field.settings.minLength;
      return text !== null && min !== undefined && text.length < min ? fail(minLengthText(min)) : { value: text };
    }
    case "Email": {
      const text = toText(raw);
      if (text === null) return { value: null };
      if (text === undefined || !EMAIL.test(text)) return fail(messages.invalidEmail);
      return text.length > TEXT_MAX ? fail(messages.max255) : { value: text };
    }
    case "Url": {
      const text = toText(raw);
      if (text === null) return { value: null };
      if (text === undefined) return fail(messages.invalidUrl);
      const url = /^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`;
      if (url.length > URL_MAX) return fail(messages.max1000);
      return isWebUrl(url) ? { value: url } : fail(messages.invalidUrl);
    }
    case "Number": {
      const number = toNumber(raw);
      // The specification answers a non-numeric Number with "Required", not "Must be a number".
      if (number !== null && Number.isNaN(number)) return fail(messages.required);
      if (number !== null && Math.abs(number) > NUMBER_MAX) return fail(messages.maxNumber);
      return withinValues(field, number) ?? { value: number };
    }
    case "Percent": {
      const fraction = toNumber(raw);
      if (fraction !== null && Number.isNaN(fraction)) return fail(messages.notANumber);
      return withinValues(field, fraction) ?? { value: fraction };
    }
    case "Date": {
      // The specification turns invalid dates into empty ones rather than reporting them.
      const date = typeof raw === "string" ? (parseIso(raw)?.date ?? null) : null;
      if (date !== null && field.settings.pastOnly && date >= today) return fail(messages.pastDate);
      return withinDates(field, date) ?? { value: date };
    }
    case "DateTime": {
      const moment = raw instanceof Date ? raw : typeof raw === "string" ? parseIso(raw)?.moment : undefined;
      const instant = moment && !Number.isNaN(moment.getTime()) ? moment.toISOString() : null;
      return withinDates(field, instant?.slice(0, 10) ?? null) ?? { value: instant };
    }
    case "Query":
      return { value: null };
    case "List": {
      const text = toText(raw);
      if (text === null) return { value: null };
      return text === undefined || !isOption(field, text) ? fail(messages.notAnOption) : { value: text };
    }
    case "MultiSelect": {
      const items = parseMultiSelect(raw);
      if (items.length === 0) return { value: null };
      return items.every((item) => isOption(field, item)) ? { value: items } : fail(messages.notAnOption);
    }
    case "Bool":
      return { value: toBool(raw) };
  }
}

/** The product's own texts (the specification has none) for values outside a custom field's limits. */
export const minLengthText = (min: number) => messageCode(validationCodes.minLength, { min });
export const fromDateText = (from: string) => messageCode(validationCodes.fromDate, { date: from });
export const toDateText = (to: string) => messageCode(validationCodes.toDate, { date: to });

function withinValues(field: FieldDefinition, value: number | null): Outcome | undefined {
  if (value === null) return undefined;
  const { minValue, maxValue } = field.settings;
  const shown = (limit: number) => (field.type === "Percent" ? `${displayPercent(limit)} %` : String(limit));
  if (minValue !== undefined && value < minValue) return { error: minValueMessage(shown(minValue)) };
  if (maxValue !== undefined && value > maxValue) return { error: maxValueMessage(shown(maxValue)) };
  return undefined;
}

function withinDates(field: FieldDefinition, date: string | null): Outcome | undefined {
  if (date === null) return undefined;
  const { from, to } = field.settings;
  if (from !== undefined && date < from) return { error: fromDateText(from) };
  if (to !== undefined && date > to) return { error: toDateText(to) };
  return undefined;
}

/** Trimmed text, null when empty, undefined when the value is not text at all. */
function toText(raw: unknown): string | null | undefined {
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== "string" && typeof raw !== "number") return undefined;
  return unixLineBreaks(String(raw)).trim() || null;
}

/** A number, null when empty, Number.NaN when not numeric. Spaces are thousands separators ("1 000"). */
function toNumber(raw: unknown): number | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : Number.NaN;
  if (typeof raw !== "string") return Number.NaN;
  const compact = raw.replace(/\s/g, "");
  if (compact === "") return null;
  return NUMERIC.test(compact) ? Number(compact) : Number.NaN;
}

function toBool(raw: unknown): boolean | null {
  if (typeof raw === "boolean") return raw;
  const text = typeof raw === "string" || typeof raw === "number" ? String(raw).trim().toLowerCase() : "";
  if (text === "true" || text === "on" || text === "1") return true;
  return text === "false" || text === "0" ? false : null;
}

/** Reads "YYYY-MM-DD" or an ISO date-time; null unless it names a real calendar date and time. */
function parseIso(text: string): { date: string; moment: Date } | null {
  const match = ISO.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, time = "00:00", zone = "Z"] = match;
  const date = `${year}-${month}-${day}`;
  // Without a zone JavaScript reads the time in the server's zone; UTC gives the same result everywhere.
  const moment = new Date(`${date}T${time}${zone.toUpperCase()}`);
  // Date silently rolls 2026-02-30 over into March, so the calendar date must survive the round trip.
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const real = !Number.isNaN(moment.getTime()) && !Number.isNaN(calendar.getTime());
  return real && calendar.toISOString().slice(0, 10) === date ? { date, moment } : null;
}

function isWebUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(text);
    const host = url.hostname === "localhost" || /^[^.]+(\.[^.]+)+$/.test(url.hostname);
    // Credentials in a link are almost always a mistyped scheme such as "mailto:me@example.com".
    return (url.protocol === "http:" || url.protocol === "https:") && host && !url.username && !url.password;
  } catch {
    return false;
  }
}

function isOption(field: FieldDefinition, value: string): boolean {
  return field.settings.options?.some((option) => option.value === value) ?? true;
}
