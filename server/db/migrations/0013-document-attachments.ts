import { type Kysely, sql } from "kysely";

/**
 * Documents attached to records of any entity (a company, a contact, a note for a note's files), the same shape as
 * notes.note_attached_to. Deleting a document removes its attachments; deleting a record removes the attachments to
 * it and leaves the documents (decision 019).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("documents.document_attached_to")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("document_id", "uuid", (col) => col.notNull().references("documents.document.id").onDelete("cascade"))
    .addColumn("schema_key", "text", (col) => col.notNull())
    .addColumn("table_key", "text", (col) => col.notNull())
    .addColumn("record_id", "uuid", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("created_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addUniqueConstraint("document_attached_to_once", ["document_id", "schema_key", "table_key", "record_id"])
    .execute();
  // A record's documents, newest first.
  await sql`create index document_attached_to_record on documents.document_attached_to
    (schema_key, table_key, record_id, created_at desc, document_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("documents.document_attached_to").execute();
}
