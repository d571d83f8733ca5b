import type { FieldDefinition } from "../../server/contract/fields.ts";
import { type DateSettings, formatDate, formatDateTime } from "../utils/dates.ts";
import type { Language } from "../utils/i18n.ts";
import { formatBytes, formatNumber } from "../utils/numbers.ts";

/** 0.25 → "25": percentages are stored as fractions and shown multiplied by 100 (spec §3). */
export function displayPercent(fraction: number | null): string {
  if (fraction === null || !Number.isFinite(fraction)) return "";
  // 0.07 * 100 is 7.000000000000001 in floating point.
  return String(Number((fraction * 100).toFixed(10)));
}

export interface ValueSettings extends DateSettings {
  yes: string;
  no: string;
}

function optionLabel(field: FieldDefinition, value: unknown, language: Language): string {
  const option = field.settings.options?.find((o) => o.value === value);
  return option ? (language === "nb" ? option.labelNb : option.labelEn) : String(value);
}

/** A value as text, as the screens show it: dates in the product's formats, percentages ×100, options by label. */
export function valueText(field: FieldDefinition, value: unknown, settings: ValueSettings): string {
  if (value === null || value === undefined || value === "") return "";
  switch (field.type) {
    case "Date":
      return formatDate(String(value), settings);
    case "DateTime":
      return formatDateTime(String(value), settings);
    case "Percent":
      return `${formatNumber(Number(displayPercent(Number(value))), settings.language)} %`;
    case "Bool":
      return value ? settings.yes : settings.no;
    case "List":
      return optionLabel(field, value, settings.language);
    case "MultiSelect":
      return (Array.isArray(value) ? value : [value])
        .map((item) => optionLabel(field, item, settings.language))
        .join(", ");
    case "Number":
      if (field.settings.identifier) return String(value);
      return field.settings.bytes
        ? formatBytes(Number(value), settings.language)
        : formatNumber(Number(value), settings.language);
    default:
      return String(value);
  }
}

/** Where a value links to: mail for an email address, a call for a phone number, the site for a URL. */
export function valueHref(field: FieldDefinition, value: unknown): string | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  if (field.type === "Email") return `mailto:${value}`;
  if (field.type === "Phone") return `tel:${value.replace(/[^\d+]/g, "")}`;
  if (field.type === "Url" && /^https?:\/\//i.test(value)) return value;
  return undefined;
}

/** How much of a long text a list's row shows; the record's page has it all. */
const EXCERPT = 140;

/** The start of a text on one line, cut at `length` characters with an ellipsis. */
export function excerpt(text: string, length = EXCERPT): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}
