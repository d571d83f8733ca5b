import { type Kysely, sql } from "kysely";

const schemas = ["crm", "notes", "documents", "custom_schema", "custom_schema_relationship"];

/**
 * The role Query fields run as (decision 022): it may read the record schemas and nothing else, so a select written in
 * the settings cannot see users, tokens or secrets in `core`. Roles belong to the whole server, so another database
 * of it may have made this one already; a database user that may not create roles leaves Query fields answering
 * "Query failed.".
 */
export async function up(db: Kysely<any>): Promise<void> {
  const list = sql.join(schemas.map((schema) => sql.id(schema)));
  await sql`do $$
  begin
    if not exists (select from pg_roles where rolname = 'workspace_query_reader') then
      create role workspace_query_reader nologin;
    end if;
  exception when duplicate_object or unique_violation or insufficient_privilege then
    raise notice 'workspace_query_reader: %', sqlerrm;
  end $$`.execute(db);
  const exists = await sql<{ found: boolean }>`select exists
    (select from pg_roles where rolname = 'workspace_query_reader') as found`.execute(db);
  if (!exists.rows[0]?.found) return;
  await sql`grant usage on schema ${list} to workspace_query_reader`.execute(db);
  await sql`grant select on all tables in schema ${list} to workspace_query_reader`.execute(db);
  await sql`alter default privileges in schema ${list} grant select on tables to workspace_query_reader`.execute(db);
  await sql`do $$
  begin
    execute format('grant workspace_query_reader to %I', current_user);
  exception when others then
    raise notice 'workspace_query_reader: %', sqlerrm;
  end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const list = sql.join(schemas.map((schema) => sql.id(schema)));
  await sql`alter default privileges in schema ${list} revoke select on tables from workspace_query_reader`.execute(db);
  await sql`revoke select on all tables in schema ${list} from workspace_query_reader`.execute(db);
  await sql`revoke usage on schema ${list} from workspace_query_reader`.execute(db);
}
