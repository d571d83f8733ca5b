import { once } from "node:events";
import type { Writable } from "node:stream";
import ExcelJS from "exceljs";
import { type BulkFormat, neutralizeCell } from "../contract/bulk-data.ts";
import type { FieldDefinition } from "../contract/fields.ts";
import type { EntityMetadata } from "../records/metadata.repository.ts";
import { type CellValue, headerOf, ID_HEADER, type Language, toCell } from "./cells.ts";
import { csvWriter } from "./sheets.ts";

/** What an export's file holds: the ID column, then one column per field, headed in the export's language. */
export interface ExportLayout {
  format: BulkFormat;
  language: Language;
  /** With their options (records.service `withOptions`), so List values become labels. */
  fields: FieldDefinition[];
  /** The sheet's name in an .xlsx: the entity's plural label. */
  sheetName: string;
  /**
   * Columns after the fields whose cells are text the export worked out (a record's status, the names of its linked
   * records), found in each record under their keys.
   */
  extraColumns?: ExtraColumn[];
  /** Rows per .xlsx sheet before the next begins (Excel's limit unless a test sets fewer). */
  rowsPerSheet?: number;
}

export interface ExtraColumn {
  key: string;
  header: string;
}

/** A record as the walk reads it: its id and its fields' stored values. */
export type ExportRecord = { id: string } & Record<string, unknown>;

/** How Excel shows each type's cells; other types are text or general numbers. */
const NUMBER_FORMATS: Partial<Record<FieldDefinition["type"], string>> = {
  Date: "yyyy-mm-dd",
  DateTime: "yyyy-mm-dd hh:mm:ss",
  Percent: "0.##%",
};

/** Types whose cells are values, not free text: a spreadsheet reads "-2" or "-25%" in CSV as a number, not a formula. */
const VALUE_TYPES = new Set<FieldDefinition["type"]>(["Number", "Percent", "Date", "DateTime", "Bool"]);

export function cellsOf(layout: ExportLayout, record: ExportRecord): CellValue[] {
  const extras = (layout.extraColumns ?? []).map(({ key }) => {
    const text = record[key];
    return typeof text === "string" && text !== "" ? neutralizeCell(text) : null;
  });
  return [
    record.id,
    ...layout.fields.map((field) => {
      const cell = toCell(field, record[field.key], layout.language, layout.format);
      // Only text that a person typed can start a formula (formula injection), in CSV and .xlsx alike: a text cell of
      // an .xlsx that starts with "=" becomes a formula once it is edited, or saved as CSV. Numbers stay numbers.
      return typeof cell === "string" && !VALUE_TYPES.has(field.type) ? neutralizeCell(cell) : cell;
    }),
    ...extras,
  ];
}

/** The header row, labels neutralised as text cells are (administrators type them). */
export function headersOf(layout: Pick<ExportLayout, "fields" | "language" | "extraColumns">): string[] {
  return [
    ID_HEADER,
    ...layout.fields.map((field) => neutralizeCell(headerOf(field, layout.language))),
    ...(layout.extraColumns ?? []).map((column) => neutralizeCell(column.header)),
  ];
}

/** A sheet's name: at most 31 characters, none of those Excel refuses. */
export function sheetNameOf(label: string): string {
  return (
    label
      .replace(/[[\]:*?/\\]/g, " ")
      .slice(0, 31)
      .trim() || "Export"
  );
}

/** Resolves once `stream` has room again; rejects if it closes or fails first (its reader gave up). */
async function drained(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain) return;
  // Whichever comes first, the other's listener is removed, or they would pile up chunk after chunk.
  const settled = new AbortController();
  try {
    const which = await Promise.race([
      once(stream, "drain", { signal: settled.signal }).then(() => "drain"),
      once(stream, "close", { signal: settled.signal }).then(() => "close"),
    ]);
    if (which === "close") throw new Error("the export's file was closed while it was being written");
  } finally {
    settled.abort();
  }
}

/**
 * Writes an export's file to `output` from the records' chunks, holding one chunk at a time: each row is written
 * (an .xlsx row committed) as it comes, and the next chunk is read only once `output` has room. Returns the rows
 * written and ends `output`.
 */
export async function writeExportFile(
  output: Writable,
  layout: ExportLayout,
  chunks: AsyncIterable<ExportRecord[]>,
): Promise<number> {
  return layout.format === "xlsx" ? writeXlsx(output, layout, chunks) : writeCsv(output, layout, chunks);
}

/** Rows a worksheet holds besides its header: Excel's limit (1,048,576 rows) less one. */
export const XLSX_ROWS_PER_SHEET = 1_048_575;

async function writeXlsx(output: Writable, layout: ExportLayout, chunks: AsyncIterable<ExportRecord[]>) {
  // Shared strings would keep every text of the file in memory until the end: inline strings instead.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const rowsPerSheet = layout.rowsPerSheet ?? XLSX_ROWS_PER_SHEET;
  let sheets = 0;
  const addSheet = () => {
    sheets += 1;
    // More records than a sheet holds go on to the next sheet, "Companies 2" and so on.
    const suffix = sheets === 1 ? "" : ` ${sheets}`;
    const name = sheetNameOf(layout.sheetName).slice(0, 31 - suffix.length) + suffix;
    const sheet = workbook.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
    // A column's style is each of its cells' (dates and percentages shown as such); the header row has its own.
    sheet.columns = [
      { key: "id", width: 38 },
      ...layout.fields.map((field) => ({
        key: field.key,
        width: Math.min(50, Math.max(12, headerOf(field, layout.language).length + 2)),
        style: NUMBER_FORMATS[field.type] ? { numFmt: NUMBER_FORMATS[field.type] } : {},
      })),
      ...(layout.extraColumns ?? []).map((column) => ({
        key: column.key,
        width: Math.min(50, Math.max(16, column.header.length + 2)),
      })),
    ];
    const header = sheet.addRow(headersOf(layout));
    header.eachCell((cell) => {
      cell.style = { font: { bold: true } };
    });
    header.commit();
    return { sheet, sheetData: sheetDataSink(sheet), rows: 0 };
  };
  let current = addSheet();
  let count = 0;
  for await (const chunk of chunks) {
    for (const record of chunk) {
      if (current.rows === rowsPerSheet) {
        current.sheet.commit();
        current = addSheet();
      }
      current.sheet.addRow(cellsOf(layout, record)).commit();
      current.rows += 1;
    }
    count += chunk.length;
    if (current.sheetData) await sinkDrained(current.sheetData);
    await drained(output);
  }
  current.sheet.commit();
  await workbook.commit();
  return count;
}

/** A stream of the `readable-stream` package (archiver's), whose state is not Node's public one. */
interface LegacyWritable {
  _writableState?: { needDrain?: boolean };
  once(event: "drain", listener: () => void): unknown;
}

/**
 * Where exceljs's streaming writer puts a sheet's rows: its own buffer pipes them, heedless of backpressure, into a
 * stream (archiver's) that the zip reads at its own pace. Waiting for that stream to drain is what keeps rows from
 * piling up in memory while the compression lags behind (measured: 200,000 rows grew the process to 400 MB without).
 */
function sheetDataSink(sheet: ExcelJS.Worksheet): LegacyWritable | undefined {
  const pipes = (sheet as unknown as { stream?: { pipes?: LegacyWritable[] } }).stream?.pipes;
  const sink = pipes?.[0];
  return sink?._writableState ? sink : undefined;
}

async function sinkDrained(sink: LegacyWritable): Promise<void> {
  if (sink._writableState?.needDrain) await new Promise<void>((resolve) => sink.once("drain", resolve));
}

async function writeCsv(output: Writable, layout: ExportLayout, chunks: AsyncIterable<ExportRecord[]>) {
  // CRLF between records (RFC 4180).
  const csv = csvWriter("windows");
  csv.pipe(output);
  const ended = once(output, "finish");
  const write = async (cells: unknown[]) => {
    if (!csv.write(cells)) await drained(csv);
  };
  await write(headersOf(layout));
  let count = 0;
  for await (const chunk of chunks) {
    for (const record of chunk) await write(cellsOf(layout, record));
    count += chunk.length;
    await drained(output);
  }
  csv.end();
  await ended;
  return count;
}

/** What an export's file is made of: its layout, its rows a chunk at a time, and the entity its notice names. */
export interface ExportSource {
  entity: EntityMetadata;
  layout: ExportLayout;
  chunks: AsyncIterable<ExportRecord[]>;
}
