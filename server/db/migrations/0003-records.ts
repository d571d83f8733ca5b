import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  // unaccent() is only STABLE; an IMMUTABLE wrapper (fixed dictionary) can back indexes.
  await sql`
    create or replace function core.search_fold(value text) returns text
    language sql immutable parallel safe strict
    as $$ select lower(public.unaccent('public.unaccent'::regdictionary, value)) $$`.execute(db);

  await db.schema
    .createTable("core.entity")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("schema_key", "text", (col) => col.notNull())
    .addColumn("table_key", "text", (col) => col.notNull())
    .addColumn("label_en", "text", (col) => col.notNull())
    .addColumn("label_nb", "text", (col) => col.notNull())
    .addColumn("plural_en", "text", (col) => col.notNull())
    .addColumn("plural_nb", "text", (col) => col.notNull())
    .addColumn("resource", "text", (col) => col.notNull())
    .addColumn("built_in", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("entity_schema_table_key", ["schema_key", "table_key"])
    .execute();

  await db.schema
    .createTable("core.field")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("entity_id", "uuid", (col) => col.notNull().references("core.entity.id").onDelete("cascade"))
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("label_en", "text", (col) => col.notNull())
    .addColumn("label_nb", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("required", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("unique_value", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("active", "boolean", (col) => col.notNull().defaultTo(true))
    .addColumn("built_in", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("custom_field", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("part_of_name", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("searchable", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("favorite", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("settings", "jsonb", (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addUniqueConstraint("field_entity_key", ["entity_id", "key"])
    .execute();

  // Audit trail of every change to a record, written in the same transaction as the change.
  await db.schema
    .createTable("core.transaction")
    .addColumn("id", "bigserial", (col) => col.primaryKey())
    .addColumn("schema_key", "text", (col) => col.notNull())
    .addColumn("table_key", "text", (col) => col.notNull())
    .addColumn("record_id", "uuid", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("actor_id", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addColumn("at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("before", "jsonb")
    .addColumn("after", "jsonb")
    .execute();
  await sql`create index transaction_record on core.transaction (schema_key, table_key, record_id, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("core.transaction").execute();
  await db.schema.dropTable("core.field").execute();
  await db.schema.dropTable("core.entity").execute();
  await sql`drop function core.search_fold(text)`.execute(db);
}
