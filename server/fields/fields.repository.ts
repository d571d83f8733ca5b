import { type Kysely, sql, type Transaction } from "kysely";
import type { FieldType } from "../contract/fields.ts";
import type { Database } from "../db/schema.ts";
import { customFieldsColumn, type EntityMetadata, entityHeadingColumns } from "../records/metadata.repository.ts";
import { tableName } from "../records/records.repository.ts";

type Db = Kysely<Database> | Transaction<Database>;
type Table = Pick<EntityMetadata, "schemaKey" | "tableKey">;

/** The column type of each field type; a Query field has no column. */
const columnTypes: Record<Exclude<FieldType, "Query">, string> = {
  Date: "date",
  DateTime: "timestamptz",
  Email: "text",
  Number: "numeric",
  Percent: "numeric",
  Phone: "text",
  List: "text",
  MultiSelect: "text[]",
  Text: "text",
  LongText: "text",
  Bool: "boolean",
  Url: "text",
};

export function columnTypeOf(type: FieldType): string | undefined {
  return type === "Query" ? undefined : columnTypes[type];
}

const fieldColumns = [
  "id",
  "entity_id",
  "key",
  "label_en",
  "label_nb",
  "type",
  "required",
  "unique_value",
  "active",
  "built_in",
  "custom_field",
  "part_of_name",
  "searchable",
  "favorite",
  "position",
  "settings",
] as const;

export type StoredField = Awaited<ReturnType<typeof fieldsOf>>[number];

export async function fieldsOf(db: Db, entityId: string) {
  return db
    .selectFrom("core.field")
    .select(fieldColumns)
    .where("entity_id", "=", entityId)
    .orderBy("position")
    .orderBy("key")
    .execute();
}

export async function findField(db: Db, entityId: string, by: { key: string } | { id: string }, lock = false) {
  let query = db.selectFrom("core.field").select(fieldColumns).where("entity_id", "=", entityId);
  query = "key" in by ? query.where("key", "=", by.key) : query.where("id", "=", by.id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The entities fields may be added to, with how many custom fields each has. */
export async function entitiesWithFieldCounts(db: Db) {
  return db
    .selectFrom("core.entity as e")
    .select(["e.id", ...entityHeadingColumns, "e.built_in", customFieldsColumn])
    .orderBy("e.built_in", "desc")
    .orderBy("e.label_en")
    .execute();
}

/** Locks the entity's row until the transaction ends: fields added to it at the same time are counted in turn. */
export async function lockEntity(db: Transaction<Database>, entityId: string): Promise<void> {
  await db.selectFrom("core.entity").select("id").where("id", "=", entityId).forUpdate().execute();
}

/** Columns each table has used, dropped ones included: PostgreSQL allows 1,600 over a table's life. */
export async function columnsUsed(db: Db): Promise<Map<string, number>> {
  const { rows } = await sql<{ schema_key: string; table_key: string; used: number }>`
    select n.nspname as schema_key, c.relname as table_key, count(*)::int as used
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where a.attnum > 0 and c.relkind = 'r'
        and n.nspname in ('crm', 'notes', 'documents', 'custom_schema')
      group by n.nspname, c.relname`.execute(db);
  return new Map(rows.map((row) => [`${row.schema_key}.${row.table_key}`, Number(row.used)]));
}

/** The names of the table's live columns. */
export async function columnNames(db: Db, table: Table): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`
    select a.attname as name from pg_attribute a
      join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${table.schemaKey} and c.relname = ${table.tableKey} and a.attnum > 0 and not a.attisdropped`.execute(
    db,
  );
  return new Set(rows.map((row) => row.name));
}

export async function customFieldCount(db: Db, entityId: string): Promise<number> {
  const row = await db
    .selectFrom("core.field")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("entity_id", "=", entityId)
    .where("custom_field", "=", true)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function nextFieldPosition(db: Db, entityId: string): Promise<number> {
  const row = await db
    .selectFrom("core.field")
    .select((eb) => eb.fn.max("position").as("last"))
    .where("entity_id", "=", entityId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

export interface FieldRow {
  label_en: string;
  label_nb: string;
  type: string;
  required: boolean;
  unique_value: boolean;
  active: boolean;
  part_of_name: boolean;
  searchable: boolean;
  favorite: boolean;
  settings: string;
}

export async function insertField(db: Db, entityId: string, key: string, position: number, row: FieldRow) {
  return db
    .insertInto("core.field")
    .values({ ...row, entity_id: entityId, key, position, built_in: false, custom_field: true })
    .returning(fieldColumns)
    .executeTakeFirstOrThrow();
}

export async function updateField(db: Db, id: string, row: FieldRow) {
  return db.updateTable("core.field").set(row).where("id", "=", id).returning(fieldColumns).executeTakeFirstOrThrow();
}

export async function deleteField(db: Db, id: string) {
  await db.deleteFrom("core.field").where("id", "=", id).execute();
}

/**
 * Schema changes wait at most this long for the table's lock: behind a long reader they give up rather than queue
 * every later reader behind themselves.
 */
const LOCK_TIMEOUT = "3s";

export async function limitLockWait(db: Transaction<Database>) {
  await sql`select set_config('lock_timeout', ${LOCK_TIMEOUT}, true)`.execute(db);
}

export async function addColumn(db: Db, table: Table, key: string, type: string) {
  await sql`alter table ${sql.table(tableName(table))} add column ${sql.id(key)} ${sql.raw(type)}`.execute(db);
}

export async function dropColumn(db: Db, table: Table, key: string) {
  await sql`alter table ${sql.table(tableName(table))} drop column ${sql.id(key)}`.execute(db);
}

type IndexKind = "search" | "unique" | "name" | "sort" | "sort_desc";

function indexName(table: Table, key: string, kind: IndexKind) {
  return `${table.tableKey}_${key}_${kind}`.slice(0, 63);
}

export async function createSearchIndex(db: Db, table: Table, key: string) {
  await sql`create index ${sql.id(indexName(table, key, "search"))} on ${sql.table(tableName(table))}
    using gin (core.search_fold(${sql.ref(key)}) gin_trgm_ops)`.execute(db);
}

export async function createUniqueIndex(db: Db, table: Table, key: string) {
  await sql`create unique index ${sql.id(indexName(table, key, "unique"))} on ${sql.table(tableName(table))} (${sql.ref(
    key,
  )})`.execute(db);
}

/** The order of a custom entity's list, by its name (case-insensitive), read from the index. */
export async function createNameIndex(db: Db, table: Table, key: string) {
  await sql`create index ${sql.id(indexName(table, key, "name"))} on ${sql.table(tableName(table))}
    (lower(${sql.ref(key)}), id)`.execute(db);
}

/**
 * A list column sorts by its field both ways: optional values put empty ones last either way, so a descending sort
 * has an index of its own (a required field's one index serves both directions).
 */
export async function createSortIndexes(db: Db, table: Table, key: string, text: boolean, required: boolean) {
  const value = text ? sql`lower(${sql.ref(key)})` : sql.ref(key);
  await sql`create index ${sql.id(indexName(table, key, "sort"))} on ${sql.table(tableName(table))}
    (${value}, id)`.execute(db);
  if (!required) {
    await sql`create index ${sql.id(indexName(table, key, "sort_desc"))} on ${sql.table(tableName(table))}
      (${value} desc nulls last, id desc)`.execute(db);
  }
}

export async function dropSortIndexes(db: Db, table: Table, key: string) {
  await dropIndex(db, table, key, "sort");
  await dropIndex(db, table, key, "sort_desc");
}

export async function dropIndex(db: Db, table: Table, key: string, kind: IndexKind) {
  await sql`drop index if exists ${sql.table(`${table.schemaKey}.${indexName(table, key, kind)}`)}`.execute(db);
}

export async function hasRows(db: Db, table: Table): Promise<boolean> {
  const { rows } = await sql<{
    found: boolean;
  }>`select exists (select 1 from ${sql.table(tableName(table))}) as found`.execute(db);
  return rows[0]?.found === true;
}

/**
 * Whether any record holds a value in the column. A Yes/No field holds one only when it is yes: a form saves an
 * unticked box as no, so "no" on every record is no more than nothing set.
 */
export async function columnHasValues(db: Db, table: Table, key: string, type?: string): Promise<boolean> {
  const held = type === "Bool" ? sql`${sql.ref(key)}` : sql`${sql.ref(key)} is not null`;
  const { rows } = await sql<{ found: boolean }>`select exists
    (select 1 from ${sql.table(tableName(table))} where ${held}) as found`.execute(db);
  return rows[0]?.found === true;
}

export async function hasDuplicates(db: Db, table: Table, key: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select exists (select 1 from ${sql.table(tableName(table))}
    where ${sql.ref(key)} is not null group by ${sql.ref(key)} having count(*) > 1) as found`.execute(db);
  return rows[0]?.found === true;
}

export async function longestText(db: Db, table: Table, key: string): Promise<number> {
  const { rows } = await sql<{ longest: number | null }>`select max(char_length(${sql.ref(key)}))::int as longest
    from ${sql.table(tableName(table))}`.execute(db);
  return Number(rows[0]?.longest ?? 0);
}

/** Whether any record holds one of `values` in the List or MultiSelect column. */
export async function optionInUse(db: Db, table: Table, key: string, multi: boolean, values: string[]) {
  if (values.length === 0) return false;
  const condition = multi
    ? sql`${sql.ref(key)} && ${sql.val(values)}::text[]`
    : sql`${sql.ref(key)} = any(${sql.val(values)}::text[])`;
  const { rows } = await sql<{ found: boolean }>`select exists
    (select 1 from ${sql.table(tableName(table))} where ${condition}) as found`.execute(db);
  return rows[0]?.found === true;
}
