import type { Readable } from "node:stream";
import { Worker } from "node:worker_threads";
import type { CellValue } from "./cells.ts";
import { UnreadableFileError } from "./unreadable-file.ts";
import type { FromReader, ToReader } from "./xlsx-reader-worker.ts";

/**
 * Old-generation heaps the reading thread gets, smallest first. A small heap keeps the process's memory down (a
 * 100,000-row sheet: 50 MB more instead of 150 MB on the API's 1 GB heap, where collection waits); a workbook whose
 * shared strings do not fit is read again on the larger one, from the row where the first attempt stopped.
 */
const HEAP_MEGABYTES = [128, 1024];

interface Row {
  rowNumber: number;
  cells: CellValue[];
}

/**
 * The rows of an .xlsx's first sheet, read by exceljs's streaming reader on a thread of its own
 * (xlsx-reader-worker.ts), never the whole file in memory: the bytes go to the thread as it asks, the rows come back
 * in batches as they are taken. `open` gives the file's bytes from the start (called again for a retry).
 */
export async function* xlsxRows(open: () => Readable, heaps = HEAP_MEGABYTES): AsyncGenerator<Row> {
  let yielded = 0;
  for (const [attempt, megabytes] of heaps.entries()) {
    let skip = yielded;
    try {
      for await (const row of rowsOnThread(open(), megabytes)) {
        if (skip > 0) {
          skip -= 1;
          continue;
        }
        yielded += 1;
        yield row;
      }
      return;
    } catch (error) {
      const outOfMemory = (error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY";
      if (!outOfMemory || attempt === heaps.length - 1) throw error;
    }
  }
}

async function* rowsOnThread(source: Readable, heapMegabytes: number): AsyncGenerator<Row> {
  const worker = new Worker(new URL("./xlsx-reader-worker.ts", import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: heapMegabytes, maxYoungGenerationSizeMb: 8 },
  });
  const input = source[Symbol.asyncIterator]();
  const replies: FromReader[] = [];
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const post = (message: ToReader, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
  const feed = async () => {
    try {
      const next = await input.next();
      if (next.done) return post({ type: "end" });
      // A copy of exactly the chunk, whose memory moves to the thread.
      const chunk = new Uint8Array(next.value as Buffer);
      post({ type: "data", chunk }, [chunk.buffer]);
    } catch (error) {
      failure = error as Error;
      wake?.();
    }
  };
  worker.on("message", (message: FromReader) => {
    if (message.type === "needData") {
      void feed();
      return;
    }
    replies.push(message);
    wake?.();
  });
  worker.on("error", (error) => {
    failure ??= error;
    wake?.();
  });
  worker.on("exit", (code) => {
    failure ??= new UnreadableFileError(`the reading thread stopped (exit code ${code})`);
    wake?.();
  });
  const nextReply = async (): Promise<FromReader> => {
    while (replies.length === 0) {
      if (failure) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    return replies.shift() as FromReader;
  };
  try {
    for (;;) {
      post({ type: "pull" });
      const reply = await nextReply();
      if (reply.type === "done") return;
      if (reply.type === "error") throw new UnreadableFileError(reply.message);
      if (reply.type === "rows") yield* reply.rows;
    }
  } finally {
    worker.removeAllListeners("exit");
    await worker.terminate();
    source.destroy();
  }
}
