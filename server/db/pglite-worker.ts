/**
 * Runs PGlite on its own thread. PGlite executes queries synchronously in WebAssembly, so on the main thread one slow
 * query would stop every other request, /healthz included. The main thread sends wire-protocol messages and gets the
 * raw responses back.
 */
import { type MessagePort, parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

export type WorkerCommand = { type: "exec"; message: Uint8Array } | { type: "close" };
export type WorkerRequest = WorkerCommand & { id: number };
/** Id 0 answers the start: ready, or the error that stopped it. */
export interface WorkerReply {
  id: number;
  ready?: true;
  data?: Uint8Array;
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

async function handle(request: WorkerRequest): Promise<void> {
  try {
    if (request.type === "close") {
      await pglite.close();
      port.postMessage({ id: request.id } satisfies WorkerReply);
      return;
    }
    // A copy of exactly its size: the result may be a view into a larger buffer, which postMessage would copy whole.
    const data = new Uint8Array(await pglite.execProtocolRaw(request.message));
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
