import { type Kysely, sql } from "kysely";

/**
 * An import's file is checked whole, with its mapping, before it is imported (decision 028): where the check is, the
 * rows it has read and those it would refuse, its first errors, and, when the file itself stops it, why and where.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("core.import_job")
    .addColumn("check_status", "text", (col) => col.check(sql`check_status in ('checking', 'checked', 'failed')`))
    .addColumn("checked_rows", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("error_rows", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("check_errors", "jsonb", (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("check_message", "text")
    .addColumn("check_row", "integer")
    .execute();
  // Imports under way when this came were counted before they were written, or are about to be: the job checks those
  // not counted yet, and goes on with the others.
  await sql`update core.import_job set check_status = case when total_rows is null then 'checking' else 'checked' end
    where status = 'importing'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("core.import_job")
    .dropColumn("check_status")
    .dropColumn("checked_rows")
    .dropColumn("error_rows")
    .dropColumn("check_errors")
    .dropColumn("check_message")
    .dropColumn("check_row")
    .execute();
}
