import { type ExpressionBuilder, type Kysely, sql, type Transaction } from "kysely";
import type { EntityRef } from "../contract/records.ts";
import type { Database } from "../db/schema.ts";
import { containsPattern } from "../db/values.ts";

type Db = Kysely<Database> | Transaction<Database>;

export type Target = { kind: "group"; id: string } | { kind: "user"; id: string };

const column = (target: Target) => (target.kind === "group" ? "group_id" : "user_id");

/** The record's assignment to the group or user. */
function assignmentOf(ref: EntityRef, target: Target) {
  return (eb: ExpressionBuilder<Database, "core.record_assignment">) =>
    eb.and([
      eb("schema_key", "=", ref.schemaKey),
      eb("table_key", "=", ref.tableKey),
      eb("record_id", "=", ref.uuidKey),
      eb(column(target), "=", target.id),
    ]);
}

/** Whether the group or user exists. */
export async function targetExists(db: Db, target: Target): Promise<boolean> {
  const found =
    target.kind === "group"
      ? await db.selectFrom("core.user_group").select("id").where("id", "=", target.id).executeTakeFirst()
      : await db.selectFrom("core.app_user").select("id").where("id", "=", target.id).executeTakeFirst();
  return found !== undefined;
}

export async function isAssigned(db: Db, ref: EntityRef, target: Target): Promise<boolean> {
  const existing = await db
    .selectFrom("core.record_assignment")
    .select("id")
    .where(assignmentOf(ref, target))
    .executeTakeFirst();
  return existing !== undefined;
}

export async function insertAssignment(db: Db, ref: EntityRef, target: Target): Promise<void> {
  await db
    .insertInto("core.record_assignment")
    .values({ schema_key: ref.schemaKey, table_key: ref.tableKey, record_id: ref.uuidKey, [column(target)]: target.id })
    .execute();
}

export async function deleteAssignment(db: Db, ref: EntityRef, target: Target): Promise<void> {
  await db.deleteFrom("core.record_assignment").where(assignmentOf(ref, target)).execute();
}

/** The groups a record is assigned to, by name. */
export async function groupsOfRecord(db: Db, ref: EntityRef) {
  return db
    .selectFrom("core.record_assignment as a")
    .innerJoin("core.user_group as g", "g.id", "a.group_id")
    .select(["g.id", "g.name"])
    .where("a.schema_key", "=", ref.schemaKey)
    .where("a.table_key", "=", ref.tableKey)
    .where("a.record_id", "=", ref.uuidKey)
    .orderBy("g.name")
    .execute();
}

/** The users a record is assigned to, by name. */
export async function usersOfRecord(db: Db, ref: EntityRef) {
  return db
    .selectFrom("core.record_assignment as a")
    .innerJoin("core.app_user as u", "u.id", "a.user_id")
    .select(["u.id", "u.first_name", "u.last_name"])
    .where("a.schema_key", "=", ref.schemaKey)
    .where("a.table_key", "=", ref.tableKey)
    .where("a.record_id", "=", ref.uuidKey)
    .orderBy("u.first_name")
    .orderBy("u.last_name")
    .execute();
}

/** A page of groups by name, those whose name contains `term` when it has three characters or more; and the total. */
export async function pageOfGroups(db: Db, term: string, offset: number, limit: number) {
  let base = db.selectFrom("core.user_group");
  if (term.length >= 3) {
    base = base.where(sql<boolean>`core.search_fold(name) like core.search_fold(${containsPattern(term)})`);
  }
  const [rows, total] = await Promise.all([
    base.select(["id", "name"]).orderBy("name").offset(offset).limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}

/** Users whose name or email contains `term`, by name, at most `limit`. */
export async function usersMatching(db: Db, term: string, limit: number) {
  const pattern = containsPattern(term);
  return db
    .selectFrom("core.app_user")
    .select(["id", "first_name", "last_name", "email"])
    .where((eb) =>
      eb.or([
        sql<boolean>`core.search_fold(first_name || ' ' || last_name) like core.search_fold(${pattern})`,
        sql<boolean>`core.search_fold(email) like core.search_fold(${pattern})`,
      ]),
    )
    .orderBy("first_name")
    .orderBy("last_name")
    .limit(limit)
    .execute();
}
