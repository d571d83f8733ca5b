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

/**
 * What a statement stopped by its time limit answers, as a server would: an error with the code of a statement
 * timeout (57014), then ready for the next query, outside any transaction (the new session has none).
 */
const STOPPED_STATEMENT = (() => {
  const fields = Buffer.concat(
    [
      ["S", "ERROR"],
      ["V", "ERROR"],
      ["C", "57014"],
      ["M", "canceling statement due to statement timeout"],
    ].map(([code, text]) => Buffer.from(`${code}${text}\0`)),
  );
  const error = Buffer.alloc(5 + fields.length + 1);
  error.write("E", 0);
  error.writeInt32BE(4 + fields.length + 1, 1);
  fields.copy(error, 5);
  const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
  return new Uint8Array(Buffer.concat([error, ready]));
})();

export class PGliteThread {
  readonly waitReady: Promise<void>;
  private worker!: Worker;
  private readonly pgdata: string;
  private readonly pending = new Map<
    number,
    { sentAt: number; resolve(reply: WorkerReply): void; reject(error: Error): void }
  >();
  private nextId = 1;
  private failure: Error | undefined;
  private held: Uint8Array[] = [];
  /** Set while a thread stopped on purpose is replaced: requests wait for the new one. */
  private restarting: Promise<void> | undefined;
  private statementLimitMs: number | undefined;

  constructor(pgdata: string) {
    this.pgdata = pgdata;
    this.waitReady = this.start();
  }

  private start(): Promise<void> {
    const worker = new Worker(new URL("./pglite-worker.ts", import.meta.url), { workerData: { pgdata: this.pgdata } });
    this.worker = worker;
    return new Promise((resolve, reject) => {
      worker.on("message", (reply: WorkerReply) => {
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
        // A thread stopped on purpose is no failure of the database.
        if (this.worker !== worker || this.restarting) return;
        this.failure = error;
        reject(error);
        for (const request of this.pending.values()) request.reject(error);
        this.pending.clear();
      };
      worker.on("error", fail);
      worker.on("exit", (code) => fail(new Error(`the PGlite thread stopped (exit code ${code})`)));
    });
  }

  /**
   * Limits each statement sent from now on to `ms` (undefined: no limit). PGlite cannot interrupt a statement of its
   * own, so one that runs longer is stopped with its thread, and the database opens again on a new one (as after a
   * crash: committed work is kept, the stopped transaction is not). Only for a session that runs nothing but the
   * limited work meanwhile: the pool has one connection, held by the limited transaction.
   */
  limitStatements(ms: number | undefined): void {
    this.statementLimitMs = ms;
  }

  private async restart(): Promise<void> {
    const stopped = this.worker;
    let done: () => void = () => undefined;
    this.restarting = new Promise((resolve) => {
      done = resolve;
    });
    try {
      await stopped.terminate();
      const error = new Error("the statement was stopped by its time limit");
      for (const request of this.pending.values()) request.reject(error);
      this.pending.clear();
      await this.start();
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
      throw this.failure;
    } finally {
      this.restarting = undefined;
      done();
    }
  }

  private async sendWithin(ms: number, command: WorkerCommand): Promise<WorkerReply> {
    let timer: NodeJS.Timeout | undefined;
    const sent = this.send(command);
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), ms);
    });
    try {
      const first = await Promise.race([sent, late]);
      if (first !== "late") return first;
    } finally {
      clearTimeout(timer);
    }
    sent.catch(() => undefined);
    await this.restart();
    return { id: 0, data: STOPPED_STATEMENT.slice() };
  }

  private async send(command: WorkerCommand): Promise<WorkerReply> {
    if (this.restarting) await this.restarting;
    if (this.failure) throw this.failure;
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
    const limit = this.statementLimitMs;
    const command: WorkerCommand = { type: "exec", message: input };
    const { data } = await (limit === undefined ? this.send(command) : this.sendWithin(limit, command));
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
