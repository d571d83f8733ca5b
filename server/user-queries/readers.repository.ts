import { createHash } from "node:crypto";
import { CompiledQuery, type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * Readers: the database roles that SQL written by users runs as (decision 037). A reader may read exactly one set of
 * record tables, the tables some user may read, and owns a SECURITY DEFINER function in `query_reader` that runs a
 * select as that role. PostgreSQL refuses to change the role inside such a function (`set_config('role', …)` and
 * `SET ROLE` answer "cannot set parameter "role" within security-definer function"), so whatever the select calls,
 * `query_to_xml` included, reads with the reader's rights and no more.
 */

export const READER_SCHEMA = "query_reader";

export interface Reader {
  /** The database role, `workspace_reader_<hash of its tables>`: the same set of tables is the same role. */
  role: string;
  /** Its function in READER_SCHEMA. */
  functionName: string;
  /** The tables it may read, "schema.table", sorted. */
  tables: string[];
}

const TABLE = /^[a-z][a-z0-9_]{0,62}\.[a-z][a-z0-9_]{0,62}$/;

export function readerFor(tables: string[]): Reader {
  const sorted = [...new Set(tables)].sort();
  for (const table of sorted) if (!TABLE.test(table)) throw new Error(`unsafe table name ${table}`);
  const hash = createHash("sha256").update(sorted.join(",")).digest("hex").slice(0, 20);
  return { role: `workspace_reader_${hash}`, functionName: `run_${hash}`, tables: sorted };
}

/**
 * Creates the reader's role, grants and function, or completes them (a table dropped and made again lost its grant).
 * Roles belong to the whole server, so another database of it, or another process, may have made the role already.
 */
export async function ensureReader(db: Kysely<Database>, reader: Reader): Promise<void> {
  const role = sql.id(reader.role);
  const fn = sql`${sql.id(READER_SCHEMA)}.${sql.id(reader.functionName)}`;
  await db.transaction().execute(async (trx) => {
    // Two processes granting to one role at once would fail with "tuple concurrently updated".
    await sql`select pg_advisory_xact_lock(hashtext(${reader.role}))`.execute(trx);
    await sql
      .raw(`do $$ begin
        if not exists (select from pg_roles where rolname = '${reader.role}') then
          create role ${reader.role} nologin noinherit;
        end if;
      exception when duplicate_object or unique_violation then null;
      end $$`)
      .execute(trx);
    // Making the role own the function needs its membership (PostgreSQL 16 gives its creator only the admin option).
    await sql`do $$ begin
        execute format('grant %I to %I', ${sql.lit(reader.role)}, current_user);
      exception when others then null;
      end $$`.execute(trx);
    await sql`grant usage, create on schema ${sql.id(READER_SCHEMA)} to ${role}`.execute(trx);
    const schemas = [...new Set(reader.tables.map((table) => table.split(".")[0] as string))];
    if (schemas.length > 0) {
      await sql`grant usage on schema ${sql.join(schemas.map((schema) => sql.id(schema)))} to ${role}`.execute(trx);
      await sql`grant select on ${sql.join(reader.tables.map((table) => sql.table(table)))} to ${role}`.execute(trx);
    }
    // The select is a subquery of one statement with a row limit, `this.id` is its $1, and the plan comes first
    // when asked, so that a select that cannot finish is refused before it runs.
    await sql`create or replace function ${fn}(query text, record uuid, max_rows integer, plan_only boolean)
      returns setof json language plpgsql security definer set search_path = public as $body$
      declare
        plan json;
      begin
        if plan_only then
          execute 'explain (format json) select to_json(q) from (' || query || e'\n) as q limit ' || max_rows
            into plan using record;
          return next plan;
        else
          return query execute 'select to_json(q) from (' || query || e'\n) as q limit ' || max_rows using record;
        end if;
      end $body$`.execute(trx);
    await sql`alter function ${fn}(text, uuid, integer, boolean) owner to ${role}`.execute(trx);
    await sql`revoke all on function ${fn}(text, uuid, integer, boolean) from public`.execute(trx);
    await sql`grant execute on function ${fn}(text, uuid, integer, boolean) to current_user`.execute(trx);
  });
}

/** The planner's estimate of the whole select's cost, in its own units. */
export async function estimateCost(
  trx: Transaction<Database>,
  reader: Reader,
  query: string,
  recordId: string,
  maxRows: number,
): Promise<number> {
  const { rows } = await trx.executeQuery<{ plan: unknown }>(
    CompiledQuery.raw(`select ${READER_SCHEMA}.${reader.functionName}($1, $2, $3, true) as plan`, [
      query,
      recordId,
      maxRows,
    ]),
  );
  return planCost(rows[0]?.plan);
}

/** The rows the select gives, as objects of its columns in order. */
export async function runAsReader(
  trx: Transaction<Database>,
  reader: Reader,
  query: string,
  recordId: string,
  maxRows: number,
): Promise<Record<string, unknown>[]> {
  const { rows } = await trx.executeQuery<{ row: Record<string, unknown> }>(
    CompiledQuery.raw(`select ${READER_SCHEMA}.${reader.functionName}($1, $2, $3, false) as row`, [
      query,
      recordId,
      maxRows,
    ]),
  );
  return rows.map((row) => row.row);
}

/** The total cost of an `explain (format json)` result. */
export function planCost(plan: unknown): number {
  const top = (Array.isArray(plan) ? plan[0] : plan) as { Plan?: { "Total Cost"?: unknown } } | undefined;
  const cost = Number(top?.Plan?.["Total Cost"]);
  return Number.isFinite(cost) ? cost : Number.POSITIVE_INFINITY;
}

/** Every entity's table keys and the resource whose Read right reads it. */
export async function entityResourceRows(db: Kysely<Database>) {
  return db.selectFrom("core.entity").select(["schema_key", "table_key", "resource"]).execute();
}
