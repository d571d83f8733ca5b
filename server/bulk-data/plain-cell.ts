import type { CellValue } from "./cells.ts";

/** An exceljs cell value as a plain one: rich text and hyperlinks as their text, formulas as their result. */
export function plainCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return value;
  if (typeof value === "object") {
    const object = value as Record<string, unknown>;
    if (Array.isArray(object.richText))
      return object.richText.map((part: { text?: string }) => part.text ?? "").join("");
    if ("result" in object) return plainCell(object.result);
    if ("text" in object) return plainCell(object.text);
    if ("error" in object) return String(object.error);
  }
  return String(value);
}
