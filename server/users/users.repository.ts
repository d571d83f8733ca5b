import { type Kysely, sql, type Transaction } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { Database } from "../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

const userColumns = [
  "u.id",
  "u.email",
  "u.first_name",
  "u.last_name",
  "u.mobile",
  "u.language",
  "u.time_zone",
  "u.status",
  "u.role_id",
  "u.company_admin",
] as const;

export async function findUserForLogin(db: Db, email: string) {
  return db
    .selectFrom("core.app_user")
    .select(["id", "status", "password_hash"])
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(db: Db, id: string) {
  return db
    .selectFrom("core.app_user as u")
    .innerJoin("core.role as r", "r.id", "u.role_id")
    .select([...userColumns, "r.name as role_name"])
    .where("u.id", "=", id)
    .executeTakeFirst();
}

export async function emailExists(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("core.app_user")
    .select("id")
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function groupsOfUser(db: Db, userId: string) {
  return db
    .selectFrom("core.user_group_member as m")
    .innerJoin("core.user_group as g", "g.id", "m.group_id")
    .select(["g.id", "g.name"])
    .where("m.user_id", "=", userId)
    .orderBy("g.name")
    .execute();
}

/** What every API call needs to know of its user, in one query. */
export async function findActor(db: Db, id: string) {
  return db
    .selectFrom("core.app_user as u")
    .select((eb) => [
      "u.id",
      "u.status",
      "u.company_admin",
      jsonArrayFrom(
        eb
          .selectFrom("core.role_permission as p")
          .select(["p.resource", "p.operation"])
          .whereRef("p.role_id", "=", "u.role_id"),
      ).as("permissions"),
    ])
    .where("u.id", "=", id)
    .executeTakeFirst();
}

export async function permissionsOfRole(db: Db, roleId: string) {
  return db
    .selectFrom("core.role_permission")
    .select(["resource", "operation"])
    .where("role_id", "=", roleId)
    .orderBy("resource")
    .orderBy("operation")
    .execute();
}

export async function findRoleById(db: Db, id: string) {
  return db.selectFrom("core.role").select(["id", "name"]).where("id", "=", id).executeTakeFirst();
}

export async function findRoleByName(db: Db, name: string) {
  return db.selectFrom("core.role").select(["id", "name"]).where("name", "=", name).executeTakeFirst();
}

export async function insertUser(
  db: Db,
  user: {
    email: string;
    first_name: string;
    last_name: string;
    mobile?: string | null;
    language: string | null;
    role_id: string;
    company_admin: boolean;
    status: "invited" | "active";
    password_hash?: string | null;
  },
) {
  return db.insertInto("core.app_user").values(user).returning(["id"]).executeTakeFirstOrThrow();
}

export async function activateUser(db: Db, id: string, passwordHash: string) {
  await db
    .updateTable("core.app_user")
    .set({ status: "active", password_hash: passwordHash, updated_at: sql`now()` })
    .where("id", "=", id)
    .execute();
}

export async function updateLanguage(db: Db, id: string, language: string) {
  await db.updateTable("core.app_user").set({ language, updated_at: sql`now()` }).where("id", "=", id).execute();
}

export async function insertInvitation(db: Db, userId: string, tokenHash: string, expiresAt: Date) {
  await db
    .insertInto("core.invitation")
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
    .execute();
}

export async function revokeOpenInvitations(db: Db, userId: string) {
  await db
    .updateTable("core.invitation")
    .set({ revoked_at: sql`now()` })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .execute();
}

/** The invitation if it can still be used; locks it for the rest of the transaction. */
export async function findUsableInvitation(db: Db, tokenHash: string) {
  return db
    .selectFrom("core.invitation")
    .select(["id", "user_id"])
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .forUpdate()
    .executeTakeFirst();
}

export async function markInvitationUsed(db: Db, id: string) {
  await db.updateTable("core.invitation").set({ used_at: sql`now()` }).where("id", "=", id).execute();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom("core.app_user")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function updateProfile(
  db: Db,
  id: string,
  profile: { first_name: string; last_name: string; mobile: string | null },
) {
  await db
    .updateTable("core.app_user")
    .set({ ...profile, updated_at: sql`now()` })
    .where("id", "=", id)
    .execute();
}

export async function findProfileImage(db: Db, id: string) {
  return db
    .selectFrom("core.app_user")
    .select(["image_key", "image_mime", "image_size"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Sets the user's image, or removes it with null. */
export async function setProfileImage(db: Db, id: string, image: { key: string; mime: string; size: number } | null) {
  await db
    .updateTable("core.app_user")
    .set({
      image_key: image?.key ?? null,
      image_mime: image?.mime ?? null,
      image_size: image?.size ?? null,
      updated_at: sql`now()`,
    })
    .where("id", "=", id)
    .execute();
}

/** Of the stored files' keys given, those a user's profile image names. */
export async function profileImageFiles(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.selectFrom("core.app_user").select("image_key").where("image_key", "in", keys).execute();
  return rows.flatMap((row) => (row.image_key ? [row.image_key] : []));
}

export async function findPasswordHash(db: Db, id: string) {
  const row = await db.selectFrom("core.app_user").select("password_hash").where("id", "=", id).executeTakeFirst();
  return row?.password_hash ?? null;
}

export async function setPasswordHash(db: Db, id: string, passwordHash: string) {
  await db
    .updateTable("core.app_user")
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where("id", "=", id)
    .execute();
}
