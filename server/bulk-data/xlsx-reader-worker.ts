/**
 * Reads an .xlsx's first sheet on a thread of its own (see xlsx-reader.ts): exceljs makes garbage by the megabyte as
 * it parses, which a small heap collects at once where the API's large one would let it pile up. The file's bytes
 * arrive from the main thread as it asks for them; rows go back in batches, each once the main thread wants more.
 */

import { Readable } from "node:stream";
import { type MessagePort, parentPort } from "node:worker_threads";
import ExcelJS from "exceljs";
import type { CellValue } from "./cells.ts";
import { plainCell } from "./plain-cell.ts";

export type ToReader = { type: "data"; chunk: Uint8Array } | { type: "end" } | { type: "pull" };
export type FromReader =
  | { type: "needData" }
  | { type: "rows"; rows: { rowNumber: number; cells: CellValue[] }[] }
  | { type: "done" }
  | { type: "error"; message: string };

/** Rows sent to the main thread at a time. */
const BATCH_ROWS = 500;

if (!parentPort) throw new Error("xlsx-reader-worker must run in a worker thread");
const port: MessagePort = parentPort;
const send = (message: FromReader) => port.postMessage(message);

let pulled: (() => void) | undefined;
let pulls = 0;
const source = new Readable({
  read() {
    send({ type: "needData" });
  },
});
port.on("message", (message: ToReader) => {
  if (message.type === "data") source.push(message.chunk);
  else if (message.type === "end") source.push(null);
  else {
    pulls += 1;
    pulled?.();
  }
});

/** Waits until the main thread has asked for the next batch. */
async function wanted(): Promise<void> {
  if (pulls === 0) await new Promise<void>((resolve) => (pulled = resolve));
  pulled = undefined;
  pulls -= 1;
}

async function read(): Promise<void> {
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
  let batch: { rowNumber: number; cells: CellValue[] }[] = [];
  // The first sheet is the data; a template's explanation sheet and any other are left alone.
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = row.values as unknown[];
      const cells: CellValue[] = [];
      for (let column = 1; column < values.length; column++) cells.push(plainCell(values[column]));
      batch.push({ rowNumber: row.number, cells });
      if (batch.length === BATCH_ROWS) {
        await wanted();
        send({ type: "rows", rows: batch });
        batch = [];
      }
    }
    break;
  }
  await wanted();
  if (batch.length > 0) {
    send({ type: "rows", rows: batch });
    await wanted();
  }
  send({ type: "done" });
}

read().catch((error: unknown) =>
  send({ type: "error", message: error instanceof Error ? error.message : String(error) }),
);
