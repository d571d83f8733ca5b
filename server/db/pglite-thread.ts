import { Worker } from "node:worker_threads";
import type { BackendMessage } from "pg-protocol/dist/messages.js";
import { Parser } from "pg-protocol/dist/parser.js";
import type { ThreadMemory, WorkerCommand, WorkerReply, WorkerRequest } from "./pglite-worker.ts";

/**
 * PGlite in a worker thread, seen from the main thread. It offers the two members PGlite's node-postgres adapter uses
 * (`waitReady`, `execProtocolStream`), so `createPgConfig` accepts it in place of a PGlite instance. Responses are
 * parsed here by pg's own protocol parser, the same one that reads a PostgreSQL server's replies.
 */
// Parse, Bind, Describe, Execute and Close: the server's answers to them can wait for the Sync that follows.
const HELD_UNTIL_SYNC = new Set(["P", "B", "D", "E", "C"].map((letter) => letter.charCodeAt(0)));

export class PGliteThread {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { sentAt: number; resolve(reply: WorkerReply): void; reject(error: Error): void }
  >();
  private nextId = 1;
  private failure: Error | undefined;
  private held: Uint8Array[] = [];

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
        else request?.resolve(reply);
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

  private send(command: WorkerCommand): Promise<WorkerReply> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    // Node's Buffers are views into a shared 64 KiB pool, which postMessage would copy whole: send an exact copy.
    const request: WorkerRequest =
      command.type === "exec" ? { id, type: "exec", message: new Uint8Array(command.message) } : { id, ...command };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { sentAt: performance.now(), resolve, reject });
      this.worker.postMessage(request, request.type === "exec" ? [request.message.buffer as ArrayBuffer] : []);
    });
  }

  async execProtocolStream(message: Uint8Array, _options?: { throwOnError?: boolean }): Promise<BackendMessage[]> {
    // A real server answers an extended query only at Sync; holding its messages until then makes one trip to the
    // thread out of five. PGlite reads several messages from one input just as it would from a socket.
    if (HELD_UNTIL_SYNC.has(message[0])) {
      this.held.push(message);
      return [];
    }
    const input = this.held.length === 0 ? message : Buffer.concat([...this.held, message]);
    this.held = [];
    const { data } = await this.send({ type: "exec", message: input });
    const messages: BackendMessage[] = [];
    if (data && data.byteLength > 0) {
      new Parser().parse(Buffer.from(data.buffer, data.byteOffset, data.byteLength), (parsed) => messages.push(parsed));
    }
    return messages;
  }

  /** The thread's memory, measured between statements. */
  async memory(): Promise<ThreadMemory> {
    const { memory } = await this.send({ type: "memory" });
    if (!memory) throw new Error("the PGlite thread did not report its memory");
    return memory;
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
