import { type Kysely, sql } from "kysely";

/** One default status (or priority, category, source) per entity: the settings move it, the database holds to it. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index meta_status_one_default on core.meta_status (schema_key, table_key, kind)
    where is_default`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index core.meta_status_one_default`.execute(db);
}
