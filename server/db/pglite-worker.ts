/**
 * Runs PGlite on its own thread. PGlite executes queries synchronously in WebAssembly, so on the main thread one slow
 * query would stop every other request, /healthz included. The main thread sends wire-protocol messages and gets the
 * raw responses back.
 */
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { type MessagePort, parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

export type WorkerCommand = { type: "exec"; message: Uint8Array } | { type: "memory" } | { type: "close" };
/** What the thread holds: PGlite's WebAssembly memory (which only grows) and the thread's own JavaScript heap. */
export interface ThreadMemory {
  wasmBytes: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
}
export type WorkerRequest = WorkerCommand & { id: number };
/** Id 0 answers the start: ready, or the error that stopped it. */
export interface WorkerReply {
  id: number;
  ready?: true;
  data?: Uint8Array;
  memory?: ThreadMemory;
  error?: string;
}

if (!parentPort) throw new Error("pglite-worker must run in a worker thread");
const port: MessagePort = parentPort;
const { pgdata } = workerData as { pgdata: string };

const pglite = new PGlite(pgdata, { extensions: { pg_trgm, unaccent } });
// PGlite is one session: requests run one after another, in arrival order.
let queue: Promise<unknown> = pglite.waitReady.then(
  () => port.postMessage({ id: 0, ready: true } satisfies WorkerReply),
  (error: unknown) => port.postMessage({ id: 0, error: String(error) } satisfies WorkerReply),
);

/**
 * Runs wire messages and returns PGlite's raw answer, in a buffer of exactly its size (postMessage would copy a larger
 * one whole). Through `execProtocolRawStream`, not `execProtocolRaw`: PGlite 0.5's `execProtocolRaw` also parses every
 * answer into a list that only its `execProtocol` empties, so each row read (an export's 50,000 were about 35 MB) stayed
 * on this thread's heap until it ran out of memory. The main thread parses the answer with pg's own parser.
 */
async function execute(message: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  await pglite.execProtocolRawStream(message, {
    onRawData(part) {
      // A view into PGlite's WebAssembly memory, which the next statement overwrites: copied now.
      parts.push(part.slice());
      size += part.byteLength;
    },
  });
  if (parts.length === 1 && parts[0]) return parts[0];
  const data = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    data.set(part, offset);
    offset += part.byteLength;
  }
  return data;
}

async function handle(request: WorkerRequest): Promise<void> {
  try {
    if (request.type === "close") {
      await pglite.close();
      port.postMessage({ id: request.id } satisfies WorkerReply);
      return;
    }
    if (request.type === "memory") {
      // Garbage would hide what is kept: a full collection first (the flag holds for contexts made after it is set).
      setFlagsFromString("--expose-gc");
      (runInNewContext("gc") as () => void)();
      const heap = getHeapStatistics();
      const memory: ThreadMemory = {
        wasmBytes: pglite.Module.HEAPU8.byteLength,
        heapUsedBytes: heap.used_heap_size,
        heapTotalBytes: heap.total_heap_size,
      };
      port.postMessage({ id: request.id, memory } satisfies WorkerReply);
      return;
    }
    const data = await execute(request.message);
    port.postMessage({ id: request.id, data } satisfies WorkerReply, [data.buffer]);
  } catch (error) {
    port.postMessage({
      id: request.id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies WorkerReply);
  }
}

port.on("message", (request: WorkerRequest) => {
  queue = queue.then(() => handle(request));
});
