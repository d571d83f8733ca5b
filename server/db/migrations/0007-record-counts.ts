import { type Kysely, sql } from "kysely";

/**
 * Row counts of record tables per status, kept by statement triggers in the writing transaction, so a list's total is
 * exact without counting a million rows on every page (see docs/performance.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table core.record_count (
    schema_key text not null,
    table_key text not null,
    status_id uuid,
    total bigint not null,
    constraint record_count_key unique nulls not distinct (schema_key, table_key, status_id)
  )`.execute(db);

  // Rows are added in status order, so two writers lock counters in the same order and cannot deadlock.
  await sql`create function core.count_records() returns trigger language plpgsql as $$
  begin
    if tg_op = 'TRUNCATE' then
      delete from core.record_count where schema_key = tg_table_schema and table_key = tg_table_name;
      return null;
    end if;
    with changes as (
      select status_id, count(*) as delta from new_rows group by status_id
      union all
      select status_id, -count(*) from old_rows group by status_id
    )
    insert into core.record_count as counted (schema_key, table_key, status_id, total)
      select tg_table_schema, tg_table_name, status_id, sum(delta)
        from changes group by status_id having sum(delta) <> 0 order by status_id
      on conflict (schema_key, table_key, status_id) do update set total = counted.total + excluded.total;
    return null;
  end $$`.execute(db);

  // Inserts and deletes see an empty table on the other side.
  await sql`create function core.count_inserted_records() returns trigger language plpgsql as $$
  begin
    insert into core.record_count as counted (schema_key, table_key, status_id, total)
      select tg_table_schema, tg_table_name, status_id, count(*) from new_rows group by status_id order by status_id
      on conflict (schema_key, table_key, status_id) do update set total = counted.total + excluded.total;
    return null;
  end $$`.execute(db);
  await sql`create function core.count_deleted_records() returns trigger language plpgsql as $$
  begin
    insert into core.record_count as counted (schema_key, table_key, status_id, total)
      select tg_table_schema, tg_table_name, status_id, -count(*) from old_rows group by status_id order by status_id
      on conflict (schema_key, table_key, status_id) do update set total = counted.total + excluded.total;
    return null;
  end $$`.execute(db);

  for (const table of ["company", "contact"]) await countRecords(db, "crm", table);
}

/** Keeps core.record_count for a record table; every record table gets this when it is created. */
export async function countRecords(db: Kysely<any>, schema: string, table: string): Promise<void> {
  const target = sql.table(`${schema}.${table}`);
  const name = (suffix: string) => sql.id(`${table}_count_${suffix}`);
  await sql`create trigger ${name("insert")} after insert on ${target}
    referencing new table as new_rows for each statement execute function core.count_inserted_records()`.execute(db);
  await sql`create trigger ${name("delete")} after delete on ${target}
    referencing old table as old_rows for each statement execute function core.count_deleted_records()`.execute(db);
  await sql`create trigger ${name("update")} after update on ${target}
    referencing old table as old_rows new table as new_rows for each statement execute function core.count_records()`.execute(
    db,
  );
  await sql`create trigger ${name("truncate")} after truncate on ${target}
    for each statement execute function core.count_records()`.execute(db);
  await sql`insert into core.record_count (schema_key, table_key, status_id, total)
    select ${schema}, ${table}, status_id, count(*) from ${target} group by status_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["company", "contact"]) {
    for (const suffix of ["insert", "delete", "update", "truncate"]) {
      await sql`drop trigger ${sql.id(`${table}_count_${suffix}`)} on ${sql.table(`crm.${table}`)}`.execute(db);
    }
  }
  await sql`drop function core.count_records()`.execute(db);
  await sql`drop function core.count_inserted_records()`.execute(db);
  await sql`drop function core.count_deleted_records()`.execute(db);
  await sql`drop table core.record_count`.execute(db);
}
