import { type ExpressionBuilder, type Kysely, sql, type Transaction } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { unexpired } from "../auth/oidc-adapter.ts";
import type { AppUserTable, Database } from "../db/schema.ts";
import { containsPattern } from "../db/values.ts";
import { listTransactions } from "../records/records.repository.ts";

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

/** What every API call needs to know of its user (`u`): status, company admin, the role's permissions. */
export function actorColumns(eb: ExpressionBuilder<Database & { u: AppUserTable }, "u">) {
  return [
    "u.id",
    "u.status",
    "u.company_admin",
    jsonArrayFrom(
      eb
        .selectFrom("core.role_permission as p")
        .select(["p.resource", "p.operation"])
        .whereRef("p.role_id", "=", "u.role_id"),
    ).as("permissions"),
  ] as const;
}

export async function findActor(db: Db, id: string) {
  return db.selectFrom("core.app_user as u").select(actorColumns).where("u.id", "=", id).executeTakeFirst();
}

/**
 * A stored access token (by its stored id) with its account's actor columns, in one round trip: every API call asks
 * this. The actor's columns are null when the account is gone.
 */
export async function findAccessTokenWithActor(db: Db, storedId: string) {
  return db
    .selectFrom("core.oidc_payload")
    .leftJoin("core.app_user as u", (join) =>
      join.on("u.id", "=", sql<string>`(core.oidc_payload.payload->>'accountId')::uuid`),
    )
    .select((eb) => ["core.oidc_payload.payload", "core.oidc_payload.consumed_at", ...actorColumns(eb)])
    .where("core.oidc_payload.model", "=", "AccessToken")
    .where("core.oidc_payload.id", "=", storedId)
    .where(unexpired)
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

/** The user's row under a lock, for a change that checks it first (their status, whether they administer). */
export async function lockUser(db: Transaction<Database>, id: string) {
  return db
    .selectFrom("core.app_user")
    .select(["id", "email", "status", "role_id", "company_admin", "password_hash"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The other active administrators (holders of the administrator role, or company administrators), locked: two
 * administrators deactivated at once then wait for each other, and the second sees the first one gone.
 */
export async function otherActiveAdministrators(db: Transaction<Database>, userId: string, adminRoleId: string) {
  return db
    .selectFrom("core.app_user")
    .select("id")
    .where("status", "=", "active")
    .where((eb) => eb.or([eb("company_admin", "=", true), eb("role_id", "=", adminRoleId)]))
    .where("id", "<>", userId)
    .forUpdate()
    .execute();
}

export interface UserListFilter {
  term: string | null;
  status?: string;
  roleId?: string;
  groupId?: string;
}

/** A page of users by name, and how many match. */
export async function listUsers(db: Db, filter: UserListFilter, offset: number, limit: number) {
  let base = db.selectFrom("core.app_user as u");
  if (filter.term) {
    const pattern = containsPattern(filter.term);
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`core.search_fold(u.first_name || ' ' || u.last_name) like core.search_fold(${pattern})`,
        sql<boolean>`core.search_fold(u.email) like core.search_fold(${pattern})`,
      ]),
    );
  }
  if (filter.status) base = base.where("u.status", "=", filter.status as "active");
  if (filter.roleId) base = base.where("u.role_id", "=", filter.roleId);
  if (filter.groupId) {
    const groupId = filter.groupId;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom("core.user_group_member as m")
          .select("m.user_id")
          .whereRef("m.user_id", "=", "u.id")
          .where("m.group_id", "=", groupId),
      ),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .innerJoin("core.role as r", "r.id", "u.role_id")
      .select((eb) => [
        ...userColumns,
        "r.name as role_name",
        jsonArrayFrom(
          eb
            .selectFrom("core.user_group_member as m")
            .innerJoin("core.user_group as g", "g.id", "m.group_id")
            .select(["g.id", "g.name"])
            .whereRef("m.user_id", "=", "u.id")
            .orderBy("g.name"),
        ).as("groups"),
      ])
      .orderBy("u.first_name")
      .orderBy("u.last_name")
      .orderBy("u.id")
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}

export async function updateUser(
  db: Transaction<Database>,
  id: string,
  values: {
    first_name: string;
    last_name: string;
    language: string | null;
    role_id: string;
    company_admin: boolean;
    mobile?: string | null;
  },
) {
  await db
    .updateTable("core.app_user")
    .set({ ...values, updated_at: sql`now()` })
    .where("id", "=", id)
    .execute();
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

export async function setStatus(db: Transaction<Database>, id: string, status: "invited" | "active" | "deactivated") {
  await db.updateTable("core.app_user").set({ status, updated_at: sql`now()` }).where("id", "=", id).execute();
}

/** Everything the authorization server holds for the user (sessions, grants, access and refresh tokens) is gone. */
export async function revokeGrantsOf(db: Transaction<Database>, userId: string) {
  await db.deleteFrom("core.oidc_payload").where(sql<string>`payload->>'accountId'`, "=", userId).execute();
}

export async function findGroupsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom("core.user_group").select(["id", "name"]).where("id", "in", ids).execute();
}

/** The user's groups become exactly these. */
export async function setGroupsOfUser(db: Transaction<Database>, userId: string, groupIds: readonly string[]) {
  await db.deleteFrom("core.user_group_member").where("user_id", "=", userId).execute();
  if (groupIds.length === 0) return;
  await db
    .insertInto("core.user_group_member")
    .values(groupIds.map((groupId) => ({ group_id: groupId, user_id: userId })))
    .execute();
}

/** What a user's history tells of them: who they are, their language, role, groups and status, by name. */
export async function userSnapshot(db: Db, id: string): Promise<UserSnapshot | undefined> {
  const user = await findUserById(db, id);
  if (!user) return undefined;
  const groups = await groupsOfUser(db, id);
  return {
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    language: user.language,
    role: user.role_name,
    groups: groups.map((group) => group.name),
    status: user.status,
  };
}

export interface UserSnapshot {
  email: string;
  firstName: string;
  lastName: string;
  language: string | null;
  role: string;
  groups: string[];
  status: string;
}

/** The audit trail's table of users: their history reads it, and no record list does. */
export const USER_AUDIT = { schema_key: "core", table_key: "app_user" } as const;

/**
 * Writes a user's change to the audit trail, in the change's transaction: only what changed, before and after; nothing
 * when nothing did. A new user (no `before`) is written whole.
 */
export async function auditUser(
  db: Transaction<Database>,
  actorId: string | null,
  userId: string,
  before: UserSnapshot | null,
  after: UserSnapshot,
) {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const keys = (Object.keys(after) as (keyof UserSnapshot)[]).filter(
    (key) => !before || !same(before[key], after[key]),
  );
  if (keys.length === 0) return;
  const pick = (snapshot: UserSnapshot) => Object.fromEntries(keys.map((key) => [key, snapshot[key]]));
  await db
    .insertInto("core.transaction")
    .values({
      ...USER_AUDIT,
      record_id: userId,
      action: before ? "update" : "create",
      actor_id: actorId,
      before: before ? JSON.stringify(pick(before)) : null,
      after: JSON.stringify(pick(after)),
    })
    .execute();
}

export function listUserTransactions(db: Db, userId: string, offset: number, limit: number) {
  const audit = { schemaKey: USER_AUDIT.schema_key, tableKey: USER_AUDIT.table_key };
  return listTransactions(db, audit, userId, offset, limit);
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
