import type { BulkFormat } from "../contract/bulk-data.ts";
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
 *   also takes the other language's label or the stored value. MultiSelect: labels separated by ", ".
 */
export type CellValue = string | number | boolean | Date | null;

export type Language = "en" | "nb";

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
