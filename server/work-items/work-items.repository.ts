import { type Kysely, sql, type Transaction } from "kysely";
import type { WorkItemTable } from "../contract/work-items.ts";
import type { Database } from "../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;
// Each work item table has a link table of the same shape, named after it.
type AnyDb = Kysely<any> | Transaction<any>;

export function linkTableOf(table: WorkItemTable) {
  return { name: `crm.${table}_company_contact`, itemColumn: `${table}_id` };
}

export interface StoredLink {
  id: string;
  item_id: string;
  company_id: string | null;
  contact_id: string;
  created_at: Date;
}

function selectLinks(db: Db, table: WorkItemTable) {
  const link = linkTableOf(table);
  return (db as AnyDb)
    .selectFrom(link.name)
    .select(["id", `${link.itemColumn} as item_id`, "company_id", "contact_id", "created_at"]);
}

export async function linksOfItem(db: Db, table: WorkItemTable, itemId: string): Promise<StoredLink[]> {
  return selectLinks(db, table)
    .where(linkTableOf(table).itemColumn, "=", itemId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function findLink(db: Db, table: WorkItemTable, linkId: string): Promise<StoredLink | undefined> {
  return selectLinks(db, table).where("id", "=", linkId).executeTakeFirst();
}

/** The link's id, or undefined when the item is linked to the contact already. */
export async function insertLink(
  trx: Transaction<Database>,
  table: WorkItemTable,
  itemId: string,
  link: { companyId: string | null; contactId: string },
  actorId: string,
): Promise<string | undefined> {
  const row = await (trx as AnyDb)
    .insertInto(linkTableOf(table).name)
    .values({
      [linkTableOf(table).itemColumn]: itemId,
      company_id: link.companyId,
      contact_id: link.contactId,
      created_by: actorId,
    })
    .onConflict((oc: any) => oc.columns([linkTableOf(table).itemColumn, "contact_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

export async function deleteLink(trx: Transaction<Database>, table: WorkItemTable, linkId: string): Promise<void> {
  await (trx as AnyDb).deleteFrom(linkTableOf(table).name).where("id", "=", linkId).execute();
}

/** The links that name a company or a contact (which is about to go). */
export async function linksTo(
  db: Db,
  table: WorkItemTable,
  column: "company_id" | "contact_id",
  recordId: string,
): Promise<StoredLink[]> {
  return selectLinks(db, table).where(column, "=", recordId).execute();
}

/** A company's or a contact's items, newest link first: their ids, and how many there are. */
export async function itemIdsOf(
  db: Db,
  table: WorkItemTable,
  column: "company_id" | "contact_id",
  recordId: string,
  offset: number,
  limit: number,
): Promise<{ ids: string[]; total: number }> {
  const link = linkTableOf(table);
  // An item linked to two contacts of one company is one of the company's items.
  const base = (db as AnyDb)
    .selectFrom(link.name)
    .select(link.itemColumn)
    .select((eb: any) => eb.fn.max("created_at").as("linked_at"))
    .where(column, "=", recordId)
    .groupBy(link.itemColumn);
  const [rows, counted] = await Promise.all([
    base.orderBy("linked_at", "desc").orderBy(link.itemColumn, "desc").offset(offset).limit(limit).execute() as Promise<
      Record<string, string>[]
    >,
    (db as AnyDb)
      .selectFrom(link.name)
      .select(sql<number>`count(distinct ${sql.ref(link.itemColumn)})`.as("total"))
      .where(column, "=", recordId)
      .executeTakeFirstOrThrow() as Promise<{ total: string | number }>,
  ]);
  return { ids: rows.map((row) => row[link.itemColumn]), total: Number(counted.total) };
}

/** Whether the contact is one of the company's (custom_schema_relationship.company_has_contact). */
export async function isCompanyContact(db: Db, companyId: string, contactId: string): Promise<boolean> {
  const row = await db
    .selectFrom("custom_schema_relationship.company_has_contact")
    .select("id")
    .where("company_id", "=", companyId)
    .where("contact_id", "=", contactId)
    .executeTakeFirst();
  return row !== undefined;
}

function sequenceOf(table: WorkItemTable) {
  return sql.table(`crm.${table}_reference_number`);
}

/** The reference number the next item gets. */
export async function nextReferenceNumber(db: Db, table: WorkItemTable): Promise<number> {
  const { rows } = await sql<{
    next: string;
  }>`select case when is_called then last_value + 1 else last_value end as next
    from ${sequenceOf(table)}`.execute(db);
  return Number(rows[0].next);
}

/**
 * Items from now on are numbered from `start`, which must not be below the next number: numbers are never reused.
 * New items wait while it changes, so none takes a number in between. False when `start` is too low.
 */
export async function startReferenceNumbersAt(db: Kysely<Database>, table: WorkItemTable, start: number) {
  return db.transaction().execute(async (trx) => {
    await sql`lock table ${sql.table(`crm.${table}`)} in share row exclusive mode`.execute(trx);
    if (start < (await nextReferenceNumber(trx, table))) return false;
    await sql`select setval(${`crm.${table}_reference_number`}::regclass, ${start}, false)`.execute(trx);
    return true;
  });
}

/** Who new items of the table go to when their creator chooses nobody; undefined when none was ever set. */
export async function findDefaults(db: Db, table: WorkItemTable) {
  return db
    .selectFrom("core.work_item_default")
    .select(["assigned_user_id", "group_id"])
    .where("table_key", "=", table)
    .executeTakeFirst();
}

export async function saveDefaults(
  db: Db,
  table: WorkItemTable,
  row: { assigned_user_id: string | null; group_id: string | null },
  actorId: string,
) {
  return db
    .insertInto("core.work_item_default")
    .values({ table_key: table, ...row, updated_by: actorId })
    .onConflict((conflict) =>
      conflict.column("table_key").doUpdateSet({ ...row, updated_by: actorId, updated_at: sql`now()` }),
    )
    .returning(["assigned_user_id", "group_id"])
    .executeTakeFirstOrThrow();
}

/** Whether the user exists; kept from being deleted until the transaction ends, so a default never names nobody. */
export async function lockUser(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom("core.app_user").select("id").where("id", "=", id).forKeyShare().executeTakeFirst();
  return row !== undefined;
}

/** Whether the group exists, kept as `lockUser` keeps a user. */
export async function lockGroup(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom("core.user_group").select("id").where("id", "=", id).forKeyShare().executeTakeFirst();
  return row !== undefined;
}
