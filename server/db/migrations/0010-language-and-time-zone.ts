import { type Kysely, sql } from "kysely";

/**
 * A user's language is their choice: until they make one, the web app speaks what their browser asks for. Times are
 * shown in the user's time zone, else the company's (`core.setting` "time_zone").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table core.app_user alter column language drop not null, alter column language drop default`.execute(
    db,
  );
  await db.schema.alterTable("core.app_user").addColumn("time_zone", "text").execute();
}
