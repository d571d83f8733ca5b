import { type Kysely, sql, type Transaction } from "kysely";
import { DEFAULT_LANGUAGE } from "../company-settings/company-settings.repository.ts";
import type { BulkFormat } from "../contract/bulk-data.ts";
import type { Database } from "../db/schema.ts";
import { getSetting } from "../settings/settings.repository.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The list an export was asked for, kept as asked (params jsonb): read again by the job. */
export interface ExportParams {
  /** "query": a saved advanced search query's result (its definition as it was when the export was asked for). */
  scope: "all" | "listed" | "query";
  /** The fields chosen (the list's visible ones), in their order; every exportable field when absent. */
  fields?: string[];
  sort?: string;
  q?: string;
  statusId?: string;
  filters?: Record<string, string>;
  openOnly?: boolean;
  overdueOn?: string;
  /** A query export's saved query: its type and definition. */
  queryType?: "global" | "personal";
  definition?: unknown;
}

const COLUMNS = [
  "id",
  "user_id",
  "schema_key",
  "table_key",
  "format",
  "params",
  "language",
  "status",
  "row_count",
  "file_name",
  "file_key",
  "file_size",
  "message",
  "created_at",
  "finished_at",
  "expires_at",
  "saved_query_id",
] as const;

export type StoredExport = Awaited<ReturnType<typeof findExport>> & {};

export async function insertExport(
  db: Db,
  row: {
    userId: string;
    schemaKey: string;
    tableKey: string;
    format: BulkFormat;
    params: ExportParams;
    language: string;
    fileName: string;
    /** The saved query whose result it is. */
    savedQueryId?: string;
  },
) {
  return db
    .insertInto("core.export_job")
    .values({
      user_id: row.userId,
      schema_key: row.schemaKey,
      table_key: row.tableKey,
      format: row.format,
      params: JSON.stringify(row.params),
      language: row.language,
      file_name: row.fileName,
      saved_query_id: row.savedQueryId ?? null,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function findExport(db: Db, id: string) {
  return db.selectFrom("core.export_job").select(COLUMNS).where("id", "=", id).executeTakeFirst();
}

/** One user's exports, newest first. */
export async function recentExports(db: Db, userId: string, offset: number, limit: number) {
  const [rows, counted] = await Promise.all([
    db
      .selectFrom("core.export_job")
      .select(COLUMNS)
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom("core.export_job")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

/** The file is stored: the export is ready until the retention ends. False if it was no longer under way. */
export async function finishExport(
  trx: Transaction<Database>,
  id: string,
  file: { key: string; size: number; rowCount: number; retentionDays: number },
): Promise<boolean> {
  const result = await trx
    .updateTable("core.export_job")
    .set({
      status: "ready",
      row_count: file.rowCount,
      file_key: file.key,
      file_size: file.size,
      message: null,
      finished_at: sql`now()`,
      expires_at: sql`now() + make_interval(days => ${file.retentionDays})`,
    })
    .where("id", "=", id)
    .where("status", "=", "exporting")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function failExport(trx: Transaction<Database>, id: string, message: string): Promise<boolean> {
  const result = await trx
    .updateTable("core.export_job")
    .set({ status: "failed", message, finished_at: sql`now()` })
    .where("id", "=", id)
    .where("status", "=", "exporting")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Exports still being written that were asked for before `before`, oldest first. */
export async function exportingSince(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .selectFrom("core.export_job")
    .select("id")
    .where("status", "=", "exporting")
    .where("created_at", "<", before)
    .orderBy("created_at")
    .limit(100)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Ready exports past their time become expired and let go of their file; finished imports older than the retention
 * let go of their upload (only the key: the rest of the import stays for its history). The storage's sweep removes
 * files no row names any more.
 */
export async function expireBulkFiles(db: Db, retentionDays: number): Promise<{ exports: number; imports: number }> {
  const exports = await db
    .updateTable("core.export_job")
    .set({ status: "expired", file_key: null })
    .where("status", "=", "ready")
    .where("expires_at", "<=", sql<Date>`now()`)
    .executeTakeFirst();
  const imports = await db
    .updateTable("core.import_job")
    .set({ file_key: null })
    .where("file_key", "is not", null)
    .where("status", "is not", null)
    .where("status", "<>", "importing")
    .where("finished_at", "<", sql<Date>`now() - make_interval(days => ${retentionDays})`)
    .executeTakeFirst();
  return { exports: Number(exports.numUpdatedRows), imports: Number(imports.numUpdatedRows) };
}

/** The language a user's files speak: their own, else the company's default, else English. */
export async function languageOf(db: Kysely<Database>, userId: string): Promise<"en" | "nb"> {
  const user = await db.selectFrom("core.app_user").select("language").where("id", "=", userId).executeTakeFirst();
  const language = user?.language ?? (await getSetting<string | null>(db, DEFAULT_LANGUAGE));
  return language === "nb" ? "nb" : "en";
}
