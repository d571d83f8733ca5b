import type { BulkFormat, BulkLanguage } from "../contract/bulk-data.ts";
import { type FieldDefinition, isStored, isWritable, parseMultiSelect } from "../contract/fields.ts";
import type { EntityMetadata } from "../records/metadata.repository.ts";

/**
 * A record's values as a spreadsheet's cells and back: one format for templates, exports and imports, so that an
 * export imports again unchanged (a round trip).
 *
 * - Text, long text, e-mail, phone, URL: the text.
 * - Number: a number (in CSV with a decimal point; an import also takes a decimal comma).
 * - Percent: in .xlsx a number cell of the fraction with a percent format (0.25 shows 25 %); in CSV "25%".
 * - Date: in .xlsx a date cell; in CSV YYYY-MM-DD. DateTime: a date cell; in CSV ISO 8601 in UTC.
 * - Bool: in .xlsx a boolean cell; in CSV true or false.
 * - List (its own options, or statuses, users and groups): the option's label in the file's language; an import
 *   also takes the other language's label or the stored value. MultiSelect: labels separated by ", " (a label that
 *   holds a comma is still read whole).
 * - Text with a line that would start a formula has a leading apostrophe on that line (`neutralizeCell`), in CSV and
 *   .xlsx alike, which reading a file takes off again (sheets.ts).
 */
export type CellValue = string | number | boolean | Date | null;

export type Language = BulkLanguage;

/** The column that holds a record's id in exports, which an update may match records by. */
export const ID_HEADER = "ID";

/** Fields a file may fill: writable ones (the product's own, such as a document's file, and Query fields are not). */
export function importableFields(entity: EntityMetadata): FieldDefinition[] {
  return entity.fields.filter((field) => isWritable(field));
}

/** Fields an export may hold: every active stored field. */
export function exportableFields(entity: EntityMetadata): FieldDefinition[] {
  return entity.fields.filter((field) => field.active && isStored(field));
}

export function headerOf(field: Pick<FieldDefinition, "labelEn" | "labelNb">, language: Language): string {
  return language === "nb" ? field.labelNb : field.labelEn;
}

function optionLabel(field: FieldDefinition, value: string, language: Language): string {
  const option = field.settings.options?.find((candidate) => candidate.value === value);
  return option ? (language === "nb" ? option.labelNb : option.labelEn) : value;
}

/**
 * A stored value as a cell. `field` must carry its options (records.service `withOptions`) for List fields whose
 * options are workspace rows.
 */
export function toCell(field: FieldDefinition, value: unknown, language: Language, format: BulkFormat): CellValue {
  if (value === null || value === undefined || value === "") return null;
  switch (field.type) {
    case "Number": {
      const number = Number(value);
      return Number.isFinite(number) ? number : String(value);
    }
    case "Percent": {
      const fraction = Number(value);
      if (!Number.isFinite(fraction)) return String(value);
      return format === "xlsx" ? fraction : `${Number((fraction * 100).toFixed(10))}%`;
    }
    case "Date": {
      const text = String(value).slice(0, 10);
      return format === "xlsx" ? new Date(`${text}T00:00:00Z`) : text;
    }
    case "DateTime": {
      const date = value instanceof Date ? value : new Date(String(value));
      if (Number.isNaN(date.getTime())) return String(value);
      return format === "xlsx" ? date : date.toISOString();
    }
    case "Bool":
      return format === "xlsx" ? value === true || value === "true" : String(value === true || value === "true");
    case "List":
      return optionLabel(field, String(value), language);
    case "MultiSelect":
      return parseMultiSelect(value)
        .map((item) => optionLabel(field, item, language))
        .join(", ");
    default:
      return String(value);
  }
}

/** The product's own texts for cells an import cannot read (the specification has none; the record API never sees them). */
export const cellTexts = {
  invalidDate: "Must be a date",
  invalidBool: "Must be yes or no",
} as const;

export type CellReading = { value: unknown } | { error: string };

const TRUE_WORDS = new Set(["true", "yes", "ja", "1", "y", "j", "sant"]);
const FALSE_WORDS = new Set(["false", "no", "nei", "0", "n", "usant"]);
/** Excel counts days from 1899-12-30 (its 1900 leap-year bug folded in). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

function isEmptyCell(cell: CellValue): boolean {
  return cell === null || (typeof cell === "string" && cell.trim() === "");
}

/** A number typed by a person: spaces (and no-break spaces) as thousands separators, a decimal comma allowed. */
function numberText(text: string): string {
  const compact = text.replace(/[\s\u00a0\u202f]/g, "");
  return /^[+-]?\d*,\d+$/.test(compact) ? compact.replace(",", ".") : compact;
}

function excelSerialToDate(serial: number): Date {
  return new Date(EXCEL_EPOCH_MS + Math.round(serial * DAY_MS));
}

/** YYYY-MM-DD of a real calendar date, or undefined. */
function calendarDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/** A date cell's calendar date: xlsx dates are read as UTC midnight. */
function dateOfCell(cell: CellValue): string | undefined {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : cell.toISOString().slice(0, 10);
  if (typeof cell === "number") return excelSerialToDate(cell).toISOString().slice(0, 10);
  const text = String(cell).trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const norwegian = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (norwegian) return calendarDate(Number(norwegian[3]), Number(norwegian[2]), Number(norwegian[1]));
  return undefined;
}

function dateTimeOfCell(cell: CellValue): string | undefined {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : cell.toISOString();
  if (typeof cell === "number") return excelSerialToDate(cell).toISOString();
  const text = String(cell).trim();
  const norwegian = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/.exec(text);
  if (norwegian) {
    const date = calendarDate(Number(norwegian[3]), Number(norwegian[2]), Number(norwegian[1]));
    if (!date) return undefined;
    const time = `${(norwegian[4] ?? "0").padStart(2, "0")}:${norwegian[5] ?? "00"}`;
    return new Date(`${date}T${time}:00Z`).toISOString();
  }
  const moment = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? text : `${text.replace(" ", "T")}Z`);
  return /^\d{4}-\d{2}-\d{2}/.test(text) && !Number.isNaN(moment.getTime()) ? moment.toISOString() : undefined;
}

/** The option a text names by its label in either language or its value, without regard to case. */
function findOption(field: FieldDefinition, text: string) {
  const wanted = text.trim().toLowerCase();
  return field.settings.options?.find(
    (candidate) =>
      candidate.value.toLowerCase() === wanted ||
      candidate.labelEn.toLowerCase() === wanted ||
      candidate.labelNb.toLowerCase() === wanted,
  );
}

/** An option's stored value from its label in either language or the value itself, without regard to case. */
function optionValue(field: FieldDefinition, text: string): string {
  return findOption(field, text)?.value ?? text.trim();
}

/**
 * A MultiSelect cell's options, separated by commas or semicolons. A label may itself hold a comma ("Fair, trade"):
 * at each item the longest run of items that names an option is taken as one, so an export's cell reads back whole.
 */
function multiSelectValues(field: FieldDefinition, text: string): string[] {
  // Items at even indexes, the separators between them at odd ones.
  const parts = text.split(/([,;])/);
  const count = (parts.length + 1) / 2;
  const values: string[] = [];
  for (let start = 0; start < count; ) {
    let end = count;
    while (end > start + 1 && !findOption(field, parts.slice(2 * start, 2 * end - 1).join(""))) end -= 1;
    const item = parts
      .slice(2 * start, 2 * end - 1)
      .join("")
      .trim();
    if (item !== "") values.push(optionValue(field, item));
    start = end;
  }
  return values;
}

function cellText(cell: CellValue): string {
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}

/**
 * A cell of an imported file as the record API's input value (the formats at the top of this file), or the reason it
 * cannot be one. Values that are read but break a field's rules (an unknown option, text that is no number) are
 * passed on as they are: `validateValues` refuses them with the record API's own texts. `field` must carry its
 * options (records.service `withOptions`).
 */
export function fromCell(field: FieldDefinition, cell: CellValue, _language: Language): CellReading {
  if (isEmptyCell(cell)) return { value: null };
  switch (field.type) {
    case "Number":
      return { value: typeof cell === "string" ? numberText(cell) : typeof cell === "number" ? cell : cellText(cell) };
    case "Percent": {
      // An xlsx number cell holds the fraction; text is typed as percent ("25%", "25 %", "25").
      if (typeof cell === "number") return { value: cell };
      const text = numberText(cellText(cell)).replace(/%$/, "");
      const percent = Number(text);
      return { value: text !== "" && Number.isFinite(percent) ? Number((percent / 100).toFixed(12)) : cellText(cell) };
    }
    case "Date": {
      const date = dateOfCell(cell);
      return date ? { value: date } : { error: cellTexts.invalidDate };
    }
    case "DateTime": {
      const moment = dateTimeOfCell(cell);
      return moment ? { value: moment } : { error: cellTexts.invalidDate };
    }
    case "Bool": {
      if (typeof cell === "boolean") return { value: cell };
      const word = cellText(cell).trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return { value: true };
      return FALSE_WORDS.has(word) ? { value: false } : { error: cellTexts.invalidBool };
    }
    case "List":
      return { value: optionValue(field, cellText(cell)) };
    case "MultiSelect":
      return { value: multiSelectValues(field, cellText(cell)) };
    default:
      return { value: cellText(cell) };
  }
}
