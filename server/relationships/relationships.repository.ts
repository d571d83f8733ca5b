import { type Kysely, sql, type Transaction } from "kysely";
import type { RelationshipType } from "../contract/relationships.ts";
import { versionRecords } from "../db/migrations/0009-record-versions.ts";
import type { Database } from "../db/schema.ts";
import { type StandardRelationship, standardRelationships } from "../records/standard-entities.ts";
import { TtlCache } from "../shared/ttl-cache.ts";

type Db = Kysely<Database> | Transaction<Database>;

export const LINK_SCHEMA = "custom_schema_relationship";

/** A relationship's row: its link table and sides as a standard one declares them, and what settings change. */
export interface Relationship extends Omit<StandardRelationship, "type" | "roleOptions"> {
  id: string;
  name1En: string;
  name1Nb: string;
  name2En: string;
  name2Nb: string;
  visible1: boolean;
  visible2: boolean;
  visibleGroups1: string[];
  visibleGroups2: string[];
  type: RelationshipType;
  builtIn: boolean;
  favorite: boolean;
  /** The role a link must name (the company–contact link's); custom relationships have none. */
  roleOptions: { value: string; labelEn: string; labelNb: string }[] | null;
}

/** Every relationship, oldest first. */
export async function loadRelationships(db: Db): Promise<Relationship[]> {
  const rows = await db.selectFrom("core.relationship").selectAll().orderBy("created_at").orderBy("id").execute();
  return rows.map((row) => ({
    id: row.id,
    linkSchema: row.link_schema,
    linkTable: row.link_table,
    schema1: row.schema1,
    key1: row.key1,
    column1: row.column1,
    schema2: row.schema2,
    key2: row.key2,
    column2: row.column2,
    label1En: row.label1_en,
    label1Nb: row.label1_nb,
    label2En: row.label2_en,
    label2Nb: row.label2_nb,
    name1En: row.name1_en,
    name1Nb: row.name1_nb,
    name2En: row.name2_en,
    name2Nb: row.name2_nb,
    visible1: row.visible1,
    visible2: row.visible2,
    visibleGroups1: row.visible_groups1 ?? [],
    visibleGroups2: row.visible_groups2 ?? [],
    type: row.type as RelationshipType,
    builtIn: row.built_in,
    favorite: row.favorite,
    roleOptions: row.built_in
      ? (standardRelationships.find((r) => r.linkSchema === row.link_schema && r.linkTable === row.link_table)
          ?.roleOptions ?? null)
      : null,
  }));
}

/** Read on every call that links records, changed seldom: kept a few seconds, forgotten by a change here. */
const caches = new WeakMap<object, TtlCache<Relationship[]>>();

/** The relationships as `loadRelationships` reads them, kept for a few seconds. Not for use inside a transaction. */
export function cachedRelationships(db: Kysely<Database>): Promise<Relationship[]> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TtlCache(5_000, 1);
    caches.set(db, cache);
  }
  return cache.get("all", () => loadRelationships(db));
}

export function forgetRelationships(db: Kysely<Database>): void {
  caches.get(db)?.delete("all");
}

/**
 * A link table whose constraints hold the relationship's type: a record on a "one" side has at most one partner, and
 * a pair is linked once. Links go with either record (cascade).
 */
export async function createLinkTable(
  db: Transaction<Database>,
  linkTable: string,
  table1: string,
  table2: string,
  type: RelationshipType,
) {
  const name = `${LINK_SCHEMA}.${linkTable}`;
  await db.schema
    .createTable(name)
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("id1", "uuid", (col) => col.notNull().references(`${table1}.id`).onDelete("cascade"))
    .addColumn("id2", "uuid", (col) => col.notNull().references(`${table2}.id`).onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("created_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addUniqueConstraint(`${linkTable}_pair`, ["id1", "id2"])
    .execute();
  // Side 2 has one partner when side 1 is the "one" of one-to-many (and both in one-to-one), and the other way round.
  if (type === "1to1" || type === "1toN") {
    await sql`alter table ${sql.table(name)} add constraint ${sql.id(`${linkTable}_one1`)} unique (id2)`.execute(db);
  }
  if (type === "1to1" || type === "Nto1") {
    await sql`alter table ${sql.table(name)} add constraint ${sql.id(`${linkTable}_one2`)} unique (id1)`.execute(db);
  }
  if (type === "1toN" || type === "NtoM") {
    await sql`create index ${sql.id(`${linkTable}_id2`)} on ${sql.table(name)} (id2)`.execute(db);
  }
  // Widget data joined through the link is kept per version of the tables it reads.
  await versionRecords(db, LINK_SCHEMA, linkTable);
}

export async function dropLinkTable(db: Transaction<Database>, linkSchema: string, linkTable: string) {
  await db
    .deleteFrom("core.record_version")
    .where("schema_key", "=", linkSchema)
    .where("table_key", "=", linkTable)
    .execute();
  await sql`drop table ${sql.table(`${linkSchema}.${linkTable}`)}`.execute(db);
}

export async function countLinks(db: Db, relationship: Pick<Relationship, "linkSchema" | "linkTable">) {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n
    from ${sql.table(`${relationship.linkSchema}.${relationship.linkTable}`)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Holds a link table for the transaction: links being made wait, then find it gone. */
export async function lockLinkTable(
  trx: Transaction<Database>,
  relationship: Pick<Relationship, "linkSchema" | "linkTable">,
) {
  await sql`lock table ${sql.table(`${relationship.linkSchema}.${relationship.linkTable}`)} in access exclusive mode`.execute(
    trx,
  );
}

/** The columns of a link table that hold one side's record ids and the other side's. */
interface SideColumns {
  ownColumn: string;
  otherColumn: string;
}

/** A page of a record's links through one relationship, newest first, each with how many there are in all. */
export async function newestLinks(
  db: Db,
  relationship: Pick<Relationship, "linkSchema" | "linkTable" | "roleOptions">,
  side: SideColumns,
  recordId: string,
  { page, size }: { page: number; size: number },
) {
  const link = sql.table(`${relationship.linkSchema}.${relationship.linkTable}`);
  const { rows } = await sql<{ link_id: string; other_id: string; role: string | null; total: number }>`
    select l.id as link_id, l.${sql.ref(side.otherColumn)} as other_id,
      ${relationship.roleOptions ? sql`l.role` : sql`null::text`} as role, count(*) over ()::int as total
    from ${link} as l where l.${sql.ref(side.ownColumn)} = ${recordId}
    order by l.created_at desc, l.id desc limit ${size} offset ${page * size}`.execute(db);
  return rows;
}

/** How many links a record has through one relationship. */
export async function countLinksOf(
  db: Db,
  relationship: Pick<Relationship, "linkSchema" | "linkTable">,
  side: SideColumns,
  recordId: string,
) {
  const { rows } = await sql<{ total: number }>`select count(*)::int as total
    from ${sql.table(`${relationship.linkSchema}.${relationship.linkTable}`)} where ${sql.ref(side.ownColumn)} = ${recordId}`.execute(
    db,
  );
  return rows[0]?.total ?? 0;
}

export async function linkTableTaken(db: Db, linkTable: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select to_regclass(${`${LINK_SCHEMA}.${linkTable}`}) is not null
    as found`.execute(db);
  return rows[0]?.found === true;
}

export interface RelationshipRow {
  label1_en: string;
  label1_nb: string;
  label2_en: string;
  label2_nb: string;
  name1_en: string;
  name1_nb: string;
  name2_en: string;
  name2_nb: string;
  visible1: boolean;
  visible2: boolean;
  visible_groups1: string[];
  visible_groups2: string[];
  favorite: boolean;
}

export async function insertRelationship(
  db: Transaction<Database>,
  row: RelationshipRow & {
    link_table: string;
    schema1: string;
    key1: string;
    schema2: string;
    key2: string;
    type: RelationshipType;
  },
) {
  return db
    .insertInto("core.relationship")
    .values({ ...row, link_schema: LINK_SCHEMA, column1: "id1", column2: "id2", built_in: false })
    .returning("id")
    .executeTakeFirstOrThrow();
}

export async function updateRelationship(db: Db, id: string, row: RelationshipRow) {
  await db.updateTable("core.relationship").set(row).where("id", "=", id).execute();
}

export async function deleteRelationship(db: Db, id: string) {
  await db.deleteFrom("core.relationship").where("id", "=", id).execute();
}
