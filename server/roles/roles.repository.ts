import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** Roles with how many users hold each. */
function rolesWithUsers(db: Db) {
  return db.selectFrom("core.role as r").select((eb) => [
    "r.id",
    "r.name",
    "r.description",
    "r.built_in",
    eb
      .selectFrom("core.app_user as u")
      .select((count) => count.fn.countAll<number>().as("n"))
      .whereRef("u.role_id", "=", "r.id")
      .as("users"),
  ]);
}

/** Every role by name, with how many users hold it. */
export async function listRoles(db: Db) {
  return rolesWithUsers(db).orderBy("r.built_in", "desc").orderBy("r.name").execute();
}

export async function findRole(db: Db, id: string) {
  return rolesWithUsers(db).where("r.id", "=", id).executeTakeFirst();
}

/** The role locked for a change; another role's name compared without case. */
export async function lockRole(db: Transaction<Database>, id: string) {
  return db
    .selectFrom("core.role")
    .select(["id", "name", "built_in"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

export async function roleNamed(db: Db, name: string, exceptId?: string) {
  let query = db.selectFrom("core.role").select("id").where(sql<string>`lower(name)`, "=", name.toLowerCase());
  if (exceptId) query = query.where("id", "<>", exceptId);
  return query.executeTakeFirst();
}

export async function insertRole(db: Transaction<Database>, name: string) {
  return db.insertInto("core.role").values({ name, built_in: false }).returning("id").executeTakeFirstOrThrow();
}

export async function renameRole(db: Transaction<Database>, id: string, name: string) {
  await db.updateTable("core.role").set({ name }).where("id", "=", id).execute();
}

export async function deleteRole(db: Transaction<Database>, id: string) {
  await db.deleteFrom("core.role").where("id", "=", id).execute();
}

export async function countHolders(db: Db, roleId: string): Promise<number> {
  const row = await db
    .selectFrom("core.app_user")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role_id", "=", roleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function permissionsOf(db: Db, roleId: string) {
  return db
    .selectFrom("core.role_permission")
    .select(["resource", "operation"])
    .where("role_id", "=", roleId)
    .execute();
}

/** The role's permissions become exactly these. */
export async function replacePermissions(
  db: Transaction<Database>,
  roleId: string,
  rows: { resource: string; operation: string }[],
) {
  await db.deleteFrom("core.role_permission").where("role_id", "=", roleId).execute();
  if (rows.length === 0) return;
  await db
    .insertInto("core.role_permission")
    .values(rows.map((row) => ({ role_id: roleId, ...row })))
    .execute();
}

/** The entities and their resources, built-in ones first, each with its names. */
export async function entityResources(db: Db) {
  return db
    .selectFrom("core.entity")
    .select(["resource", "plural_en", "plural_nb", "built_in"])
    .orderBy("built_in", "desc")
    .orderBy("plural_en")
    .execute();
}
