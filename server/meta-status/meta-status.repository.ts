import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { type EntityMetadata, entityHeadingColumns } from "../records/metadata.repository.ts";
import { tableName } from "../records/records.repository.ts";

type Db = Kysely<Database> | Transaction<Database>;
type Owner = Pick<EntityMetadata, "schemaKey" | "tableKey">;

const columns = [
  "id",
  "schema_key",
  "table_key",
  "kind",
  "key",
  "name_en",
  "name_nb",
  "is_default",
  "active",
  "closed",
  "colour",
  "position",
] as const;

export type StoredMetaStatus = Awaited<ReturnType<typeof findMetaStatus>> & {};

/** Every one of an entity's statuses (or one other kind), inactive ones too, in order; all entities' without one. */
export async function listMetaStatuses(db: Db, kind: string, owner?: Owner) {
  let query = db.selectFrom("core.meta_status").select(columns).where("kind", "=", kind);
  if (owner) query = query.where("schema_key", "=", owner.schemaKey).where("table_key", "=", owner.tableKey);
  return query.orderBy("schema_key").orderBy("table_key").orderBy("position").orderBy("key").execute();
}

/**
 * The entities that have the kind, as `columnsHolding` in the service tells: every entity has a status; priorities,
 * categories and sources belong to entities with a field that chooses from them. Built-in entities first.
 */
export async function entitiesWithKind(db: Db, kind: string) {
  let query = db.selectFrom("core.entity as e").select([...entityHeadingColumns, "e.built_in"]);
  if (kind !== "status") {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("core.field as f")
          .select("f.id")
          .whereRef("f.entity_id", "=", "e.id")
          .where(sql`f.settings ->> 'optionsFrom'`, "=", kind),
      ),
    );
  }
  return query.orderBy("e.built_in", "desc").orderBy("e.label_en").orderBy("e.table_key").execute();
}

/** The row, locked for the rest of the transaction when `lock`: records that take it up meanwhile wait for us. */
export async function findMetaStatus(db: Db, kind: string, id: string, lock = false) {
  let query = db.selectFrom("core.meta_status").select(columns).where("kind", "=", kind).where("id", "=", id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function sameNameExists(db: Db, kind: string, owner: Owner, names: string[], exceptId?: string) {
  let query = db
    .selectFrom("core.meta_status")
    .select(["name_en", "name_nb"])
    .where("kind", "=", kind)
    .where("schema_key", "=", owner.schemaKey)
    .where("table_key", "=", owner.tableKey)
    .where((eb) =>
      eb.or([
        eb(
          sql`lower(name_en)`,
          "in",
          names.map((n) => n.toLowerCase()),
        ),
        eb(
          sql`lower(name_nb)`,
          "in",
          names.map((n) => n.toLowerCase()),
        ),
      ]),
    );
  if (exceptId) query = query.where("id", "<>", exceptId);
  return query.executeTakeFirst();
}

export async function takenKeys(db: Db, kind: string, owner: Owner): Promise<Set<string>> {
  const rows = await db
    .selectFrom("core.meta_status")
    .select("key")
    .where("kind", "=", kind)
    .where("schema_key", "=", owner.schemaKey)
    .where("table_key", "=", owner.tableKey)
    .execute();
  return new Set(rows.map((row) => row.key));
}

export async function nextPosition(db: Db, kind: string, owner: Owner): Promise<number> {
  const row = await db
    .selectFrom("core.meta_status")
    .select((eb) => eb.fn.max("position").as("last"))
    .where("kind", "=", kind)
    .where("schema_key", "=", owner.schemaKey)
    .where("table_key", "=", owner.tableKey)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/** Makes no other of the entity's kind the default (one default each; an index holds the database to it too). */
export async function clearDefault(db: Db, kind: string, owner: Owner, exceptId?: string) {
  let query = db
    .updateTable("core.meta_status")
    .set({ is_default: false })
    .where("kind", "=", kind)
    .where("schema_key", "=", owner.schemaKey)
    .where("table_key", "=", owner.tableKey)
    .where("is_default", "=", true);
  if (exceptId) query = query.where("id", "<>", exceptId);
  await query.execute();
}

export interface MetaStatusRow {
  name_en: string;
  name_nb: string;
  colour: string | null;
  position: number;
  is_default: boolean;
  active: boolean;
  closed: boolean;
}

export async function insertMetaStatus(db: Db, kind: string, owner: Owner, key: string, row: MetaStatusRow) {
  return db
    .insertInto("core.meta_status")
    .values({ ...row, kind, key, schema_key: owner.schemaKey, table_key: owner.tableKey })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function updateMetaStatus(db: Db, id: string, row: MetaStatusRow) {
  return db.updateTable("core.meta_status").set(row).where("id", "=", id).returning(columns).executeTakeFirstOrThrow();
}

export async function deleteMetaStatus(db: Db, id: string) {
  await db.deleteFrom("core.meta_status").where("id", "=", id).execute();
}

/** Whether any record of the entity holds the value in one of `columns` (its status_id, or its priority fields). */
export async function inUse(db: Db, owner: Owner, columnKeys: string[], id: string): Promise<boolean> {
  if (columnKeys.length === 0) return false;
  const conditions = sql.join(
    columnKeys.map((column) => sql`${sql.ref(column)} = ${id}`),
    sql` or `,
  );
  const { rows } = await sql<{
    used: boolean;
  }>`select exists (select 1 from ${sql.table(tableName(owner))} where ${conditions}) as used`.execute(db);
  return rows[0]?.used === true;
}
