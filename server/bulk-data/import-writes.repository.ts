import { type Kysely, sql, type Transaction } from "kysely";
import { type FieldDefinition, isStored } from "../contract/fields.ts";
import type { Database } from "../db/schema.ts";
import type { EntityMetadata } from "../records/metadata.repository.ts";
import { type StoredRecord, tableName } from "../records/records.repository.ts";

/**
 * The SQL of an import's batches: a statement per step for the whole batch, never one per row (a million rows are a
 * thousand batches). Identifiers come from metadata rows (records.repository `tableName`) and the catalog; values are
 * always bound.
 */

type Db = Kysely<Database> | Transaction<Database>;
// Record tables are defined by metadata rows, not by the static Database type.
type AnyDb = Kysely<any> | Transaction<any>;

function storedColumns(entity: EntityMetadata): string[] {
  return ["status_id", ...entity.fields.filter((field) => field.active && isStored(field)).map((field) => field.key)];
}

/** How values of a field compare: numeric columns come back as text, so numbers are compared as numbers. */
export function valueKey(field: Pick<FieldDefinition, "type">, value: unknown): string {
  if (field.type === "Number" || field.type === "Percent") return String(Number(value));
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * The records whose `key` holds one of `values`, locked for the rest of the transaction when `lock` (an update reads
 * them, then writes them; a check only reads them).
 */
export async function recordsByValues(
  trx: Db,
  entity: EntityMetadata,
  key: string,
  values: unknown[],
  lock: boolean,
): Promise<StoredRecord[]> {
  if (values.length === 0) return [];
  let query = (trx as AnyDb)
    .selectFrom(tableName(entity))
    .select(["id", "created_at", "updated_at", ...storedColumns(entity)])
    .where(key, "in", values);
  if (lock) query = query.forUpdate();
  return query.execute() as Promise<StoredRecord[]>;
}

/** The records' ids holding each of `values` in a unique field, by `valueKey`. */
export async function holdersOf(
  trx: Db,
  entity: EntityMetadata,
  field: FieldDefinition,
  values: unknown[],
): Promise<Map<string, string>> {
  if (values.length === 0) return new Map();
  const rows = (await (trx as AnyDb)
    .selectFrom(tableName(entity))
    .select(["id", `${field.key} as value`])
    .where(field.key, "in", values)
    .execute()) as { id: string; value: unknown }[];
  return new Map(rows.map((row) => [valueKey(field, row.value), row.id]));
}

/** One multi-row INSERT: the records in order, as stored. */
export async function insertRecords(
  trx: Transaction<Database>,
  entity: EntityMetadata,
  rows: Record<string, unknown>[],
  actorId: string,
): Promise<StoredRecord[]> {
  if (rows.length === 0) return [];
  return (await (trx as AnyDb)
    .insertInto(tableName(entity))
    .values(rows.map((values) => ({ ...values, created_by: actorId, updated_by: actorId })))
    .returning(["id", "created_at", "updated_at", ...storedColumns(entity)])
    .execute()) as StoredRecord[];
}

const columnTypeCache = new WeakMap<object, Map<string, Map<string, string>>>();

/** The SQL type of each of the table's columns (varchar(255), numeric, text[], …), as the catalog names it. */
async function columnTypes(db: Db, entity: EntityMetadata): Promise<Map<string, string>> {
  let perDb = columnTypeCache.get(db);
  if (!perDb) {
    perDb = new Map();
    columnTypeCache.set(db, perDb);
  }
  const table = tableName(entity);
  const cached = perDb.get(table);
  // A field added since would be missing: read again then.
  if (cached && storedColumns(entity).every((column) => cached.has(column))) return cached;
  const { rows } = await sql<{ name: string; type: string }>`select attname as name,
      format_type(atttypid, atttypmod) as type from pg_attribute
    where attrelid = ${table}::regclass and attnum > 0 and not attisdropped`.execute(db);
  const types = new Map(rows.map((row) => [row.name, row.type]));
  perDb.set(table, types);
  return types;
}

/**
 * One UPDATE for the batch's changed records: their new values travel as one JSON array, read back into the columns'
 * own types. Only `keys` are written.
 */
export async function updateRecords(
  trx: Transaction<Database>,
  entity: EntityMetadata,
  rows: { id: string; values: Record<string, unknown> }[],
  keys: string[],
  actorId: string,
): Promise<StoredRecord[]> {
  if (rows.length === 0) return [];
  const types = await columnTypes(trx, entity);
  const definitions = keys.map((key) => {
    const type = types.get(key);
    if (!type) throw new Error(`no column ${key} in ${tableName(entity)}`);
    return sql`${sql.id(key)} ${sql.raw(type)}`;
  });
  const assignments = keys.map((key) => sql`${sql.id(key)} = v.${sql.id(key)}`);
  const payload = JSON.stringify(rows.map((row) => ({ ...row.values, id: row.id })));
  const returning = ["id", "created_at", "updated_at", ...storedColumns(entity)].map(
    (column) => sql`t.${sql.id(column)}`,
  );
  const [schema, table] = tableName(entity).split(".");
  const { rows: updated } = await sql<StoredRecord>`update ${sql.id(schema, table)} as t
    set ${sql.join(assignments)}, updated_by = ${actorId}, updated_at = now()
    from jsonb_to_recordset(${payload}::jsonb) as v(id uuid, ${sql.join(definitions)})
    where t.id = v.id
    returning ${sql.join(returning)}`.execute(trx);
  return updated;
}

export interface HistoryRow {
  record_id: string;
  action: "create" | "update";
  before: unknown;
  after: unknown;
}

/** The batch's history rows (core.transaction), one INSERT. */
export async function insertHistory(
  trx: Transaction<Database>,
  entity: EntityMetadata,
  actorId: string,
  rows: HistoryRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto("core.transaction")
    .values(
      rows.map((row) => ({
        schema_key: entity.schemaKey,
        table_key: entity.tableKey,
        record_id: row.record_id,
        action: row.action,
        actor_id: actorId,
        before: row.before === null ? null : JSON.stringify(row.before),
        after: row.after === null ? null : JSON.stringify(row.after),
      })),
    )
    .execute();
}
