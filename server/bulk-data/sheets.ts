import { PassThrough, type Readable, Transform, type TransformCallback } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { type Stringifier, stringify } from "csv-stringify";
import ExcelJS from "exceljs";
import {
  type BulkFormat,
  bulkDataTexts,
  importLimits,
  neutralizeCell,
  unneutralizeCell,
} from "../contract/bulk-data.ts";
import type { FileStorage } from "../files/storage.ts";
import type { CellValue } from "./cells.ts";
import {
  BrokenZipError,
  UnpackBudget,
  UnpackLimitError,
  unpackedEntry,
  type ZipEntry,
  type ZipSource,
  zipDirectory,
} from "./zip-entries.ts";

/** One row of a file: its number in the file (the header is row 1), its cells, left to right, and their text's length. */
export interface FileRow {
  rowNumber: number;
  cells: CellValue[];
  chars: number;
}

/** A file that cannot be read as what its format says (a broken zip, an unclosed quote). */
export class UnreadableFileError extends Error {
  name = "UnreadableFileError";
}

/**
 * A file past one of the import's limits (`importLimits`): `text` is the product's text for it, `rowNumber` the row
 * it was found in, when that is known. Nothing past the limit has been read into memory.
 */
export class ImportLimitError extends Error {
  name = "ImportLimitError";
  readonly text: string;
  readonly rowNumber: number | null;
  constructor(text: string, rowNumber: number | null) {
    super(rowNumber === null ? text : `row ${rowNumber}: ${text}`);
    this.text = text;
    this.rowNumber = rowNumber;
  }
}

const MB = 1024 * 1024;
/**
 * A character of a cell is at most this many bytes of a sheet's XML (`&#65535;`) or of CSV (a quote doubled in four
 * bytes of UTF-8): what a limit in characters allows a file's bytes.
 */
const BYTES_PER_CHAR = 8;

/** Text as JSON in PostgreSQL takes it: a NUL or an unpaired surrogate shows as U+FFFD, the replacement character. */
export function storableText(text: string): string {
  return text.toWellFormed().replaceAll("\u0000", "\ufffd");
}

/** Each cell's text at most `importLimits.cellChars` and the row's at most `rowChars`: the row's length, or throws. */
function rowChars(cells: CellValue[], rowNumber: number): number {
  let chars = 0;
  for (const cell of cells) {
    if (typeof cell !== "string") continue;
    if (cell.length > importLimits.cellChars) throw new ImportLimitError(bulkDataTexts.cellTooLarge, rowNumber);
    chars += cell.length;
  }
  if (chars > importLimits.rowChars) throw new ImportLimitError(bulkDataTexts.rowTooLarge, rowNumber);
  return chars;
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

/**
 * An exceljs cell value as a plain one: rich text and hyperlinks as their text, formulas as their result. Rich text
 * is measured before its parts are joined: a shared string is kept once however many cells name it, a joined copy
 * would be made for each.
 */
function plainCell(value: unknown, rowNumber: number): CellValue {
  if (value === null || value === undefined) return null;
  // Undoes what an export (or an error file) did to text that would start a formula.
  if (typeof value === "string") return unneutralizeCell(value);
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return value;
  if (typeof value === "object") {
    const object = value as Record<string, unknown>;
    if (Array.isArray(object.richText)) {
      const parts = object.richText.map((part: { text?: unknown }) => (typeof part.text === "string" ? part.text : ""));
      const length = parts.reduce((sum, part) => sum + part.length, 0);
      if (length > importLimits.cellChars) throw new ImportLimitError(bulkDataTexts.cellTooLarge, rowNumber);
      return parts.join("");
    }
    if ("result" in object) return plainCell(object.result, rowNumber);
    if ("text" in object) return plainCell(object.text, rowNumber);
    if ("error" in object) return String(object.error);
  }
  return String(value);
}

function isBlank(cells: CellValue[]): boolean {
  return cells.every((cell) => cell === null || (typeof cell === "string" && cell.trim() === ""));
}

/**
 * Fails a CSV stream with a line holding more delimiters than a row may have cells, before the parser holds them:
 * a cell's and a row's length are the parser's to limit (`max_record_size`), but empty cells add nothing to it.
 */
class DelimiterGuard extends Transform {
  private count = 0;
  private readonly byte: number;
  private readonly rowNumber: () => number;
  constructor(delimiter: string, rowNumber: () => number) {
    super();
    this.byte = delimiter.charCodeAt(0);
    this.rowNumber = rowNumber;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    for (let at = 0; at < chunk.length; at++) {
      const byte = chunk[at];
      if (byte === 0x0a || byte === 0x0d) this.count = 0;
      else if (byte === this.byte && ++this.count > importLimits.rowChars + importLimits.columns) {
        callback(new ImportLimitError(bulkDataTexts.rowTooLarge, this.rowNumber()));
        return;
      }
    }
    callback(null, chunk);
  }
}

/**
 * A stream's items, then its error: the items it gave before failing are read first (a stream's own iterator drops
 * those still buffered when it fails), so that the rows before one past a limit are imported. At most `high` items
 * wait at a time.
 */
async function* recordsOf<T>(stream: Readable, high = 1000): AsyncGenerator<T> {
  const queue: T[] = [];
  let failure: { error: unknown } | undefined;
  let ended = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  stream.on("data", (item: T) => {
    queue.push(item);
    if (queue.length >= high) stream.pause();
    notify();
  });
  stream.on("error", (error) => {
    failure = { error };
    notify();
  });
  for (const event of ["end", "close"]) {
    stream.on(event, () => {
      ended = true;
      notify();
    });
  }
  for (let next = 0; ; ) {
    if (next < queue.length) {
      const item = queue[next];
      next += 1;
      if (next === queue.length) {
        queue.length = 0;
        next = 0;
        if (!ended) stream.resume();
      }
      yield item;
      continue;
    }
    if (failure) throw failure.error;
    if (ended) return;
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
}

async function* csvRows(storage: FileStorage, key: string): AsyncGenerator<FileRow> {
  const delimiter = await sniffDelimiter(storage, key);
  const source = storage.read(key);
  let rowNumber = 0;
  const guard = new DelimiterGuard(delimiter, () => rowNumber + 1);
  source.on("error", (error) => guard.destroy(error));
  const parser = source.pipe(guard).pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // Counts a cell's bytes while it is read, and the row's characters: a huge cell stops here, not in memory.
      max_record_size: importLimits.rowChars,
    }),
  );
  guard.on("error", (error) => parser.destroy(error));
  try {
    for await (const record of recordsOf<string[]>(parser)) {
      rowNumber += 1;
      // Undoes what an export (or an error file) did to cells that would start a formula.
      const cells = record.map(unneutralizeCell);
      yield { rowNumber, cells, chars: rowChars(cells, rowNumber) };
    }
  } catch (error) {
    if (error instanceof ImportLimitError) throw error;
    if (error instanceof CsvError && error.code === "CSV_MAX_RECORD_SIZE") {
      // The parser has counted the rows before the one it stopped in.
      const records = (error as unknown as { records?: number }).records;
      throw new ImportLimitError(bulkDataTexts.rowTooLarge, (records ?? rowNumber) + 1);
    }
    throw new UnreadableFileError((error as Error).message);
  } finally {
    source.destroy();
    guard.destroy();
    parser.destroy();
  }
}

/** A stored file as a zip's bytes: its directory and each entry are read as ranges. */
async function storageSource(storage: FileStorage, key: string): Promise<ZipSource> {
  const size = await storage.size(key);
  if (size === undefined) throw new UnreadableFileError("the file is gone");
  return {
    size,
    async read(start, length) {
      if (length <= 0 || start >= size) return Buffer.alloc(0);
      const chunks: Buffer[] = [];
      for await (const chunk of storage.read(key, { start, end: Math.min(size, start + length) - 1 })) {
        chunks.push(chunk);
      }
      return Buffer.concat(chunks);
    },
  };
}

/**
 * Fails a sheet's XML at a text or a tag longer than a cell may be, or a row longer than a row may be, before the
 * XML parser (which keeps a text until its end) or exceljs (which keeps a row's cells until its end) holds it.
 */
class SheetGuard extends Transform {
  private token = 0;
  private row = 0;
  private tail = Buffer.alloc(0);
  private readonly rowNumber: () => number;
  constructor(rowNumber: () => number) {
    super();
    this.rowNumber = rowNumber;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    for (let at = 0; at < chunk.length; at++) {
      const byte = chunk[at];
      this.token = byte === 0x3c || byte === 0x3e ? 0 : this.token + 1;
      if (this.token > importLimits.cellChars * BYTES_PER_CHAR) {
        callback(new ImportLimitError(bulkDataTexts.cellTooLarge, this.rowNumber()));
        return;
      }
    }
    // A row starts at "<row" (which may span two chunks); only what follows the last start counts.
    const joined = Buffer.concat([this.tail, chunk]);
    const start = joined.lastIndexOf(ROW_START);
    this.row = start < 0 ? this.row + chunk.length : joined.length - start;
    this.tail = joined.subarray(Math.max(0, joined.length - (ROW_START.length - 1)));
    if (this.row > importLimits.rowChars * BYTES_PER_CHAR) {
      callback(new ImportLimitError(bulkDataTexts.rowTooLarge, this.rowNumber()));
      return;
    }
    callback(null, chunk);
  }
}

const ROW_START = Buffer.from("<row");

/** What exceljs's streaming reader does with each part; the zip is unpacked here, where its bytes are counted. */
interface WorkbookParts {
  model: { sheets?: { id?: number; name?: string; rId?: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(entry: Readable, sheetNo: string): Iterable<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

const SHEET_PART = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** The workbook's first sheet (its first tab), else the first sheet in the zip. */
function firstSheet(reader: WorkbookParts, entries: Map<string, ZipEntry>): ZipEntry | undefined {
  const first = reader.model.sheets?.[0];
  const target = reader.workbookRels?.find((rel) => rel.Id === first?.rId)?.Target;
  if (target) {
    const name = target.startsWith("/") ? target.slice(1) : `xl/${target}`;
    const entry = entries.get(name);
    if (entry && SHEET_PART.test(entry.name)) return entry;
  }
  return [...entries.values()].find((entry) => SHEET_PART.test(entry.name));
}

/**
 * The first sheet's rows. The zip is unpacked here, not by exceljs: its parts are read in the order the sheet needs
 * (relationships, workbook, shared strings, styles, then the sheet), what each really unpacks to is counted, whatever
 * the zip's headers claim, and limited (`importLimits`), and exceljs parses each part as it comes.
 */
async function* xlsxRows(storage: FileStorage, key: string): AsyncGenerator<FileRow> {
  let lastRow = 0;
  let total = 0;
  try {
    const source = await storageSource(storage, key);
    const entries = new Map<string, ZipEntry>();
    for (const entry of await zipDirectory(source)) if (!entries.has(entry.name)) entries.set(entry.name, entry);
    const budget = new UnpackBudget(importLimits.unpackedMb * MB);
    const open = (entry: ZipEntry, partBytes: number) =>
      unpackedEntry(source, (start, end) => storage.read(key, { start, end }), entry, partBytes, budget);
    const part = async (name: string) => {
      const entry = entries.get(name);
      return entry ? open(entry, importLimits.partMb * MB) : undefined;
    };
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(new PassThrough(), {
      worksheets: "emit",
      sharedStrings: "cache",
      // Styles tell date cells from numbers.
      styles: "cache",
      hyperlinks: "ignore",
      entries: "ignore",
    }) as unknown as WorkbookParts;
    reader.model = { sheets: [] };
    const rels = await part("xl/_rels/workbook.xml.rels");
    if (rels) await reader._parseRels(rels);
    const workbook = await part("xl/workbook.xml");
    if (workbook) await reader._parseWorkbook(workbook);
    const sharedStrings = await part("xl/sharedStrings.xml");
    if (sharedStrings) for await (const _ of reader._parseSharedStrings(sharedStrings));
    const styles = await part("xl/styles.xml");
    if (styles) await reader._parseStyles(styles);
    // The first sheet is the data; a template's explanation sheet and any other are left alone.
    const entry = firstSheet(reader, entries);
    if (!entry) return;
    const xml = (await open(entry, importLimits.unpackedMb * MB)).pipe(new SheetGuard(() => lastRow + 1));
    for (const { value: sheet } of reader._parseWorksheet(xml, SHEET_PART.exec(entry.name)?.[1] ?? "1")) {
      for await (const row of sheet) {
        const values = row.values as unknown[];
        const cells: CellValue[] = [];
        for (let column = 1; column < values.length; column++) cells.push(plainCell(values[column], row.number));
        lastRow = row.number;
        const chars = rowChars(cells, row.number);
        // Shared strings are kept once, however many cells name them: the text they make is counted as a whole.
        total += chars;
        if (total > importLimits.unpackedMb * MB) throw new ImportLimitError(bulkDataTexts.unpackedTooLarge, null);
        yield { rowNumber: row.number, cells, chars };
      }
    }
  } catch (error) {
    if (error instanceof ImportLimitError) throw error;
    if (error instanceof UnpackLimitError) {
      const text =
        error.reason === "total"
          ? bulkDataTexts.unpackedTooLarge
          : error.entry === "xl/sharedStrings.xml"
            ? bulkDataTexts.tooMuchText
            : error.entry.startsWith("xl/worksheets/")
              ? bulkDataTexts.unpackedTooLarge
              : bulkDataTexts.partTooLarge;
      throw new ImportLimitError(text, null);
    }
    if (error instanceof UnreadableFileError || error instanceof BrokenZipError) {
      throw new UnreadableFileError(error.message);
    }
    throw new UnreadableFileError((error as Error).message);
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
 * the same typed cells (a percent cell stays a fraction); dates as ISO text, which an import reads back; text as
 * PostgreSQL's JSON takes it (`storableText`).
 */
export function storedCell(cell: CellValue): string | number | boolean | null {
  if (cell instanceof Date) return cellDisplay(cell);
  // A NUL refuses its row; the error file shows where it was.
  return typeof cell === "string" ? storableText(cell) : cell;
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
