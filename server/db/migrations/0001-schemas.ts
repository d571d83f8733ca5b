import { type Kysely, sql } from "kysely";

const schemas = ["core", "crm", "notes", "documents", "custom_schema", "custom_schema_relationship"];

export async function up(db: Kysely<any>): Promise<void> {
  for (const schema of schemas) {
    await db.schema.createSchema(schema).ifNotExists().execute();
  }
  // Trigram search and accent folding back the record search; both are trusted extensions.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);

  // One workspace (organisation) per database.
  await db.schema
    .createTable("core.workspace")
    .addColumn("id", "integer", (col) => col.primaryKey().defaultTo(1).check(sql`id = 1`))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("demo", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("core.workspace").execute();
  for (const schema of [...schemas].reverse()) {
    await db.schema.dropSchema(schema).ifExists().execute();
  }
}
