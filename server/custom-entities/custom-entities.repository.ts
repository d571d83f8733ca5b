import { type Kysely, sql, type Transaction } from "kysely";
import { CUSTOM_SCHEMA } from "../contract/custom-entities.ts";
import { countRecords } from "../db/migrations/0007-record-counts.ts";
import { versionRecords } from "../db/migrations/0009-record-versions.ts";
import type { Database } from "../db/schema.ts";
import { customFieldsColumn, entityHeadingColumns } from "../records/metadata.repository.ts";

type Db = Kysely<Database> | Transaction<Database>;

const entityColumns = ["e.id", ...entityHeadingColumns, "e.icon", "e.resource"] as const;

/** The custom entities with how many custom fields and records each has, by name. */
export async function listCustomEntities(db: Db) {
  return db
    .selectFrom("core.entity as e")
    .select([
      ...entityColumns,
      customFieldsColumn,
      (eb) =>
        eb
          .selectFrom("core.record_count as c")
          .select((inner) => inner.fn.coalesce(inner.fn.sum<number>("c.total"), sql<number>`0`).as("n"))
          .whereRef("c.schema_key", "=", "e.schema_key")
          .whereRef("c.table_key", "=", "e.table_key")
          .as("records"),
    ])
    .where("e.schema_key", "=", CUSTOM_SCHEMA)
    .where("e.built_in", "=", false)
    .orderBy("e.label_en")
    .execute();
}

export type StoredCustomEntity = Awaited<ReturnType<typeof listCustomEntities>>[number];

export async function findCustomEntity(db: Db, key: string, lock = false) {
  let query = db
    .selectFrom("core.entity as e")
    .select(entityColumns)
    .where("e.schema_key", "=", CUSTOM_SCHEMA)
    .where("e.table_key", "=", key)
    .where("e.built_in", "=", false);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** An entity of any schema with one of these names (singular or plural, either language), or with this key. */
export async function nameOrKeyTaken(db: Db, key: string, names: string[], exceptId?: string) {
  const lower = names.map((name) => name.toLowerCase());
  let query = db
    .selectFrom("core.entity")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("schema_key", "=", CUSTOM_SCHEMA), eb("table_key", "=", key)]),
        eb(sql`lower(label_en)`, "in", lower),
        eb(sql`lower(label_nb)`, "in", lower),
        eb(sql`lower(plural_en)`, "in", lower),
        eb(sql`lower(plural_nb)`, "in", lower),
      ]),
    );
  if (exceptId) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function tableExists(db: Db, key: string): Promise<boolean> {
  const { rows } = await sql<{
    found: boolean;
  }>`select to_regclass(${`${CUSTOM_SCHEMA}.${key}`}) is not null as found`.execute(db);
  return rows[0]?.found === true;
}

/** A record table as the built-in ones are: ids, times, who, a status; counted and versioned in the writing statement. */
export async function createRecordTable(db: Transaction<Database>, key: string) {
  await db.schema
    .createTable(`${CUSTOM_SCHEMA}.${key}`)
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("created_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addColumn("updated_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addColumn("status_id", "uuid", (col) => col.references("core.meta_status.id").onDelete("set null"))
    .execute();
  // Newest first without a sort of its own.
  await sql`create index ${sql.id(`${key}_newest`)} on ${sql.table(`${CUSTOM_SCHEMA}.${key}`)} (created_at desc, id desc)`.execute(
    db,
  );
  await countRecords(db, CUSTOM_SCHEMA, key);
  await versionRecords(db, CUSTOM_SCHEMA, key);
}

export async function insertEntity(
  db: Transaction<Database>,
  key: string,
  names: { label_en: string; label_nb: string; plural_en: string; plural_nb: string; icon: string },
) {
  return db
    .insertInto("core.entity")
    .values({ ...names, schema_key: CUSTOM_SCHEMA, table_key: key, resource: key, built_in: false, search_text: false })
    .returning("id")
    .executeTakeFirstOrThrow();
}

export async function updateEntityNames(
  db: Db,
  id: string,
  names: { label_en: string; label_nb: string; plural_en: string; plural_nb: string; icon: string },
) {
  await db.updateTable("core.entity").set(names).where("id", "=", id).execute();
}

/**
 * Gives each role on the new entity what it has on companies: a custom entity is a CRM entity, and an administrator
 * then narrows it in the roles.
 */
export async function grantLikeCompanies(db: Transaction<Database>, resource: string) {
  await sql`insert into core.role_permission (role_id, resource, operation)
    select role_id, ${resource}, operation from core.role_permission where resource = 'Company'
    on conflict do nothing`.execute(db);
}

export async function hasRecords(db: Db, key: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select exists
    (select 1 from ${sql.table(`${CUSTOM_SCHEMA}.${key}`)}) as found`.execute(db);
  return rows[0]?.found === true;
}

/** Everything the entity had: its table, metadata, statuses, counters, history and the roles' rights on it. */
export async function dropEntity(db: Transaction<Database>, id: string, key: string, resource: string) {
  // Its relationships link none of its records (it has none): they go with it, link tables first.
  const relationships = await db
    .selectFrom("core.relationship")
    .select(["id", "link_schema", "link_table"])
    .where((eb) =>
      eb.or([
        eb.and([eb("schema1", "=", CUSTOM_SCHEMA), eb("key1", "=", key)]),
        eb.and([eb("schema2", "=", CUSTOM_SCHEMA), eb("key2", "=", key)]),
      ]),
    )
    .execute();
  for (const relationship of relationships) {
    await sql`drop table ${sql.table(`${relationship.link_schema}.${relationship.link_table}`)}`.execute(db);
    await db.deleteFrom("core.relationship").where("id", "=", relationship.id).execute();
  }
  await sql`drop table ${sql.table(`${CUSTOM_SCHEMA}.${key}`)}`.execute(db);
  await db.deleteFrom("core.entity").where("id", "=", id).execute();
  await db.deleteFrom("core.role_permission").where("resource", "=", resource).execute();
  for (const table of ["core.meta_status", "core.record_count", "core.record_version", "core.transaction"] as const) {
    await db.deleteFrom(table).where("schema_key", "=", CUSTOM_SCHEMA).where("table_key", "=", key).execute();
  }
}
