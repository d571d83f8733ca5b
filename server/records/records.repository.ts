import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from "kysely";
import type { FieldDefinition } from "../contract/fields.ts";
import type { Database } from "../db/schema.ts";
import { containsPattern } from "../db/values.ts";
import type { EntityMetadata } from "./metadata.repository.ts";

type Db = Kysely<Database> | Transaction<Database>;
// Record tables are defined by metadata rows, not by the static Database type.
type AnyDb = Kysely<any> | Transaction<any>;

const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;

/** Identifiers come only from metadata rows, and only in this shape; Kysely quotes them too. */
export function tableName(entity: Pick<EntityMetadata, "schemaKey" | "tableKey">): string {
  if (!IDENTIFIER.test(entity.schemaKey) || !IDENTIFIER.test(entity.tableKey)) {
    throw new Error(`unsafe table name ${entity.schemaKey}.${entity.tableKey}`);
  }
  return `${entity.schemaKey}.${entity.tableKey}`;
}

function columnsOf(entity: EntityMetadata): string[] {
  return [
    "status_id",
    ...entity.fields.filter((field) => field.active && IDENTIFIER.test(field.key)).map((field) => field.key),
  ];
}

export interface StoredRecord {
  id: string;
  status_id: string | null;
  created_at: Date;
  updated_at: Date;
  [column: string]: unknown;
}

export interface ListQuery {
  offset: number;
  limit: number;
  sort: { key: string; direction: "asc" | "desc" }[];
  search?: string;
  statusId?: string;
  filters: { field: FieldDefinition; value: string }[];
}

export interface ListResult {
  content: StoredRecord[];
  total: number;
  /** False when a search or filter matched more than it counted: then there are more than `total`. */
  totalExact: boolean;
}

const textTypes = new Set(["Text", "LongText", "Email", "Phone", "Url", "List"]);

/** Pages this deep in a list of known length are read from its far end when that is nearer. */
const REVERSE_FROM_OFFSET = 10_000;
/** A search or filter counts matches to the next round thousand at least this far past the page, not all of them:
 * beyond that its total reads "more than". */
const COUNT_AHEAD = 1_000;

interface SortTerm {
  expression: Expression<unknown>;
  descending: boolean;
  nullsFirst: boolean;
}

/**
 * The list's order, ending in id so it is total. Required fields and id keep PostgreSQL's own null placement (they
 * hold no nulls), so a name-sort index serves both directions; optional fields put empty values last either way.
 */
function sortTerms(entity: EntityMetadata, sort: ListQuery["sort"]): SortTerm[] {
  const terms = sort.map(({ key, direction }): SortTerm => {
    const field = entity.fields.find((f) => f.key === key);
    const descending = direction === "desc";
    return {
      expression: field && textTypes.has(field.type) ? sql`lower(${sql.ref(key)})` : sql.ref(key),
      descending,
      nullsFirst: field?.required ? descending : false,
    };
  });
  const descending = terms[0]?.descending ?? false;
  return [...terms, { expression: sql.ref("id"), descending, nullsFirst: descending }];
}

function ordered<Q extends { orderBy(...args: any[]): Q }>(query: Q, terms: SortTerm[], reverse: boolean): Q {
  let result = query;
  for (const term of terms) {
    const descending = term.descending !== reverse;
    const nullsFirst = term.nullsFirst !== reverse;
    result = result.orderBy(term.expression, (ob: any) => {
      const direction = descending ? ob.desc() : ob.asc();
      return nullsFirst ? direction.nullsFirst() : direction.nullsLast();
    });
  }
  return result;
}

export async function listRecords(db: Db, entity: EntityMetadata, query: ListQuery): Promise<ListResult> {
  const table = tableName(entity);
  const searchable = entity.fields.filter((field) => field.active && field.searchable && textTypes.has(field.type));

  const where = (eb: any): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [];
    if (query.search) {
      const pattern = containsPattern(query.search.replace(/[\r\n]+/g, " "));
      conditions.push(
        entity.searchText
          ? sql<SqlBool>`search_text like core.search_fold(${pattern})`
          : eb.or(
              searchable.map(
                (field) => sql<SqlBool>`core.search_fold(${sql.ref(field.key)}) like core.search_fold(${pattern})`,
              ),
            ),
      );
    }
    if (query.statusId) conditions.push(eb("status_id", "=", query.statusId));
    for (const { field, value } of query.filters) {
      conditions.push(
        textTypes.has(field.type)
          ? sql<SqlBool>`core.search_fold(${sql.ref(field.key)}) = core.search_fold(${value})`
          : sql<SqlBool>`${sql.ref(field.key)}::text = ${value}`,
      );
    }
    return eb.and(conditions);
  };

  const terms = sortTerms(entity, query.sort);
  // The page's ids first, which a sort index can find without reading rows, then just those rows.
  const page = (offset: number, limit: number, reverse = false) => {
    const ids = ordered((db as AnyDb).selectFrom(table).select("id").where(where), terms, reverse)
      .offset(offset)
      .limit(limit);
    const rows = (db as AnyDb)
      .selectFrom(table)
      .select(["id", "created_at", "updated_at", ...columnsOf(entity)])
      .where("id", "in", ids);
    return ordered(rows, terms, reverse).execute() as Promise<StoredRecord[]>;
  };

  if (!query.search && query.filters.length === 0) {
    if (query.offset < REVERSE_FROM_OFFSET) {
      const [content, total] = await Promise.all([
        page(query.offset, query.limit),
        countedTotal(db, entity, query.statusId),
      ]);
      return { content, total, totalExact: true };
    }
    const total = await countedTotal(db, entity, query.statusId);
    const remaining = Math.max(0, Math.min(query.limit, total - query.offset));
    if (query.offset <= total / 2 || remaining === 0) {
      return { content: await page(query.offset, query.limit), total, totalExact: true };
    }
    const content = await page(total - query.offset - remaining, remaining, true);
    return { content: content.reverse(), total, totalExact: true };
  }

  const countLimit = Math.ceil((query.offset + query.limit + COUNT_AHEAD) / COUNT_AHEAD) * COUNT_AHEAD;
  const matches = (db as AnyDb)
    .selectFrom(table)
    .select(sql`1`.as("one"))
    .where(where)
    .limit(countLimit + 1)
    .as("matches");
  const [content, counted] = await Promise.all([
    page(query.offset, query.limit),
    (db as AnyDb)
      .selectFrom(matches)
      .select((eb: any) => eb.fn.countAll().as("total"))
      .executeTakeFirstOrThrow() as Promise<{ total: number }>,
  ]);
  const total = Number(counted.total);
  return { content, total: Math.min(total, countLimit), totalExact: total <= countLimit };
}

/** The exact total kept by core.record_count's triggers, for lists without a search or field filter. */
async function countedTotal(db: Db, entity: EntityMetadata, statusId: string | undefined): Promise<number> {
  let query = db
    .selectFrom("core.record_count")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("total"), sql<number>`0`).as("total"))
    .where("schema_key", "=", entity.schemaKey)
    .where("table_key", "=", entity.tableKey);
  if (statusId) query = query.where("status_id", "=", statusId);
  return Number((await query.executeTakeFirstOrThrow()).total);
}

export async function findRecord(db: Db, entity: EntityMetadata, id: string): Promise<StoredRecord | undefined> {
  return (db as AnyDb)
    .selectFrom(tableName(entity))
    .select(["id", "created_at", "updated_at", ...columnsOf(entity)])
    .where("id", "=", id)
    .executeTakeFirst() as Promise<StoredRecord | undefined>;
}

/** Locks the row for the rest of the transaction, so concurrent updates see each other. */
export async function findRecordForUpdate(db: Transaction<Database>, entity: EntityMetadata, id: string) {
  return (db as AnyDb)
    .selectFrom(tableName(entity))
    .select(["id", "created_at", "updated_at", ...columnsOf(entity)])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst() as Promise<StoredRecord | undefined>;
}

export async function insertRecord(
  db: Transaction<Database>,
  entity: EntityMetadata,
  values: Record<string, unknown>,
  actorId: string,
): Promise<StoredRecord> {
  return (db as AnyDb)
    .insertInto(tableName(entity))
    .values({ ...values, created_by: actorId, updated_by: actorId })
    .returning(["id", "created_at", "updated_at", ...columnsOf(entity)])
    .executeTakeFirstOrThrow() as Promise<StoredRecord>;
}

export async function updateRecord(
  db: Transaction<Database>,
  entity: EntityMetadata,
  id: string,
  values: Record<string, unknown>,
  actorId: string,
): Promise<StoredRecord> {
  return (db as AnyDb)
    .updateTable(tableName(entity))
    .set({ ...values, updated_by: actorId, updated_at: sql`now()` })
    .where("id", "=", id)
    .returning(["id", "created_at", "updated_at", ...columnsOf(entity)])
    .executeTakeFirstOrThrow() as Promise<StoredRecord>;
}

export async function deleteRecord(db: Transaction<Database>, entity: EntityMetadata, id: string): Promise<void> {
  await (db as AnyDb).deleteFrom(tableName(entity)).where("id", "=", id).execute();
}

/** Whether another record already holds value in a unique field. */
export async function valueTaken(
  db: Db,
  entity: EntityMetadata,
  key: string,
  value: unknown,
  exceptId?: string,
): Promise<boolean> {
  let query = (db as AnyDb).selectFrom(tableName(entity)).select("id").where(key, "=", value);
  if (exceptId) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertTransaction(
  db: Transaction<Database>,
  row: {
    schema_key: string;
    table_key: string;
    record_id: string;
    action: string;
    actor_id: string;
    before: unknown;
    after: unknown;
  },
) {
  await db
    .insertInto("core.transaction")
    .values({
      ...row,
      before: row.before === null ? null : JSON.stringify(row.before),
      after: row.after === null ? null : JSON.stringify(row.after),
    })
    .execute();
}

export async function listTransactions(
  db: Db,
  entity: EntityMetadata,
  recordId: string,
  offset: number,
  limit: number,
) {
  const base = db
    .selectFrom("core.transaction as t")
    .where("t.schema_key", "=", entity.schemaKey)
    .where("t.table_key", "=", entity.tableKey)
    .where("t.record_id", "=", recordId);
  const [content, total] = await Promise.all([
    base
      .leftJoin("core.app_user as u", "u.id", "t.actor_id")
      .select(["t.id", "t.action", "t.at", "t.before", "t.after", "u.id as actor_id", "u.first_name", "u.last_name"])
      .orderBy("t.id", "desc")
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { content, total: Number(total.total) };
}

export async function statusesOf(db: Db, entity: EntityMetadata) {
  return db
    .selectFrom("core.meta_status")
    .select(["id", "key", "name_en", "name_nb", "is_default"])
    .where("schema_key", "=", entity.schemaKey)
    .where("table_key", "=", entity.tableKey)
    .where("kind", "=", "status")
    .where("active", "=", true)
    .orderBy("position")
    .execute();
}
