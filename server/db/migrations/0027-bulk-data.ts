import { type Kysely, sql } from "kysely";

/**
 * Bulk imports and exports (spec §4 Import, §7 bulk data), run as jobs on the queue (server/plugins/jobs.ts).
 *
 * An import is an uploaded file with its header row and how its columns map to fields; `status` is null while the
 * user maps it, then one of spec §4's. `rows_done` is the resume point: a batch's records, its rows' errors and the
 * new `rows_done` commit in one transaction, so a process killed mid-import resumes at the last committed batch and
 * no row is written twice. Rows that fail are kept with their cells and errors, from which the error file is made.
 *
 * An export is a list's query, kept as asked, and the file a job made of it, removed after the retention days.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("core.import_job")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("core.app_user.id").onDelete("cascade"))
    .addColumn("schema_key", "text", (col) => col.notNull())
    .addColumn("table_key", "text", (col) => col.notNull())
    .addColumn("file_name", "text", (col) => col.notNull())
    .addColumn("format", "text", (col) => col.notNull().check(sql`format in ('xlsx', 'csv')`))
    .addColumn("file_key", "text")
    .addColumn("file_size", "bigint", (col) => col.notNull())
    .addColumn("language", "text", (col) => col.notNull().defaultTo("en"))
    .addColumn("columns", "jsonb", (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("mapping", "jsonb", (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("mode", "text", (col) =>
      col.notNull().defaultTo("create").check(sql`mode in ('create', 'update', 'upsert')`),
    )
    .addColumn("match_field", "text")
    .addColumn("status", "text", (col) =>
      col.check(sql`status in ('importing', 'success', 'failed', 'stopped', 'no_operation', 'unknown')`),
    )
    .addColumn("total_rows", "integer")
    .addColumn("rows_done", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("updated_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("unchanged_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("failed_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("stop_requested", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("message", "text")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("started_at", "timestamptz")
    .addColumn("finished_at", "timestamptz")
    .addColumn("heartbeat_at", "timestamptz")
    .execute();
  await sql`create index import_job_recent on core.import_job (created_at desc, id desc) where status is not null`.execute(
    db,
  );
  await sql`create index import_job_user_recent on core.import_job (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index import_job_active on core.import_job (status) where status = 'importing'`.execute(db);

  await db.schema
    .createTable("core.import_row_error")
    .addColumn("import_id", "uuid", (col) => col.notNull().references("core.import_job.id").onDelete("cascade"))
    .addColumn("row_number", "integer", (col) => col.notNull())
    .addColumn("cells", "jsonb", (col) => col.notNull())
    .addColumn("errors", "jsonb", (col) => col.notNull())
    .addPrimaryKeyConstraint("import_row_error_pkey", ["import_id", "row_number"])
    .execute();

  await db.schema
    .createTable("core.export_job")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("core.app_user.id").onDelete("cascade"))
    .addColumn("schema_key", "text", (col) => col.notNull())
    .addColumn("table_key", "text", (col) => col.notNull())
    .addColumn("format", "text", (col) => col.notNull().check(sql`format in ('xlsx', 'csv')`))
    .addColumn("params", "jsonb", (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("language", "text", (col) => col.notNull().defaultTo("en"))
    .addColumn("status", "text", (col) =>
      col.notNull().defaultTo("exporting").check(sql`status in ('exporting', 'ready', 'failed', 'expired')`),
    )
    .addColumn("row_count", "integer")
    .addColumn("file_name", "text", (col) => col.notNull())
    .addColumn("file_key", "text")
    .addColumn("file_size", "bigint")
    .addColumn("message", "text")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("finished_at", "timestamptz")
    .addColumn("expires_at", "timestamptz")
    .execute();
  await sql`create index export_job_user_recent on core.export_job (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index export_job_expiring on core.export_job (expires_at) where status = 'ready'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("core.export_job").execute();
  await db.schema.dropTable("core.import_row_error").execute();
  await db.schema.dropTable("core.import_job").execute();
}
