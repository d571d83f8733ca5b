import { type Kysely, sql } from "kysely";

/**
 * Signature requests of documents (spec §4 "A document with a signature request cannot be updated or deleted"). E-signing
 * fills this table; until then no document has one. A request keeps its document: the database refuses the delete too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("documents.signature_request")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("document_id", "uuid", (col) => col.notNull().references("documents.document.id").onDelete("restrict"))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("created_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .execute();
  await sql`create index signature_request_document on documents.signature_request (document_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("documents.signature_request").execute();
}
