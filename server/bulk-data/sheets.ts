import { PassThrough, type Readable } from "node:stream";
import { parse } from "csv-parse";
import { type Stringifier, stringify } from "csv-stringify";
import ExcelJS from "exceljs";
import { type BulkFormat, neutralizeCell, unneutralizeCell } from "../contract/bulk-data.ts";
import type { FileStorage } from "../files/storage.ts";
import type { CellValue } from "./cells.ts";

/** One row of a file: its number in the file (the header is row 1) and its cells, left to right. */
export interface FileRow {
  rowNumber: number;
  cells: CellValue[];
}

/** A file that cannot be read as what its format says (a broken zip, an unclosed quote). */
export class UnreadableFileError extends Error {
  name = "UnreadableFileError";
}

const BOM = "\ufeff";
/** Enough of a CSV file to find its header line's delimiter. */
const SNIFF_BYTES = 64 * 1024;
const DELIMITERS = [",", ";", "\t"] as const;

/** The delimiter the header line uses most, outside quotes: comma, semicolon or tab (comma when none). */
export function detectDelimiter(sample: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of sample.startsWith(BOM) ? sample.slice(1) : sample) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ",";
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

async function sniffDelimiter(storage: FileStorage, key: string): Promise<string> {
  const size = (await storage.size(key)) ?? 0;
  if (size === 0) return ",";
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(key, { start: 0, end: Math.min(size, SNIFF_BYTES) - 1 })) chunks.push(chunk);
  return detectDelimiter(Buffer.concat(chunks).toString("utf8"));
}

/** An exceljs cell value as a plain one: rich text and hyperlinks as their text, formulas as their result. */
function plainCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  // Undoes what an export (or an error file) did to text that would start a formula.
  if (typeof value === "string") return unneutralizeCell(value);
  if (typeof value === "number" || typeof value === "boolean") return value;
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

function isBlank(cells: CellValue[]): boolean {
  return cells.every((cell) => cell === null || (typeof cell === "string" && cell.trim() === ""));
}

async function* csvRows(storage: FileStorage, key: string): AsyncGenerator<FileRow> {
  const delimiter = await sniffDelimiter(storage, key);
  const source = storage.read(key);
  const parser = source.pipe(
    parse({ bom: true, delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }),
  );
  let rowNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber += 1;
      // Undoes what an export (or an error file) did to cells that would start a formula.
      yield { rowNumber, cells: record.map(unneutralizeCell) };
    }
  } catch (error) {
    throw new UnreadableFileError((error as Error).message);
  } finally {
    source.destroy();
    parser.destroy();
  }
}

async function* xlsxRows(storage: FileStorage, key: string): AsyncGenerator<FileRow> {
  const source = storage.read(key);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: "emit",
    sharedStrings: "cache",
    // Styles tell date cells from numbers.
    styles: "cache",
    hyperlinks: "ignore",
    entries: "ignore",
  });
  // exceljs reads a sheet that comes in the zip before xl/workbook.xml with no workbook model yet, and fails on it.
  (reader as unknown as { model: object }).model = { sheets: [] };
  try {
    // The first sheet is the data; a template's explanation sheet and any other are left alone.
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as unknown[];
        const cells: CellValue[] = [];
        for (let column = 1; column < values.length; column++) cells.push(plainCell(values[column]));
        yield { rowNumber: row.number, cells };
      }
      break;
    }
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError((error as Error).message);
  } finally {
    source.destroy();
  }
}

/**
 * The file's rows that hold anything, streamed from storage (never whole in memory): the header first. A consumer
 * that stops early closes the file.
 */
export async function* readRows(storage: FileStorage, key: string, format: BulkFormat): AsyncGenerator<FileRow> {
  const rows = format === "csv" ? csvRows(storage, key) : xlsxRows(storage, key);
  for await (const row of rows) if (!isBlank(row.cells)) yield row;
}

/** A cell as the text a preview shows and a CSV error file holds. */
export function cellDisplay(cell: CellValue): string {
  if (cell === null) return "";
  if (cell instanceof Date) {
    const iso = cell.toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
  }
  return String(cell);
}

/**
 * A cell as it is kept with a failed row (jsonb): numbers and booleans as they are, so that an xlsx error file holds
 * the same typed cells (a percent cell stays a fraction); dates as ISO text, which an import reads back.
 */
export function storedCell(cell: CellValue): string | number | boolean | null {
  return cell instanceof Date ? cellDisplay(cell) : cell;
}

export const CONTENT_TYPES: Record<BulkFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
};

/**
 * A CSV writer for the files the product makes: a byte order mark, so that Excel reads UTF-8, and every value that
 * holds a line break quoted. csv-stringify quotes only the record delimiter itself, so a lone LF or CR went out bare,
 * and a spreadsheet began a new row there, with whatever the value held next.
 */
export function csvWriter(recordDelimiter: "windows" | "unix"): Stringifier {
  return stringify({ bom: true, delimiter: ",", record_delimiter: recordDelimiter, quoted_match: /[\r\n]/ });
}

/**
 * Writes rows to a stream in the format, as they come (exceljs's streaming writer, or CSV with a BOM so that Excel
 * reads it as UTF-8). The stream ends once `rows` is spent; an error destroys it.
 */
/**
 * Cells are neutralised as an export's are (formula injection): a failed row may hold the file's formula text, and the
 * import reads them back without the apostrophe.
 */
function neutralized<T>(cell: T): T | string {
  return typeof cell === "string" ? neutralizeCell(cell) : cell;
}

export function writeRows(
  format: BulkFormat,
  header: string[],
  rows: AsyncIterable<(string | number | boolean | null)[]>,
): Readable {
  const output = new PassThrough();
  const write = async () => {
    if (format === "csv") {
      const csv = csvWriter("unix");
      csv.pipe(output);
      const put = async (row: unknown[]) => {
        if (!csv.write(row)) await new Promise((resolve) => csv.once("drain", resolve));
      };
      await put(header.map(neutralizeCell));
      for await (const row of rows) await put(row.map((cell) => (cell === null ? "" : neutralized(cell))));
      csv.end();
      return;
    }
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
    const sheet = workbook.addWorksheet("Sheet1");
    sheet.addRow(header.map(neutralizeCell)).commit();
    for await (const row of rows) sheet.addRow(row.map(neutralized)).commit();
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
