import { CompiledQuery, type Kysely, sql, type Transaction } from "kysely";
import { type Actor, can } from "../auth/permissions.ts";
import { advancedSearchTexts } from "../contract/advanced-search.ts";
import { forUserQueries, withEmbeddedStatementLimit } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { DomainError } from "../http/errors.ts";
import { tableName } from "../records/records.repository.ts";
import { cachedRelationships } from "../relationships/relationships.repository.ts";
import { TtlCache } from "../shared/ttl-cache.ts";
import {
  ensureReader,
  entityResourceRows,
  estimateCost,
  planCost,
  type Reader,
  readerFor,
  runAsReader,
} from "./readers.repository.ts";

/**
 * Every statement whose text or shape a user wrote (a Query field's select, an advanced search, a data source, a
 * widget) runs here: on the pool kept for such statements, read-only, within a statement timeout, and only after the
 * planner's estimate says it can finish (decision 037).
 */

/**
 * The planner's cost above which a statement is refused before it runs: about a sequential page read a unit, some
 * tens of microseconds each when measured here. At a million companies and contacts on PostgreSQL the heaviest
 * searches a user can build cost about 230,000 (the total of every company joined to its contacts by an unanchored
 * text filter, 6 s on a busy machine) and a list's total 31,000; a cross join of the two costs 2 × 10^10. The limit
 * leaves the first to the statement timeout and refuses what no timeout would let finish (docs/performance.md).
 */
export const MAX_QUERY_COST = 1_000_000;

/** How long a Query field's select may run. */
export const QUERY_FIELD_TIMEOUT_MS = 2_000;

function queryFailed(): DomainError {
  return new DomainError(422, "QueryFailedException", advancedSearchTexts.queryFailed);
}

const CANCELED = "57014";
const INSUFFICIENT_PRIVILEGE = "42501";

/**
 * Runs `work` in a read-only transaction on the pool for user-written statements, each statement stopped after
 * `timeoutMs`; a statement stopped so answers "Query failed.".
 */
export async function withQueryLimits<T>(
  db: Kysely<Database>,
  timeoutMs: number,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  try {
    return await forUserQueries(db)
      .transaction()
      .execute(async (trx) => {
        await sql`set transaction read only`.execute(trx);
        const limit = Math.max(1, Math.round(timeoutMs));
        await sql`select set_config('statement_timeout', ${`${limit}ms`}, true)`.execute(trx);
        return withEmbeddedStatementLimit(db, limit, () => work(trx));
      });
  } catch (error) {
    if ((error as { code?: unknown }).code === CANCELED) throw queryFailed();
    throw error;
  }
}

/** Refuses ("Query failed.") a statement the planner expects to cost more than MAX_QUERY_COST. */
export async function refuseCostly(trx: Transaction<Database>, query: CompiledQuery): Promise<void> {
  const { rows } = await trx.executeQuery<{ "QUERY PLAN": unknown }>(
    CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
  );
  if (planCost(rows[0]?.["QUERY PLAN"]) > MAX_QUERY_COST) throw queryFailed();
}

// ---- readers ----

/**
 * Tables of the record schemas that are not an entity's or a relationship's, by the right that reads them: they
 * name records of the entity only by id.
 */
const RECORD_SIDE_TABLES: Record<string, string> = {
  "notes.note_attached_to": "Note",
  "documents.document_attached_to": "Document",
  "documents.signature_request": "Document",
  "crm.inquiry_company_contact": "Inquiry",
  "crm.todo_company_contact": "Todo",
};

/** The right that reads the links between companies and contacts (spec §6). */
const LINKS_RESOURCE = "CRM";

const entityResources = new WeakMap<object, TtlCache<{ table: string; resource: string; key: string }[]>>();

function entitiesOf(db: Kysely<Database>) {
  let cache = entityResources.get(db);
  if (!cache) {
    cache = new TtlCache(5_000, 1);
    entityResources.set(db, cache);
  }
  return cache.get("all", async () => {
    const rows = await entityResourceRows(db);
    return rows.map((row) => ({
      table: tableName({ schemaKey: row.schema_key, tableKey: row.table_key }),
      resource: row.resource,
      key: `${row.schema_key}.${row.table_key}`,
    }));
  });
}

/** The record tables the actor may read: their entities', the links between two of them, and their side tables. */
export async function readableTables(db: Kysely<Database>, actor: Actor): Promise<string[]> {
  const entities = await entitiesOf(db);
  const readable = new Set(entities.filter((entity) => can(actor, "Read", entity.resource)).map((e) => e.key));
  const tables = entities.filter((entity) => readable.has(entity.key)).map((entity) => entity.table);
  for (const relationship of await cachedRelationships(db)) {
    const both =
      readable.has(`${relationship.schema1}.${relationship.key1}`) &&
      readable.has(`${relationship.schema2}.${relationship.key2}`);
    if (both && (!relationship.builtIn || can(actor, "Read", LINKS_RESOURCE))) {
      tables.push(`${relationship.linkSchema}.${relationship.linkTable}`);
    }
  }
  for (const [table, resource] of Object.entries(RECORD_SIDE_TABLES)) {
    if (can(actor, "Read", resource)) tables.push(table);
  }
  return tables;
}

const ensured = new WeakMap<object, Map<string, Promise<void>>>();

function ensureOnce(db: Kysely<Database>, reader: Reader, again = false): Promise<void> {
  let made = ensured.get(db);
  if (!made) {
    made = new Map();
    ensured.set(db, made);
  }
  const known = made.get(reader.role);
  if (known && !again) return known;
  const pending = ensureReader(db, reader);
  made.set(reader.role, pending);
  pending.catch(() => made.delete(reader.role));
  return pending;
}

/** When a reader's grant was last completed after a refusal: a hostile select must not make grants on every run. */
const regranted = new Map<string, number>();
const REGRANT_EVERY_MS = 30_000;

/**
 * Runs a Query field's select for one record as the reader of the actor's rights: `this.id` is the record's id, at
 * most `maxRows` rows come back. Throws for a select that fails, would cost too much, or runs out of time.
 */
export async function runQueryField(
  db: Kysely<Database>,
  actor: Actor,
  text: string,
  recordId: string,
  maxRows: number,
): Promise<Record<string, unknown>[]> {
  const reader = readerFor(await readableTables(db, actor));
  const bound = text.replace(/\bthis\.id\b/g, "$1::uuid");
  const run = () =>
    withQueryLimits(db, QUERY_FIELD_TIMEOUT_MS, async (trx) => {
      if ((await estimateCost(trx, reader, bound, recordId, maxRows)) > MAX_QUERY_COST) throw queryFailed();
      return runAsReader(trx, reader, bound, recordId, maxRows);
    });
  await ensureOnce(db, reader);
  try {
    return await run();
  } catch (error) {
    // Another process may have dropped and made again a table the reader was granted.
    const last = regranted.get(reader.role) ?? 0;
    if ((error as { code?: unknown }).code !== INSUFFICIENT_PRIVILEGE || Date.now() - last < REGRANT_EVERY_MS) {
      throw error;
    }
    regranted.set(reader.role, Date.now());
    await ensureOnce(db, reader, true);
    return run();
  }
}
