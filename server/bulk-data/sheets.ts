import { PassThrough, type Readable } from "node:stream";
import { parse } from "csv-parse";
import { stringify } from "csv-stringify";
import ExcelJS from "exceljs";
import { type BulkFormat, neutralizeCsvCell, unneutralizeCsvCell } from "../contract/bulk-data.ts";
import type { FileStorage } from "../files/storage.ts";
import type { CellValue } from "./cells.ts";
import { UnreadableFileError } from "./unreadable-file.ts";
import { xlsxRows } from "./xlsx-reader.ts";

/** One row of a file: its number in the file (the header is row 1) and its cells, left to right. */
export interface FileRow {
  rowNumber: number;
  cells: CellValue[];
}

export { UnreadableFileError };

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
      yield { rowNumber, cells: record.map(unneutralizeCsvCell) };
    }
  } catch (error) {
    throw new UnreadableFileError((error as Error).message);
  } finally {
    source.destroy();
    parser.destroy();
  }
}

/**
 * The file's rows that hold anything, streamed from storage (never whole in memory): the header first. A consumer
 * that stops early closes the file.
 */
export async function* readRows(storage: FileStorage, key: string, format: BulkFormat): AsyncGenerator<FileRow> {
  const rows = format === "csv" ? csvRows(storage, key) : xlsxRows(() => storage.read(key));
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
 * Writes rows to a stream in the format, as they come (exceljs's streaming writer, or CSV with a BOM so that Excel
 * reads it as UTF-8). The stream ends once `rows` is spent; an error destroys it.
 */
export function writeRows(
  format: BulkFormat,
  header: string[],
  rows: AsyncIterable<(string | number | boolean | null)[]>,
): Readable {
  const output = new PassThrough();
  const write = async () => {
    if (format === "csv") {
      const csv = stringify({ bom: true });
      csv.pipe(output);
      const put = async (row: unknown[]) => {
        if (!csv.write(row)) await new Promise((resolve) => csv.once("drain", resolve));
      };
      // Cells are neutralised as an export's are (CSV injection): a failed row may hold the file's formula text, and
      // the import reads them back without the apostrophe.
      const cellOf = (cell: string | number | boolean | null) =>
        cell === null ? "" : typeof cell === "string" ? neutralizeCsvCell(cell) : cell;
      await put(header.map(neutralizeCsvCell));
      for await (const row of rows) await put(row.map(cellOf));
      csv.end();
      return;
    }
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
    const sheet = workbook.addWorksheet("Sheet1");
    sheet.addRow(header).commit();
    for await (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
