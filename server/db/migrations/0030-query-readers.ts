import { type Kysely, sql } from "kysely";

const recordSchemas = ["crm", "notes", "documents", "custom_schema", "custom_schema_relationship"];

/**
 * Query fields and other user-written statements run as readers, each owning a function in `query_reader`
 * (server/user-queries, decision 037). The one role they ran as before may read every record table; it loses its
 * grants here, as nothing runs as it any more.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create schema if not exists query_reader`.execute(db);
  await sql`revoke all on schema query_reader from public`.execute(db);
  const old = await sql<{ found: boolean }>`select exists
    (select from pg_roles where rolname = 'workspace_query_reader') as found`.execute(db);
  if (!old.rows[0]?.found) return;
  const list = sql.join(recordSchemas.map((schema) => sql.id(schema)));
  await sql`alter default privileges in schema ${list} revoke select on tables from workspace_query_reader`.execute(db);
  await sql`revoke select on all tables in schema ${list} from workspace_query_reader`.execute(db);
  await sql`revoke usage on schema ${list} from workspace_query_reader`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop schema if exists query_reader cascade`.execute(db);
}
