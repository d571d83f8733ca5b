import { once } from "node:events";
import type { Writable } from "node:stream";
import { Worker } from "node:worker_threads";
import type { ExportLayout, ExportRecord } from "./export-file.ts";
import type { FromWriter, ToWriter } from "./xlsx-writer-worker.ts";

/** The writing thread's old generation: exceljs's garbage is collected at once (decision 029). */
const HEAP_MEGABYTES = 128;

/**
 * Writes an export's .xlsx to `output` on a thread of its own (xlsx-writer-worker.ts): the records go to the thread
 * a chunk at a time as it asks, the file's bytes come back as it makes them and are written here, the next only once
 * `output` has room. Returns the rows written and ends `output`.
 */
export function writeXlsxOnThread(
  output: Writable,
  layout: ExportLayout,
  chunks: AsyncIterable<ExportRecord[]>,
): Promise<number> {
  const worker = new Worker(new URL("./xlsx-writer-worker.ts", import.meta.url), {
    workerData: { layout },
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MEGABYTES, maxYoungGenerationSizeMb: 8 },
  });
  const input = chunks[Symbol.asyncIterator]();
  const post = (message: ToWriter) => worker.postMessage(message);
  return new Promise<number>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      worker.removeAllListeners();
      void worker.terminate();
      outcome();
    };
    const fail = (error: unknown) => {
      finish(() => reject(error));
      void input.return?.();
    };
    worker.on("message", (message: FromWriter) => {
      switch (message.type) {
        case "pull":
          input.next().then((next) => post(next.done ? { type: "end" } : { type: "rows", rows: next.value }), fail);
          return;
        case "data":
          if (output.write(message.chunk)) post({ type: "written" });
          else once(output, "drain").then(() => post({ type: "written" }), fail);
          return;
        case "done":
          output.end();
          finish(() => resolve(message.count));
          return;
        case "error":
          fail(new Error(message.message));
      }
    });
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the writing thread stopped (exit code ${code})`)));
  });
}
