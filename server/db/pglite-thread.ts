import { Worker } from "node:worker_threads";
import type { BackendMessage } from "pg-protocol/dist/messages.js";
import { Parser } from "pg-protocol/dist/parser.js";
import type { WorkerCommand, WorkerReply, WorkerRequest } from "./pglite-worker.ts";

/**
 * PGlite in a worker thread, seen from the main thread. It offers the two members PGlite's node-postgres adapter uses
 * (`waitReady`, `execProtocolStream`), so `createPgConfig` accepts it in place of a PGlite instance. Responses are
 * parsed here by pg's own protocol parser, the same one that reads a PostgreSQL server's replies.
 */
export class PGliteThread {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { sentAt: number; resolve(data?: Uint8Array): void; reject(error: Error): void }
  >();
  private nextId = 1;
  private failure: Error | undefined;

  constructor(pgdata: string) {
    this.worker = new Worker(new URL("./pglite-worker.ts", import.meta.url), { workerData: { pgdata } });
    this.waitReady = new Promise((resolve, reject) => {
      this.worker.on("message", (reply: WorkerReply) => {
        if (reply.id === 0) {
          if (reply.ready) resolve();
          else reject(new Error(`PGlite could not open: ${reply.error}`));
          return;
        }
        const request = this.pending.get(reply.id);
        this.pending.delete(reply.id);
        if (reply.error !== undefined) request?.reject(new Error(reply.error));
        else request?.resolve(reply.data);
      });
      const fail = (error: Error) => {
        this.failure = error;
        reject(error);
        for (const request of this.pending.values()) request.reject(error);
        this.pending.clear();
      };
      this.worker.on("error", fail);
      this.worker.on("exit", (code) => fail(new Error(`the PGlite thread stopped (exit code ${code})`)));
    });
  }

  private send(command: WorkerCommand): Promise<Uint8Array | undefined> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { sentAt: performance.now(), resolve, reject });
      this.worker.postMessage({ ...command, id } satisfies WorkerRequest);
    });
  }

  async execProtocolStream(message: Uint8Array, _options?: { throwOnError?: boolean }): Promise<BackendMessage[]> {
    const data = await this.send({ type: "exec", message });
    const messages: BackendMessage[] = [];
    if (data && data.byteLength > 0) {
      new Parser().parse(Buffer.from(data.buffer, data.byteOffset, data.byteLength), (parsed) => messages.push(parsed));
    }
    return messages;
  }

  /** How long the thread has been working on its current statement; undefined when idle. */
  busyForMs(): number | undefined {
    const oldest = this.pending.values().next().value;
    return oldest && performance.now() - oldest.sentAt;
  }

  /** Closes the database cleanly, so its files are consistent for the next start. */
  async close(): Promise<void> {
    if (!this.failure) await this.send({ type: "close" });
    await this.terminate();
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}
