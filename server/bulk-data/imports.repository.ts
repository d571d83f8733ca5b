import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { ImportMode, ImportStatus } from "../contract/bulk-data.ts";
import type { Database, ImportCheckError, ImportJobTable } from "../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export type ImportRow = Selectable<ImportJobTable> & {
  first_name: string;
  last_name: string;
  has_errors: boolean;
};

function selectImports(db: Db) {
  return db
    .selectFrom("core.import_job as i")
    .innerJoin("core.app_user as u", "u.id", "i.user_id")
    .selectAll("i")
    .select(["u.first_name", "u.last_name"])
    .select(sql<boolean>`i.failed_count > 0`.as("has_errors"));
}

export async function findImport(db: Db, id: string): Promise<ImportRow | undefined> {
  return selectImports(db).where("i.id", "=", id).executeTakeFirst();
}

export async function insertImport(
  db: Db,
  row: {
    user_id: string;
    schema_key: string;
    table_key: string;
    file_name: string;
    format: "xlsx" | "csv";
    file_key: string;
    file_size: number;
    language: string;
    columns: string[];
    mapping: (string | null)[];
    mode: ImportMode;
    match_field: string | null;
  },
): Promise<string> {
  const { id } = await db
    .insertInto("core.import_job")
    .values({ ...row, columns: JSON.stringify(row.columns), mapping: JSON.stringify(row.mapping) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** A check not yet made: what an import's check columns hold before one, and again once it is remapped. */
const noCheck = {
  check_status: null,
  checked_rows: 0,
  error_rows: 0,
  check_errors: "[]",
  check_message: null,
  check_row: null,
} as const;

/** Saves a mapping, which a check made with the last one no longer holds for; false once started, or while checked. */
export async function saveMapping(
  db: Db,
  id: string,
  mapping: { mapping: (string | null)[]; mode: ImportMode; match_field: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable("core.import_job")
    .set({
      mapping: JSON.stringify(mapping.mapping),
      mode: mapping.mode,
      match_field: mapping.match_field,
      ...noCheck,
      total_rows: null,
    })
    .where("id", "=", id)
    .where("status", "is", null)
    .where((eb) => eb.or([eb("check_status", "is", null), eb("check_status", "!=", "checking")]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks an import being mapped as importing; false when it had started already, or is being checked. One not checked
 * with its mapping is checked first, by the same job.
 */
export async function markStarted(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable("core.import_job")
    .set({
      status: "importing",
      started_at: sql`now()`,
      heartbeat_at: sql`now()`,
      check_status: sql`case when check_status = 'checked' then 'checked' else 'checking' end`,
    })
    .where("id", "=", id)
    .where("status", "is", null)
    .where((eb) => eb.or([eb("check_status", "is", null), eb("check_status", "!=", "checking")]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Asks for a check of an import being mapped; false when it has started, or is being checked already. */
export async function markChecking(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable("core.import_job")
    .set({ ...noCheck, check_status: "checking", total_rows: null, heartbeat_at: sql`now()` })
    .where("id", "=", id)
    .where("status", "is", null)
    .where((eb) => eb.or([eb("check_status", "is", null), eb("check_status", "!=", "checking")]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * How far a check has read, which also tells recovery that its worker lives. Undefined when the check is no longer
 * wanted (the import discarded, or stopped being checked): the worker then stops.
 */
export async function checkProgress(db: Db, id: string, rows: number): Promise<{ stopRequested: boolean } | undefined> {
  const row = await db
    .updateTable("core.import_job")
    .set({ checked_rows: rows, heartbeat_at: sql`now()` })
    .where("id", "=", id)
    .where("check_status", "=", "checking")
    .returning("stop_requested")
    .executeTakeFirst();
  return row ? { stopRequested: row.stop_requested } : undefined;
}

export interface CheckResult {
  status: "checked" | "failed";
  rows: number;
  errorRows: number;
  errors: ImportCheckError[];
  message: string | null;
  rowNumber: number | null;
}

/** Ends a check under way with its result; a checked file's rows are the import's total. False if none was. */
export async function finishCheck(db: Db, id: string, result: CheckResult): Promise<boolean> {
  const update = await db
    .updateTable("core.import_job")
    .set({
      check_status: result.status,
      checked_rows: result.rows,
      error_rows: result.errorRows,
      check_errors: JSON.stringify(result.errors),
      check_message: result.message,
      check_row: result.rowNumber,
      ...(result.status === "checked" ? { total_rows: result.rows } : {}),
      heartbeat_at: sql`now()`,
    })
    .where("id", "=", id)
    .where("check_status", "=", "checking")
    .executeTakeFirst();
  return Number(update.numUpdatedRows) === 1;
}

export async function requestStop(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable("core.import_job")
    .set({ stop_requested: true })
    .where("id", "=", id)
    .where("status", "=", "importing")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteUnstarted(db: Db, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("core.import_job")
    .where("id", "=", id)
    .where("status", "is", null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export interface ImportListQuery {
  /** Only this user's; everyone's when undefined. */
  userId?: string;
  activeOnly: boolean;
  status?: ImportStatus;
  schemaKey?: string;
  tableKey?: string;
  schema?: string;
  tableNames?: string[];
  offset: number;
  limit: number;
}

export async function listImports(db: Db, query: ImportListQuery): Promise<{ rows: ImportRow[]; total: number }> {
  let base = db.selectFrom("core.import_job as i").where("i.status", "is not", null);
  if (query.userId) base = base.where("i.user_id", "=", query.userId);
  if (query.activeOnly) base = base.where("i.status", "=", "importing");
  if (query.status) base = base.where("i.status", "=", query.status);
  if (query.schemaKey && query.tableKey) {
    base = base.where("i.schema_key", "=", query.schemaKey).where("i.table_key", "=", query.tableKey);
  }
  if (query.schema) base = base.where("i.schema_key", "=", query.schema);
  if (query.tableNames) base = base.where("i.table_key", "in", query.tableNames);
  const ids = base.select("i.id");
  const [rows, counted] = await Promise.all([
    selectImports(db)
      .where("i.id", "in", ids)
      .orderBy("i.created_at", "desc")
      .orderBy("i.id", "desc")
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

/** The language a user's files are in: their own, else the company's default, else English. */
export async function languageOf(db: Db, userId: string): Promise<"en" | "nb"> {
  const row = await db
    .selectFrom("core.app_user")
    .select([
      "language",
      (eb) =>
        eb
          .selectFrom("core.setting")
          .select(sql<unknown>`value #>> '{}'`.as("value"))
          .where("key", "=", "default_language")
          .as("company_language"),
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
  const language = row?.language ?? row?.company_language;
  return language === "nb" ? "nb" : "en";
}

// The job's writes.

export interface BatchProgress {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

/**
 * Moves an import on by a batch, in the batch's transaction, only from the point the batch started at: a second
 * delivery of the job, or a worker that lost the import to another, finds `rows_done` moved and writes nothing.
 * Returns whether a stop was asked for, or undefined when the import was not where this worker thought.
 */
export async function advance(
  trx: Transaction<Database>,
  id: string,
  expectedRowsDone: number,
  progress: BatchProgress,
): Promise<{ stopRequested: boolean } | undefined> {
  const row = await trx
    .updateTable("core.import_job")
    .set((eb) => ({
      rows_done: eb("rows_done", "+", progress.rows),
      created_count: eb("created_count", "+", progress.created),
      updated_count: eb("updated_count", "+", progress.updated),
      unchanged_count: eb("unchanged_count", "+", progress.unchanged),
      failed_count: eb("failed_count", "+", progress.failed),
      heartbeat_at: sql`now()`,
    }))
    .where("id", "=", id)
    .where("status", "=", "importing")
    .where("rows_done", "=", expectedRowsDone)
    .returning("stop_requested")
    .executeTakeFirst();
  return row ? { stopRequested: row.stop_requested } : undefined;
}

/** Locks the import for a batch, if it is still importing at `rowsDone`. */
export async function lockAt(trx: Transaction<Database>, id: string, rowsDone: number): Promise<boolean> {
  const row = await trx
    .selectFrom("core.import_job")
    .select("id")
    .where("id", "=", id)
    .where("status", "=", "importing")
    .where("rows_done", "=", rowsDone)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRowErrors(
  trx: Transaction<Database>,
  importId: string,
  rows: { rowNumber: number; cells: unknown[]; errors: { field: string; message: string }[] }[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto("core.import_row_error")
    .values(
      rows.map((row) => ({
        import_id: importId,
        row_number: row.rowNumber,
        cells: JSON.stringify(row.cells),
        errors: JSON.stringify(row.errors),
      })),
    )
    .onConflict((oc) => oc.columns(["import_id", "row_number"]).doNothing())
    .execute();
}

export async function setTotalRows(db: Db, id: string, total: number): Promise<void> {
  await db
    .updateTable("core.import_job")
    .set({ total_rows: total, heartbeat_at: sql`now()` })
    .where("id", "=", id)
    .execute();
}

export async function finish(
  trx: Transaction<Database>,
  id: string,
  status: Exclude<ImportStatus, "importing">,
  message: string | null,
): Promise<boolean> {
  const result = await trx
    .updateTable("core.import_job")
    .set({ status, message, finished_at: sql`now()`, heartbeat_at: sql`now()` })
    .where("id", "=", id)
    .where("status", "=", "importing")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Imports under way, or being checked, whose worker has not been heard from since `before`, oldest first. */
export async function stalledImports(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .selectFrom("core.import_job")
    .select("id")
    .where((eb) =>
      eb.or([eb("status", "=", "importing"), eb.and([eb("status", "is", null), eb("check_status", "=", "checking")])]),
    )
    .where((eb) => eb.or([eb("heartbeat_at", "is", null), eb("heartbeat_at", "<", before)]))
    .orderBy("heartbeat_at")
    .limit(100)
    .execute();
  return rows.map((row) => row.id);
}

/** A page of an import's failed rows after `afterRow`, in file order. */
export async function rowErrorsAfter(db: Db, importId: string, afterRow: number, limit: number) {
  return db
    .selectFrom("core.import_row_error")
    .select(["row_number", "cells", "errors"])
    .where("import_id", "=", importId)
    .where("row_number", ">", afterRow)
    .orderBy("row_number")
    .limit(limit)
    .execute();
}
