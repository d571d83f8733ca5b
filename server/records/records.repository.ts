import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from "kysely";
import { type FieldDefinition, isStored } from "../contract/fields.ts";
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

/** The status and the active fields' columns, or only those of `keys` among them. */
function columnsOf(entity: EntityMetadata, keys?: readonly string[]): string[] {
  return [
    "status_id",
    ...entity.fields
      .filter(
        (field) => field.active && isStored(field) && IDENTIFIER.test(field.key) && (!keys || keys.includes(field.key)),
      )
      .map((field) => field.key),
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
  filters: ListFilter[];
  /** Only items not in a closed status. */
  openOnly?: boolean;
  /** Only open items whose due field is before `today` (the user's date). */
  overdue?: { field: FieldDefinition; today: string };
  /** The fields a list shows; every active field when absent. */
  columns?: readonly string[];
}

/** A field equal to a value, or for dates and numbers within a range (either end may be open). */
export interface ListFilter {
  field: FieldDefinition;
  value: string;
  range?: { from?: string; to?: string };
}

export interface ListResult {
  content: StoredRecord[];
  total: number;
  /** False when a search or filter matched more than it counted: then there are more than `total`. */
  totalExact: boolean;
}

const textTypes = new Set(["Text", "LongText", "Email", "Phone", "Url", "List"]);

/** A column of text: a List whose options are rows of the workspace holds their ids instead. */
function isText(field: FieldDefinition): boolean {
  return textTypes.has(field.type) && !field.settings.optionsFrom;
}

/** What a field sorts by: text without case, a priority by its rank, a user or a group by name. */
function sortExpression(field: FieldDefinition | undefined, key: string): Expression<unknown> {
  if (!field) return sql.ref(key);
  switch (field.settings.optionsFrom) {
    case undefined:
      return isText(field) ? sql`lower(${sql.ref(key)})` : sql.ref(key);
    case "user":
      return sql`(select lower(u.first_name || ' ' || u.last_name) from core.app_user u where u.id = ${sql.ref(key)})`;
    case "group":
      return sql`(select lower(g.name) from core.user_group g where g.id = ${sql.ref(key)})`;
    default:
      return sql`(select m.position from core.meta_status m where m.id = ${sql.ref(key)})`;
  }
}

/** Pages this deep in a list of known length are read from its far end when that is nearer. */
const REVERSE_FROM_OFFSET = 10_000;
/** A search or filter counts matches to the next round thousand at least this far past the page, not all of them:
 * beyond that its total reads "more than". */
const COUNT_AHEAD = 1_000;

interface SortTerm {
  expression: Expression<unknown>;
  descending: boolean;
  nullsFirst: boolean;
  /** Whether the term may be null: a walk past it cannot compare it as a row value. */
  nullable: boolean;
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
      expression: sortExpression(field, key),
      descending,
      // Required fields and the record's times (no field: created_at, updated_at) hold no nulls: PostgreSQL's own
      // null placement lets their indexes serve both directions.
      nullsFirst: !field || field.required ? descending : false,
      // A chosen user, group or priority is read through a subquery, which finds nothing for a removed one.
      nullable: Boolean(field && (!field.required || field.settings.optionsFrom)),
    };
  });
  const descending = terms[0]?.descending ?? false;
  return [...terms, { expression: sql.ref("id"), descending, nullsFirst: descending, nullable: false }];
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
  const where = listCondition(entity, query);
  const terms = sortTerms(entity, query.sort);
  const page = (offset: number, limit: number, reverse = false) =>
    pageOf(db, entity, { where, terms, offset, limit, reverse, columns: query.columns });

  if (!narrowed(query)) {
    if (query.offset < REVERSE_FROM_OFFSET) {
      const [content, counted] = await Promise.all([
        page(query.offset, query.limit),
        countedTotal(db, entity, query.statusId),
      ]);
      return { content, total: counted.total, totalExact: true };
    }
    const counted = await countedTotal(db, entity, query.statusId);
    const total = counted.total;
    const remaining = Math.max(0, Math.min(query.limit, total - query.offset));
    if (remaining === 0) return { content: [], total, totalExact: true };
    const anchored = await anchoredPage(db, entity, query, counted);
    if (anchored) return { content: anchored, total, totalExact: true };
    if (query.offset <= total / 2) return { content: await page(query.offset, query.limit), total, totalExact: true };
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

type Condition = (eb: any) => Expression<SqlBool>;

/** Not in a status that ends the work (done, closed); an item without a status is open. */
function openCondition(): Expression<SqlBool> {
  return sql<SqlBool>`(status_id is null or not exists
    (select 1 from core.meta_status m where m.id = status_id and m.closed))`;
}

/** Whether the query narrows the list beyond a status, so its total must be counted rather than read. */
function narrowed(query: ListQuery): boolean {
  return Boolean(query.search) || query.filters.length > 0 || Boolean(query.openOnly) || Boolean(query.overdue);
}

function listCondition(
  entity: EntityMetadata,
  query: Pick<ListQuery, "search" | "statusId" | "filters" | "openOnly" | "overdue">,
): Condition {
  const searchable = entity.fields.filter((field) => field.active && field.searchable && isText(field));
  return (eb) => {
    const conditions: Expression<SqlBool>[] = [];
    if (query.search) {
      const search = query.search.replace(/[\r\n]+/g, " ");
      const pattern = containsPattern(search);
      const inField = (field: FieldDefinition) =>
        sql<SqlBool>`core.search_fold(${sql.ref(field.key)}) like core.search_fold(${pattern})`;
      // The stored search text holds the built-in fields; custom ones have a trigram index each (decision 022).
      conditions.push(
        entity.searchText
          ? eb.or([searchTextCondition(search), ...searchable.filter((field) => field.customField).map(inField)])
          : eb.or(searchable.map(inField)),
      );
    }
    if (query.statusId) conditions.push(eb("status_id", "=", query.statusId));
    for (const { field, value, range } of query.filters) {
      if (range) {
        if (range.from !== undefined) conditions.push(eb(field.key, ">=", range.from));
        if (range.to !== undefined) conditions.push(eb(field.key, "<=", range.to));
      } else {
        conditions.push(
          isText(field)
            ? sql<SqlBool>`core.search_fold(${sql.ref(field.key)}) = core.search_fold(${value})`
            : sql<SqlBool>`${sql.ref(field.key)}::text = ${value}`,
        );
      }
    }
    if (query.openOnly || query.overdue) conditions.push(openCondition());
    if (query.overdue) conditions.push(eb(query.overdue.field.key, "<", query.overdue.today));
    return eb.and(conditions);
  };
}

/** Words this long or longer give the trigram index something to look up inside them. */
const PROBE_WORD_LENGTH = 3;

/**
 * A search of several words looks up each word in the trigram index and checks the whole text only on the rows found:
 * looked up whole, the words' edges ("  a", " as", "as ") are trigrams nearly every company name has, and reading
 * those postings was most of a long search's time at a million rows.
 */
function searchTextCondition(search: string): Expression<SqlBool> {
  const words = [...new Set(search.split(/\s+/).filter((word) => word.length >= PROBE_WORD_LENGTH))];
  if (words.length === 0 || (words.length === 1 && words[0] === search)) {
    return sql<SqlBool>`search_text like core.search_fold(${containsPattern(search)})`;
  }
  const probes = words.map((word) => sql<SqlBool>`search_text like core.search_fold(${containsPattern(word)})`);
  return sql<SqlBool>`(${sql.join(probes, sql` and `)} and strpos(search_text, core.search_fold(${search})) > 0)`;
}

interface PageQuery {
  where: Condition;
  terms: SortTerm[];
  offset: number;
  limit: number;
  reverse?: boolean;
  /** Starts the walk at this row of the order (its sort values and id) instead of the list's start. */
  from?: unknown[];
  /** Adds the table's core.record_version, read in the same snapshot as the rows, as `list_version`. */
  withVersion?: boolean;
  columns?: readonly string[];
  /** Only rows after this one of the order (its sort values as text, from `withKeys`): a keyset walk. */
  after?: (string | null)[];
  /** Adds each row's sort values as text, as `__k0`, `__k1`, …, from which a walk goes on. */
  withKeys?: boolean;
}

/** The page's ids first, which a sort index can find without reading rows, then just those rows. */
function pageOf(db: Db, entity: EntityMetadata, page: PageQuery): Promise<StoredRecord[]> {
  let ids = (db as AnyDb).selectFrom(tableName(entity)).select("id").where(page.where);
  if (page.from) {
    ids = ids.where(sql<SqlBool>`(${sql.join(page.terms.map((term) => term.expression))}) >= (${sql.join(page.from)})`);
  }
  if (page.after) ids = ids.where(afterCondition(page.terms, page.after));
  let rows = (db as AnyDb)
    .selectFrom(tableName(entity))
    .select(["id", "created_at", "updated_at", ...columnsOf(entity, page.columns)])
    .where(
      "id",
      "in",
      ordered(ids, page.terms, page.reverse ?? false)
        .offset(page.offset)
        .limit(page.limit),
    );
  if (page.withVersion) rows = rows.select(recordVersion(entity).as("list_version"));
  if (page.withKeys) {
    // As text, so a value goes back into the next query exactly (a timestamp's microseconds, a numeric's digits).
    rows = rows.select(page.terms.map((term, i) => sql<string | null>`(${term.expression})::text`.as(`__k${i}`)));
  }
  return ordered(rows, page.terms, page.reverse ?? false).execute() as Promise<StoredRecord[]>;
}

/**
 * The rows after `values` in the order of `terms`. Terms that hold no nulls, all one way, compare as one row value,
 * which a sort index answers as a range; otherwise term by term, with empty values last (or first) as `ordered` puts
 * them.
 */
function afterCondition(terms: SortTerm[], values: (string | null)[]): Expression<SqlBool> {
  const direction = terms[0]?.descending;
  if (terms.every((term) => !term.nullable && term.descending === direction) && values.every((v) => v !== null)) {
    const operator = sql.raw(direction ? "<" : ">");
    return sql<SqlBool>`(${sql.join(terms.map((term) => term.expression))}) ${operator} (${sql.join(values)})`;
  }
  const strictlyAfter = (term: SortTerm, value: string | null): Expression<SqlBool> => {
    if (value === null) return term.nullsFirst ? sql<SqlBool>`${term.expression} is not null` : sql<SqlBool>`false`;
    const beyond = sql<SqlBool>`${term.expression} ${sql.raw(term.descending ? "<" : ">")} ${value}`;
    return term.nullable && !term.nullsFirst ? sql<SqlBool>`(${beyond} or ${term.expression} is null)` : beyond;
  };
  const equal = (term: SortTerm, value: string | null) =>
    value === null ? sql<SqlBool>`${term.expression} is null` : sql<SqlBool>`${term.expression} = ${value}`;
  let condition = strictlyAfter(terms[terms.length - 1], values[terms.length - 1]);
  for (let i = terms.length - 2; i >= 0; i--) {
    condition = sql<SqlBool>`(${strictlyAfter(terms[i], values[i])} or (${equal(terms[i], values[i])} and ${condition}))`;
  }
  return condition;
}

/**
 * Every row a list's query matches, in its order, a chunk at a time: each chunk is one short statement that starts
 * after the last row of the one before (keyset paging), so no transaction or cursor stays open between chunks, and
 * other work on the connection (PGlite has one) takes turns with it. A row changed meanwhile may be read as it is then.
 */
export async function* walkRecords(
  db: Db,
  entity: EntityMetadata,
  query: Omit<ListQuery, "offset" | "limit">,
  chunkSize: number,
): AsyncGenerator<StoredRecord[]> {
  const where = listCondition(entity, query);
  const terms = sortTerms(entity, query.sort);
  const keys = terms.map((_, i) => `__k${i}`);
  let after: (string | null)[] | undefined;
  for (;;) {
    const rows = await pageOf(db, entity, {
      where,
      terms,
      offset: 0,
      limit: chunkSize,
      after,
      withKeys: true,
      columns: query.columns,
    });
    if (rows.length === 0) return;
    const last = rows[rows.length - 1];
    after = keys.map((key) => (last[key] ?? null) as string | null);
    for (const row of rows) for (const key of keys) delete row[key];
    yield rows;
    if (rows.length < chunkSize) return;
  }
}

function recordVersion(entity: EntityMetadata) {
  return sql<number | null>`(select version from core.record_version
    where schema_key = ${entity.schemaKey} and table_key = ${entity.tableKey})`;
}

interface CountedTotal {
  total: number;
  /** The table's core.record_version in the same snapshot as the total; null for a table without one. */
  version: number | null;
}

/** The exact total kept by core.record_count's triggers, for lists without a search or field filter. */
async function countedTotal(db: Db, entity: EntityMetadata, statusId: string | undefined): Promise<CountedTotal> {
  let query = db
    .selectFrom("core.record_count")
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>("total"), sql<number>`0`).as("total"),
      recordVersion(entity).as("version"),
    ])
    .where("schema_key", "=", entity.schemaKey)
    .where("table_key", "=", entity.tableKey);
  if (statusId) query = query.where("status_id", "=", statusId);
  const row = await query.executeTakeFirstOrThrow();
  return { total: Number(row.total), version: row.version === null ? null : Number(row.version) };
}

// Deep pages of long lists. Walking an index to row 500,000 of a sorted list takes about 70 ms on PostgreSQL; knowing
// where every thousandth row is, a page starts its walk at most a thousand rows before it. Those anchors are noted per
// process with the table's version; a write raises the version, and until they are built again (in the background, at
// most every ANCHOR_REBUILD_MS) deep pages walk as before. See docs/decisions/011-deep-pages-from-anchors.md.

/** Every this many rows of a long sorted list, where the row is. */
const ANCHOR_SPACING = 1_000;
/** While writes keep outdating a list's anchors, they are built again at most this often. */
const ANCHOR_REBUILD_MS = 10_000;

interface ListAnchors {
  version: number;
  /** The sort values and id of the rows at 0, ANCHOR_SPACING, 2 × ANCHOR_SPACING, … in ascending order. */
  rows: unknown[][];
}

interface AnchorState {
  anchors?: ListAnchors;
  building?: Promise<void>;
  startedAt: number;
}

/**
 * Lists whose anchors a process keeps, per database: a list is an entity, a sort and a status filter, which requests
 * choose. The least recently read go first; at a million rows a list's anchors take about 100 KiB.
 */
const MAX_ANCHORED_LISTS = 100;
const anchorStates = new WeakMap<object, Map<string, AnchorState>>();

/**
 * Anchors serve lists sorted only by required text fields, in one direction: their values are never null, so a row
 * comparison finds the anchor's place in the index. The list is noted in ascending order; a descending page is read
 * from the other end.
 */
function anchoredSort(entity: EntityMetadata, sort: ListQuery["sort"]): "asc" | "desc" | undefined {
  const direction = sort[0]?.direction;
  const eligible = sort.every((term) => {
    const field = entity.fields.find((f) => f.key === term.key);
    return field?.required && isText(field) && term.direction === direction;
  });
  return eligible ? direction : undefined;
}

function anchorState(db: Db, entity: EntityMetadata, query: Pick<ListQuery, "sort" | "statusId">): AnchorState {
  let states = anchorStates.get(db);
  if (!states) {
    states = new Map();
    anchorStates.set(db, states);
  }
  const key = `${tableName(entity)}|${query.sort.map((term) => term.key).join(",")}|${query.statusId ?? ""}`;
  const state = states.get(key) ?? { startedAt: 0 };
  // Map keeps insertion order: put back last, the list is the most recently read.
  states.delete(key);
  states.set(key, state);
  if (states.size > MAX_ANCHORED_LISTS) states.delete(states.keys().next().value as string);
  return state;
}

async function anchoredPage(
  db: Db,
  entity: EntityMetadata,
  query: ListQuery,
  counted: CountedTotal,
): Promise<StoredRecord[] | undefined> {
  const direction = anchoredSort(entity, query.sort);
  if (!direction || counted.version === null) return undefined;
  const state = anchorState(db, entity, query);
  const anchors = state.anchors;
  if (anchors?.version !== counted.version) {
    if (!state.building && Date.now() - state.startedAt >= ANCHOR_REBUILD_MS) {
      buildListAnchors(db, entity, query).catch(() => {
        // A failed build (a closing pool, a cancelled statement) leaves deep pages walking; the next one tries again.
      });
    }
    return undefined;
  }
  const count = Math.min(query.limit, counted.total - query.offset);
  const start = direction === "desc" ? counted.total - query.offset - count : query.offset;
  const index = Math.min(Math.floor(start / ANCHOR_SPACING), anchors.rows.length - 1);
  const rows = await pageOf(db, entity, {
    where: listCondition(entity, query),
    terms: sortTerms(entity, ascending(query.sort)),
    offset: start - index * ANCHOR_SPACING,
    limit: count,
    from: anchors.rows[index],
    withVersion: true,
    columns: query.columns,
  });
  // A write between the total and this read: the anchors no longer hold for this snapshot.
  if (rows.length !== count || rows.some((row) => Number(row.list_version) !== counted.version)) return undefined;
  for (const row of rows) delete row.list_version;
  return direction === "desc" ? rows.reverse() : rows;
}

function ascending(sort: ListQuery["sort"]): ListQuery["sort"] {
  return sort.map((term) => ({ ...term, direction: "asc" }));
}

/** The version of the table the list's anchors hold for, if it has any. */
export function listAnchorsVersion(
  db: Db,
  entity: EntityMetadata,
  query: Pick<ListQuery, "sort" | "statusId">,
): number | undefined {
  return anchorState(db, entity, query).anchors?.version;
}

/**
 * Notes where every ANCHOR_SPACING-th row of a list is, with the table's version in the same snapshot: one walk of
 * the sort index. Lists whose sort columns may hold nulls get none.
 */
export function buildListAnchors(
  db: Db,
  entity: EntityMetadata,
  query: Pick<ListQuery, "sort" | "statusId">,
): Promise<void> {
  const state = anchorState(db, entity, query);
  if (state.building) return state.building;
  state.startedAt = Date.now();
  const build = async () => {
    const terms = sortTerms(entity, ascending(query.sort));
    const keys = terms.map((_, i) => `k${i}`);
    // A sort key may be null in a column that allows it (a custom entity's required field is required by the API, not
    // by the table): anchors compare rows by their keys, which a null defeats. The same statement says whether any
    // row has one, so the anchors hold for exactly the snapshot they were read in.
    const anyNull = sql<boolean>`bool_or(${sql.join(
      query.sort.map((term) => sql`${sql.ref(term.key)} is null`),
      sql` or `,
    )}) over ()`;
    const numbered = (db as AnyDb)
      .selectFrom(tableName(entity))
      .select([
        ...terms.map((term, i) => sql`${term.expression}`.as(keys[i])),
        sql<number>`row_number() over (order by ${sql.join(terms.map((term) => term.expression))}) - 1`.as("position"),
        anyNull.as("any_null"),
      ])
      .where(listCondition(entity, { statusId: query.statusId, filters: [] }))
      .as("numbered");
    const rows = (await (db as AnyDb)
      .selectFrom(numbered)
      .select([...keys, "any_null", recordVersion(entity).as("version")])
      .where(sql<SqlBool>`position % ${ANCHOR_SPACING} = 0`)
      .orderBy("position")
      .execute()) as Record<string, unknown>[];
    const version = rows[0]?.version;
    state.anchors =
      version === null || version === undefined || rows[0].any_null
        ? undefined
        : { version: Number(version), rows: rows.map((row) => keys.map((key) => row[key])) };
  };
  state.building = build().finally(() => {
    state.building = undefined;
  });
  return state.building;
}

export async function findRecord(db: Db, entity: EntityMetadata, id: string): Promise<StoredRecord | undefined> {
  return (db as AnyDb)
    .selectFrom(tableName(entity))
    .select(["id", "created_at", "updated_at", ...columnsOf(entity)])
    .where("id", "=", id)
    .executeTakeFirst() as Promise<StoredRecord | undefined>;
}

/** Locks the row for the rest of the transaction, so concurrent updates see each other. */
/** Rows by id, in the order of `ids`; ids with no row are left out. */
export async function findRecordsByIds(
  db: Db,
  entity: EntityMetadata,
  ids: readonly string[],
): Promise<StoredRecord[]> {
  if (ids.length === 0) return [];
  const rows = (await (db as AnyDb)
    .selectFrom(tableName(entity))
    .select(["id", "created_at", "updated_at", ...columnsOf(entity)])
    .where("id", "in", ids)
    .execute()) as StoredRecord[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The rows of `other` linked through the link table to any of `ids` (its `ownColumn`), each with that id. */
export async function linkedRowsOfMany(
  db: Db,
  other: EntityMetadata,
  link: { linkSchema: string; linkTable: string },
  ownColumn: string,
  otherColumn: string,
  ids: readonly string[],
): Promise<(Record<string, any> & { id: string; owner_id: string })[]> {
  return (db as AnyDb)
    .selectFrom(`${tableName(other)} as r`)
    .innerJoin(`${link.linkSchema}.${link.linkTable} as l`, `l.${otherColumn}`, "r.id")
    .selectAll("r")
    .select(`l.${ownColumn} as owner_id`)
    .where(`l.${ownColumn}`, "in", ids)
    .orderBy("r.id")
    .execute() as Promise<(Record<string, any> & { id: string; owner_id: string })[]>;
}

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

/** A page of one record's history (or a user's audit trail), newest first, with who made each change. */
export async function listTransactions(
  db: Db,
  entity: Pick<EntityMetadata, "schemaKey" | "tableKey">,
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

/** The entity's active statuses, or its priorities, categories or sources, in their order (a priority's rank). */
export async function statusesOf(db: Db, entity: Pick<EntityMetadata, "schemaKey" | "tableKey">, kind = "status") {
  return db
    .selectFrom("core.meta_status")
    .select(["id", "key", "name_en", "name_nb", "is_default", "closed", "colour", "position"])
    .where("schema_key", "=", entity.schemaKey)
    .where("table_key", "=", entity.tableKey)
    .where("kind", "=", kind)
    .where("active", "=", true)
    .orderBy("position")
    .orderBy("key")
    .execute();
}

/** The workspace's users (who may be assigned), by name. */
export async function userOptions(db: Db) {
  return db
    .selectFrom("core.app_user")
    .select(["id", "first_name", "last_name"])
    .orderBy("first_name")
    .orderBy("last_name")
    .orderBy("id")
    .execute();
}

export async function groupOptions(db: Db) {
  return db.selectFrom("core.user_group").select(["id", "name"]).orderBy("name").orderBy("id").execute();
}
