import { type Kysely, sql, type Transaction } from "kysely";
import { DEFAULT_LANGUAGE } from "../company-settings/company-settings.repository.ts";
import type { BulkFormat } from "../contract/bulk-data.ts";
import { DEFAULT_TIME_ZONE } from "../contract/time-zones.ts";
import type { Database } from "../db/schema.ts";
import type { EntityMetadata } from "../records/metadata.repository.ts";
import { tableName } from "../records/records.repository.ts";
import type { Relationship } from "../relationships/relationships.repository.ts";
import { getSetting } from "../settings/settings.repository.ts";
import { COMPANY_TIME_ZONE } from "../users/users.service.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The list an export was asked for, kept as asked (params jsonb): read again by the job. */
export interface ExportParams {
  /** "query": a saved advanced search query's result (its definition as it was when the export was asked for). */
  /** "form": a web form's submissions (`formId`). */
  scope: "all" | "listed" | "query" | "form";
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
  formId?: string;
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

/** The time zone a user's file names speak: their own, else the company's, else the product's default. */
export async function timeZoneOf(db: Kysely<Database>, userId: string): Promise<string> {
  const user = await db.selectFrom("core.app_user").select("time_zone").where("id", "=", userId).executeTakeFirst();
  return user?.time_zone ?? (await getSetting<string | null>(db, COMPANY_TIME_ZONE)) ?? DEFAULT_TIME_ZONE;
}

/** Every status of the entity by id, inactive ones too (a record may still be in one), with its names. */
export async function statusNames(
  db: Db,
  entity: Pick<EntityMetadata, "schemaKey" | "tableKey">,
): Promise<Map<string, { en: string; nb: string }>> {
  const rows = await db
    .selectFrom("core.meta_status")
    .select(["id", "name_en", "name_nb"])
    .where("schema_key", "=", entity.schemaKey)
    .where("table_key", "=", entity.tableKey)
    .where("kind", "=", "status")
    .execute();
  return new Map(rows.map((row) => [row.id, { en: row.name_en, nb: row.name_nb }]));
}

/** A linked record as an export names it: its place among its owner's links and how many the owner has. */
export interface LinkedName {
  ownerId: string;
  id: string;
  /** The other record's name fields' values, by key. */
  values: Record<string, unknown>;
  total: number;
}

/**
 * The records linked to `ids` through one side of a relationship, at most `limit` per record in the order of their
 * names, each with how many its owner has in all. Identifiers come from the relationship's and the entity's metadata;
 * the name fields are read under aliases of their own, so that no key meets the query's own columns.
 */
export async function linkedNames(
  db: Db,
  link: { relationship: Relationship; ownColumn: string; otherColumn: string },
  other: EntityMetadata,
  ids: string[],
  limit: number,
): Promise<LinkedName[]> {
  if (ids.length === 0) return [];
  const names = other.fields.filter((field) => field.partOfName).map((field) => field.key);
  const own = sql.ref(`l.${link.ownColumn}`);
  const order = sql.join([...names.map((key) => sql`lower(${sql.ref(`r.${key}`)}::text)`), sql.ref("r.id")]);
  const columns = sql.join([
    sql`${own} as owner_id`,
    sql`r.id`,
    ...names.map((key, index) => sql`${sql.ref(`r.${key}`)} as ${sql.id(`name_${index}`)}`),
  ]);
  const { rows } = await sql<Record<string, unknown>>`
    select * from (
      select ${columns},
        row_number() over (partition by ${own} order by ${order}) as position,
        count(*) over (partition by ${own}) as total
      from ${sql.table(tableName(other))} as r
      join ${sql.table(`${link.relationship.linkSchema}.${link.relationship.linkTable}`)} as l
        on ${sql.ref(`l.${link.otherColumn}`)} = r.id
      where ${own} = any(${ids}::uuid[])
    ) as linked
    where position <= ${limit}
    order by owner_id, position`.execute(db);
  return rows.map((row) => ({
    ownerId: String(row.owner_id),
    id: String(row.id),
    values: Object.fromEntries(names.map((key, index) => [key, row[`name_${index}`]])),
    total: Number(row.total),
  }));
}
