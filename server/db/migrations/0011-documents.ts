import { type Kysely, sql } from "kysely";
import { countRecords } from "./0007-record-counts.ts";
import { versionRecords } from "./0009-record-versions.ts";

/**
 * Documents: a record per stored file (server/files/storage.ts names the file by its SHA-256, kept here as checksum).
 * A record table like companies': counted, versioned, searched by one folded text, listed by name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("documents.document")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("created_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addColumn("updated_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addColumn("status_id", "uuid", (col) => col.references("core.meta_status.id").onDelete("set null"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("description", "text")
    .addColumn("file_name", "text", (col) => col.notNull())
    .addColumn("mime_type", "text", (col) => col.notNull())
    .addColumn("file_size", "bigint", (col) => col.notNull())
    .addColumn("checksum", "text", (col) => col.notNull())
    .execute();
  await sql`alter table documents.document add column search_text text generated always as
    (core.search_fold(coalesce(name, '') || chr(10) || coalesce(file_name, '') || chr(10) || coalesce(description, '')))
    stored`.execute(db);
  await sql`create index document_search_text on documents.document using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index document_name_sort on documents.document (lower(name), id) include (name, status_id)`.execute(
    db,
  );
  // The sweep of stored files asks which checksums rows still name.
  await sql`create index document_checksum on documents.document (checksum)`.execute(db);
  await countRecords(db, "documents", "document");
  await versionRecords(db, "documents", "document");
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from core.record_count where schema_key = 'documents' and table_key = 'document'`.execute(db);
  await sql`delete from core.record_version where schema_key = 'documents' and table_key = 'document'`.execute(db);
  await db.schema.dropTable("documents.document").execute();
}
