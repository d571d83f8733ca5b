import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import type { Relationship } from "../relationships/relationships.repository.ts";
import type { EntityMetadata } from "./metadata.repository.ts";
import { type StoredRecord, tableName } from "./records.repository.ts";

// Link tables are defined by their relationships' rows, not by the static Database type.
type AnyDb = Kysely<any> | Transaction<any>;
type Db = Kysely<Database> | Transaction<Database>;

type LinkTable = Pick<Relationship, "linkSchema" | "linkTable" | "roleOptions">;

const linkTableName = (relationship: LinkTable) => `${relationship.linkSchema}.${relationship.linkTable}`;

/** The link's role, where the relationship has one (the company–contact link's); null for others. */
function roleColumn(relationship: LinkTable, alias?: string) {
  return relationship.roleOptions ? sql.ref(alias ? `${alias}.role` : "role") : sql`null::text`;
}

/**
 * A page of the records of `entity` linked to one record (the link's `otherColumn`), by their names, each with its
 * link's id and role; and how many there are.
 */
export async function linkedPage(
  db: Db,
  entity: EntityMetadata,
  relationship: LinkTable,
  columns: { own: string; other: string },
  ownerId: string,
  offset: number,
  limit: number,
): Promise<{ rows: (StoredRecord & Record<string, any>)[]; total: number }> {
  const base = (db as AnyDb)
    .selectFrom(`${tableName(entity)} as r`)
    .innerJoin(`${linkTableName(relationship)} as l`, `l.${columns.own}`, "r.id")
    .where(`l.${columns.other}`, "=", ownerId);
  let rows = base.selectAll("r").select(["l.id as link_id", roleColumn(relationship, "l").as("link_role")]);
  for (const field of entity.fields.filter((candidate) => candidate.partOfName)) {
    rows = rows.orderBy(sql`lower(${sql.ref(`r.${field.key}`)})`);
  }
  const [content, total] = await Promise.all([
    rows.orderBy("r.id").offset(offset).limit(limit).execute(),
    base.select((eb: any) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow() as Promise<{ total: number }>,
  ]);
  return { rows: content as unknown as (StoredRecord & Record<string, any>)[], total: Number(total.total) };
}

/** Whether the two records are linked already. */
export async function pairLinked(trx: Transaction<Database>, relationship: Relationship, id1: string, id2: string) {
  const existing = await (trx as AnyDb)
    .selectFrom(linkTableName(relationship))
    .select("id")
    .where(relationship.column1, "=", id1)
    .where(relationship.column2, "=", id2)
    .executeTakeFirst();
  return existing !== undefined;
}

/** Whether the record (in `column`, one of the relationship's) has a link already. */
export async function hasLink(trx: Transaction<Database>, relationship: LinkTable, column: string, id: string) {
  const existing = await (trx as AnyDb)
    .selectFrom(linkTableName(relationship))
    .select("id")
    .where(column, "=", id)
    .executeTakeFirst();
  return existing !== undefined;
}

export async function insertLink(
  trx: Transaction<Database>,
  relationship: LinkTable,
  values: Record<string, unknown>,
): Promise<string> {
  const row = await (trx as AnyDb)
    .insertInto(linkTableName(relationship))
    .values(values)
    .returning(["id"])
    .executeTakeFirstOrThrow();
  return row.id as string;
}

export async function findLink(db: Db, relationship: LinkTable, linkId: string) {
  return (db as AnyDb)
    .selectFrom(linkTableName(relationship))
    .selectAll()
    .where("id", "=", linkId)
    .executeTakeFirst() as Promise<Record<string, unknown> | undefined>;
}

export async function deleteLink(trx: Transaction<Database>, relationship: LinkTable, linkId: string): Promise<void> {
  await (trx as AnyDb).deleteFrom(linkTableName(relationship)).where("id", "=", linkId).execute();
}

/** The links of one record (in `ownColumn`): the other side's id and the link's role. */
export async function linksOfRecord(
  trx: Transaction<Database>,
  relationship: LinkTable,
  columns: { own: string; other: string },
  id: string,
): Promise<{ other_id: string; role: string | null }[]> {
  return (trx as AnyDb)
    .selectFrom(linkTableName(relationship))
    .select([`${columns.other} as other_id`, roleColumn(relationship).as("role")])
    .where(columns.own, "=", id)
    .execute() as Promise<{ other_id: string; role: string | null }[]>;
}
