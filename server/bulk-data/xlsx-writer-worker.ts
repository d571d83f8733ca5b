/**
 * Writes an export's .xlsx on a thread of its own (see xlsx-writer.ts), whose small heap collects exceljs's garbage at
 * once. Records arrive from the main thread a chunk at a time, as this thread asks for them; the file's bytes go back
 * a chunk at a time, the next only once the main thread has written the last.
 */

import { Writable } from "node:stream";
import { type MessagePort, parentPort, workerData } from "node:worker_threads";
import { type ExportLayout, type ExportRecord, writeXlsxHere } from "./export-file.ts";

export type ToWriter = { type: "rows"; rows: ExportRecord[] } | { type: "end" } | { type: "written" };
export type FromWriter =
  | { type: "pull" }
  | { type: "data"; chunk: Uint8Array }
  | { type: "done"; count: number }
  | { type: "error"; message: string };

if (!parentPort) throw new Error("xlsx-writer-worker must run in a worker thread");
const port: MessagePort = parentPort;
const { layout } = workerData as { layout: ExportLayout };
const send = (message: FromWriter, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let nextRows: ((message: ToWriter) => void) | undefined;
let written: (() => void) | undefined;
port.on("message", (message: ToWriter) => {
  if (message.type === "written") written?.();
  else nextRows?.(message);
});

async function* records(): AsyncGenerator<ExportRecord[]> {
  for (;;) {
    const message = await new Promise<ToWriter>((resolve) => {
      nextRows = resolve;
      send({ type: "pull" });
    });
    if (message.type !== "rows") return;
    yield message.rows;
  }
}

const output = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    written = () => callback();
    // A copy of exactly the chunk, whose memory moves to the main thread.
    const copy = new Uint8Array(chunk);
    send({ type: "data", chunk: copy }, [copy.buffer]);
  },
});

writeXlsxHere(output, layout, records()).then(
  (count) => send({ type: "done", count }),
  (error: unknown) => send({ type: "error", message: error instanceof Error ? error.message : String(error) }),
);
