import { type Kysely, sql } from "kysely";
import { countRecords } from "./0007-record-counts.ts";
import { versionRecords } from "./0009-record-versions.ts";

/**
 * Notes: records of their own (title and text), attached to any records of any entity through
 * notes.note_attached_to. Deleting a note removes its attachments; deleting a record removes the attachments to it
 * and leaves the notes (decision 019).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("notes.note")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("created_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addColumn("updated_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addColumn("status_id", "uuid", (col) => col.references("core.meta_status.id").onDelete("set null"))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("text", "text")
    .execute();
  await sql`alter table notes.note add column search_text text generated always as
    (core.search_fold(coalesce(title, '') || chr(10) || coalesce(text, ''))) stored`.execute(db);
  await sql`create index note_search_text on notes.note using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index note_name_sort on notes.note (lower(title), id) include (title, status_id)`.execute(db);
  await countRecords(db, "notes", "note");
  await versionRecords(db, "notes", "note");

  await db.schema
    .createTable("notes.note_attached_to")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("note_id", "uuid", (col) => col.notNull().references("notes.note.id").onDelete("cascade"))
    .addColumn("schema_key", "text", (col) => col.notNull())
    .addColumn("table_key", "text", (col) => col.notNull())
    .addColumn("record_id", "uuid", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("created_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addUniqueConstraint("note_attached_to_once", ["note_id", "schema_key", "table_key", "record_id"])
    .execute();
  // A record's notes, newest first.
  await sql`create index note_attached_to_record on notes.note_attached_to
    (schema_key, table_key, record_id, created_at desc, note_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("notes.note_attached_to").execute();
  await sql`delete from core.record_count where schema_key = 'notes' and table_key = 'note'`.execute(db);
  await sql`delete from core.record_version where schema_key = 'notes' and table_key = 'note'`.execute(db);
  await db.schema.dropTable("notes.note").execute();
}
