import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { containsPattern } from "../db/values.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** How many members the group `g` has. */
const memberCount = sql<number>`(select count(*) from core.user_group_member m where m.group_id = g.id)`.as("members");

/** A page of groups by name, searched from 3 characters, each with how many members it has. */
export async function listGroups(db: Db, term: string | null, offset: number, limit: number) {
  let base = db.selectFrom("core.user_group as g");
  if (term) base = base.where(sql<boolean>`core.search_fold(g.name) like core.search_fold(${containsPattern(term)})`);
  const [rows, total] = await Promise.all([
    base
      .select(["g.id", "g.name", memberCount])
      .orderBy("g.name")
      .orderBy("g.id")
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}

export async function findGroup(db: Db, id: string) {
  return db
    .selectFrom("core.user_group as g")
    .select(["g.id", "g.name", memberCount])
    .where("g.id", "=", id)
    .executeTakeFirst();
}

export async function lockGroup(db: Transaction<Database>, id: string) {
  return db.selectFrom("core.user_group").select(["id", "name"]).where("id", "=", id).forUpdate().executeTakeFirst();
}

export async function groupNamed(db: Db, name: string, exceptId?: string) {
  let query = db.selectFrom("core.user_group").select("id").where(sql<string>`lower(name)`, "=", name.toLowerCase());
  if (exceptId) query = query.where("id", "<>", exceptId);
  return query.executeTakeFirst();
}

export async function insertGroup(db: Transaction<Database>, name: string) {
  return db.insertInto("core.user_group").values({ name }).returning("id").executeTakeFirstOrThrow();
}

export async function renameGroup(db: Transaction<Database>, id: string, name: string) {
  await db.updateTable("core.user_group").set({ name }).where("id", "=", id).execute();
}

/**
 * Deletes a group: its memberships and record assignments go with it (the foreign keys cascade), inquiries and to-dos
 * given to it keep no group. A relationship side shown only to groups no longer names it; one it was the last group of
 * is hidden, rather than shown to everyone.
 */
export async function deleteGroup(db: Transaction<Database>, id: string) {
  for (const side of [1, 2] as const) {
    const visible = sql.ref(`visible${side}`);
    const groups = sql.ref(`visible_groups${side}`);
    await sql`update core.relationship
      set ${visible} = ${visible} and cardinality(array_remove(${groups}, ${id}::uuid)) > 0,
          ${groups} = array_remove(${groups}, ${id}::uuid)
      where ${id}::uuid = any(${groups})`.execute(db);
  }
  await db.deleteFrom("core.user_group").where("id", "=", id).execute();
}

export async function memberIds(db: Db, groupId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("core.user_group_member")
    .select("user_id")
    .where("group_id", "=", groupId)
    .execute();
  return rows.map((row) => row.user_id);
}

export async function usersByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom("core.app_user").select("id").where("id", "in", ids).execute();
}

export async function addMembers(db: Transaction<Database>, groupId: string, userIds: readonly string[]) {
  await db
    .insertInto("core.user_group_member")
    .values(userIds.map((userId) => ({ group_id: groupId, user_id: userId })))
    .execute();
}

/** Removes a member; false when the user was not one. */
export async function removeMember(db: Transaction<Database>, groupId: string, userId: string): Promise<boolean> {
  const removed = await db
    .deleteFrom("core.user_group_member")
    .where("group_id", "=", groupId)
    .where("user_id", "=", userId)
    .returning("user_id")
    .execute();
  return removed.length > 0;
}

/** The ids of the groups a user is a member of. */
export async function groupIdsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom("core.user_group_member").select("group_id").where("user_id", "=", userId).execute();
  return rows.map((row) => row.group_id);
}
