import { z } from "zod";
import type { FieldError } from "./errors.ts";

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
] as const;
export type FieldType = (typeof fieldTypes)[number];

export const fieldSettingsSchema = z.object({
  maxLength: z.number().int().positive().optional(),
  options: z.array(z.object({ value: z.string(), labelEn: z.string(), labelNb: z.string() })).optional(),
  /** Dates that must lie in the past, such as a birth date. */
  pastOnly: z.boolean().optional(),
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

/** Texts quoted from the product specification; they must match character for character. */
export const messages = {
  required: "Required",
  max255: "Max 255 limit",
  max1000: "Max 1000 limit",
  invalidUrl: "Must be a valid URL",
  invalidEmail: "Must be an email",
  maxNumber: "Max limit 9,999,999,999",
  notANumber: "Must be a number",
  pastDate: "Must be a past date",
  notAnOption: "Must be one of the options",
} as const;

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
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const field of fields) {
    if (!field.active || (options.partial && !Object.hasOwn(input, field.key))) continue;
    const outcome = normalise(field, input[field.key], today);
    const error = outcome.error ?? (outcome.value === null && field.required ? messages.required : undefined);
    if (error === undefined) {
      values[field.key] = outcome.value;
    } else {
      const name = field.customField ? `customFields.${field.key}` : field.key;
      errors.push({ field: name, defaultMessage: error, objectName: "record" });
    }
  }
  return { values, errors };
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
    case "Phone": {
      const text = toText(raw);
      if (text === undefined) return fail(messages.required);
      const max = field.settings.maxLength ?? TEXT_MAX;
      return text !== null && text.length > max ? fail(`Max ${max} limit`) : { value: text };
    }
    case "LongText": {
      const text = toText(raw);
      if (text === undefined) return fail(messages.required);
      const max = field.settings.maxLength ?? LONG_TEXT_MAX;
      return text !== null && text.length > max ? fail(`Max ${max} limit`) : { value: text };
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
      return number !== null && Math.abs(number) > NUMBER_MAX ? fail(messages.maxNumber) : { value: number };
    }
    case "Percent": {
      const fraction = toNumber(raw);
      return fraction !== null && Number.isNaN(fraction) ? fail(messages.notANumber) : { value: fraction };
    }
    case "Date": {
      // The specification turns invalid dates into empty ones rather than reporting them.
      const date = typeof raw === "string" ? (parseIso(raw)?.date ?? null) : null;
      return date !== null && field.settings.pastOnly && date >= today ? fail(messages.pastDate) : { value: date };
    }
    case "DateTime": {
      const moment = raw instanceof Date ? raw : typeof raw === "string" ? parseIso(raw)?.moment : undefined;
      return { value: moment && !Number.isNaN(moment.getTime()) ? moment.toISOString() : null };
    }
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

/** Trimmed text, null when empty, undefined when the value is not text at all. */
function toText(raw: unknown): string | null | undefined {
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== "string" && typeof raw !== "number") return undefined;
  return String(raw).trim() || null;
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
