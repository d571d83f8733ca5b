import { type Kysely, sql } from "kysely";

/**
 * A version per record table, raised by every statement that writes to it, in the writing transaction. A reader that
 * sees the same version in its snapshot as when it noted something about the table's rows (where each thousandth row
 * of a sorted list is) knows that note still holds; any write in between shows as a higher version.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table core.record_version (
    schema_key text not null,
    table_key text not null,
    version bigint not null,
    primary key (schema_key, table_key)
  )`.execute(db);
  await sql`create function core.raise_record_version() returns trigger language plpgsql as $$
  begin
    update core.record_version set version = version + 1
      where schema_key = tg_table_schema and table_key = tg_table_name;
    return null;
  end $$`.execute(db);
  for (const table of ["company", "contact"]) await versionRecords(db, "crm", table);
}

/** Keeps core.record_version for a record table; every record table gets this when it is created. */
export async function versionRecords(db: Kysely<any>, schema: string, table: string): Promise<void> {
  await sql`create trigger ${sql.id(`${table}_version`)} after insert or update or delete or truncate
    on ${sql.table(`${schema}.${table}`)} for each statement execute function core.raise_record_version()`.execute(db);
  await sql`insert into core.record_version (schema_key, table_key, version) values (${schema}, ${table}, 1)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["company", "contact"]) {
    await sql`drop trigger ${sql.id(`${table}_version`)} on ${sql.table(`crm.${table}`)}`.execute(db);
  }
  await sql`drop function core.raise_record_version()`.execute(db);
  await sql`drop table core.record_version`.execute(db);
}
