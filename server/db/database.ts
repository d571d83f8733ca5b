import path from "node:path";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock.ts";
import { PGliteThread } from "./pglite-thread.ts";
import type { ThreadMemory } from "./pglite-worker.ts";
import type { Database } from "./schema.ts";

export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /**
   * The embedded database runs one statement at a time, so a ping would wait for a slow query to finish. A thread
   * that is still within its time on a statement is working, not gone.
   */
  busyForMs(): number | undefined;
  /** Resolves when the database answers, without waiting behind the requests that keep its pool busy. */
  ping(): Promise<void>;
  /**
   * Raw SQL on the pool, for the job queue (pg-boss): without values a text may hold several statements (the simple
   * protocol), whose results come back as an array.
   */
  executeSql(text: string, values?: unknown[]): Promise<unknown>;
  /** The embedded database's thread's memory; undefined on a PostgreSQL server. */
  threadMemory(): Promise<ThreadMemory | undefined>;
  close(): Promise<void>;
}

/** A statement running for less than this counts as a database at work; longer, it must answer a ping. */
const BUSY_IS_ALIVE_MS = 2000;

/**
 * Statements users wrote (Query fields, advanced searches, data sources, widgets) have a small pool of their own on a
 * PostgreSQL server, so that a few heavy ones cannot take every connection that pages need (decision 037).
 */
const USER_QUERY_CONNECTIONS = 3;
const userQueryPools = new WeakMap<object, Kysely<Database>>();

/** The database for statements users wrote: its own small pool on a PostgreSQL server, the one session on PGlite. */
export function forUserQueries(db: Kysely<Database>): Kysely<Database> {
  return userQueryPools.get(db) ?? db;
}

const embeddedThreads = new WeakMap<object, PGliteThread>();

/**
 * Limits each statement of `work` to `ms` on the embedded database, which has no statement timeout of its own (a
 * statement past it is stopped with its thread, see PGliteThread.limitStatements); a PostgreSQL server's statement
 * timeout does this there. `work` must hold the database's one connection for its whole run (a transaction).
 */
export async function withEmbeddedStatementLimit<T>(db: Kysely<Database>, ms: number, work: () => Promise<T>) {
  const thread = embeddedThreads.get(db);
  thread?.limitStatements(ms);
  try {
    return await work();
  } finally {
    thread?.limitStatements(undefined);
  }
}

const DATE_OID = 1082;
const INT8_OID = 20;

// One set of type parsers for both paths, so PGlite and a PostgreSQL server give the same
// JS values: dates stay 'YYYY-MM-DD' (no time-zone shift), counts are numbers.
const typeParsers = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === DATE_OID) return (value: string) => value;
    if (oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, types: typeParsers, max: 10 });
    // An idle connection the server ends (a restart, a terminated backend) is dropped and replaced on the next
    // query; unheard, its error would end the process.
    pool.on("error", () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const queryPool = new pg.Pool({
      connectionString: options.databaseUrl,
      types: typeParsers,
      max: USER_QUERY_CONNECTIONS,
    });
    queryPool.on("error", () => undefined);
    const userQueries = new Kysely<Database>({ dialect: new PostgresDialect({ pool: queryPool }) });
    userQueryPools.set(db, userQueries);
    // Health checks have a connection of their own: a pool busy with slow requests is not a database that is down.
    const healthPool = new pg.Pool({ connectionString: options.databaseUrl, max: 1 });
    healthPool.on("error", () => undefined);
    return {
      db,
      kind: "postgres",
      busyForMs: () => undefined,
      threadMemory: async () => undefined,
      executeSql: (text, values) => pool.query(text, values),
      async ping() {
        if (pool.ending || pool.ended) throw new Error("the database is closed");
        await healthPool.query("select 1");
      },
      async close() {
        await Promise.all([db.destroy(), userQueries.destroy(), healthPool.end()]);
      },
    };
  }

  const unlock = await lockDataDir(options.dataDir);
  let pglite: PGliteThread | undefined;
  try {
    pglite = new PGliteThread(path.join(options.dataDir, "pgdata"));
    await pglite.waitReady;
    // Pool of one: PGlite is a single session, so a transaction owns it until it ends.
    const pool = new pg.Pool({ ...createPgConfig(pglite as never), types: typeParsers, max: 1 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    embeddedThreads.set(db, pglite);
    return {
      db,
      kind: "pglite",
      busyForMs: () => pglite?.busyForMs(),
      threadMemory: async () => pglite?.memory(),
      executeSql: (text, values) => pool.query(text, values),
      async ping() {
        const busyFor = pglite?.busyForMs();
        if (busyFor !== undefined && busyFor < BUSY_IS_ALIVE_MS) return;
        await sql`select 1`.execute(db);
      },
      async close() {
        try {
          await db.destroy();
          await pglite?.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    await pglite?.terminate();
    unlock();
    throw error;
  }
}
