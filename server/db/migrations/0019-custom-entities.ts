import { type Kysely, sql } from "kysely";

/** The icon a custom entity shows in the menu (built-in entities have their own in the web app). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table core.entity add column icon text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table core.entity drop column icon`.execute(db);
}
