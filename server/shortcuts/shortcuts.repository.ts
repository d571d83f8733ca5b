import { type Kysely, sql, type Transaction } from "kysely";
import type { ShortcutVisibility } from "../contract/shortcuts.ts";
import type { Database } from "../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface SeenShortcut {
  id: string;
  name: string;
  url: string;
  owner_id: string | null;
  visibility: ShortcutVisibility | null;
  group_id: string | null;
  group_name: string | null;
  visible: boolean;
}

/**
 * The shortcuts a user sees, in their order: their own, and the shared ones for everyone, for administrators when
 * they are one, and for a group they belong to. Those the user has placed come first in their places; others (a
 * shared one added since) follow in the shared order.
 */
export async function seenShortcuts(db: Db, userId: string, admin: boolean): Promise<SeenShortcut[]> {
  return db
    .selectFrom("core.shortcut as s")
    .leftJoin("core.user_shortcut as us", (join) =>
      join.onRef("us.shortcut_id", "=", "s.id").on("us.user_id", "=", userId),
    )
    .leftJoin("core.user_group as g", "g.id", "s.group_id")
    .select([
      "s.id",
      "s.name",
      "s.url",
      "s.owner_id",
      "s.visibility",
      "s.group_id",
      "g.name as group_name",
      sql<boolean>`coalesce(us.visible, true)`.as("visible"),
    ])
    .where((eb) =>
      eb.or([
        eb("s.owner_id", "=", userId),
        eb("s.visibility", "=", "everyone"),
        ...(admin ? [eb("s.visibility", "=", "admins")] : []),
        eb.and([
          eb("s.visibility", "=", "group"),
          eb.exists(
            eb
              .selectFrom("core.user_group_member as m")
              .select("m.user_id")
              .whereRef("m.group_id", "=", "s.group_id")
              .where("m.user_id", "=", userId),
          ),
        ]),
      ]),
    )
    .orderBy(sql`us.position is null`)
    .orderBy("us.position")
    .orderBy("s.position")
    .orderBy("s.created_at")
    .orderBy("s.id")
    .execute() as Promise<SeenShortcut[]>;
}

/** Holds the user's row until the transaction ends, so that one user's changes to their list happen one at a time. */
export async function lockUser(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx.selectFrom("core.app_user").select("id").where("id", "=", userId).forUpdate().execute();
}

/** Writes the user's whole list: each shortcut's place (its index) and whether it is shown. */
export async function savePlaces(
  trx: Transaction<Database>,
  userId: string,
  places: { id: string; visible: boolean }[],
): Promise<void> {
  if (places.length === 0) return;
  await trx
    .insertInto("core.user_shortcut")
    .values(
      places.map((place, position) => ({ user_id: userId, shortcut_id: place.id, position, visible: place.visible })),
    )
    .onConflict((oc) =>
      oc.columns(["user_id", "shortcut_id"]).doUpdateSet((eb) => ({
        position: eb.ref("excluded.position"),
        visible: eb.ref("excluded.visible"),
      })),
    )
    .execute();
}

export async function countOwn(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("core.shortcut")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("owner_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function ownUrlTaken(db: Db, userId: string, url: string, except?: string): Promise<boolean> {
  let query = db.selectFrom("core.shortcut").select("id").where("owner_id", "=", userId).where("url", "=", url);
  if (except) query = query.where("id", "!=", except);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertOwn(db: Db, userId: string, input: { name: string; url: string }): Promise<string> {
  const row = await db
    .insertInto("core.shortcut")
    .values({ owner_id: userId, name: input.name, url: input.url })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user's own shortcut, by id; another user's or a shared one is not found. */
export async function findOwn(db: Db, userId: string, id: string) {
  return db
    .selectFrom("core.shortcut")
    .select(["id", "name", "url"])
    .where("id", "=", id)
    .where("owner_id", "=", userId)
    .executeTakeFirst();
}

export async function updateOwn(db: Db, userId: string, id: string, input: { name: string; url: string }) {
  const result = await db
    .updateTable("core.shortcut")
    .set({ name: input.name, url: input.url, updated_at: sql`now()` })
    .where("id", "=", id)
    .where("owner_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteOwn(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("core.shortcut")
    .where("id", "=", id)
    .where("owner_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface SharedRow {
  id: string;
  name: string;
  url: string;
  visibility: ShortcutVisibility;
  group_id: string | null;
  group_name: string | null;
  position: number;
}

function sharedQuery(db: Db) {
  return db
    .selectFrom("core.shortcut as s")
    .leftJoin("core.user_group as g", "g.id", "s.group_id")
    .select(["s.id", "s.name", "s.url", "s.visibility", "s.group_id", "g.name as group_name", "s.position"])
    .where("s.owner_id", "is", null);
}

/** Every shared shortcut, in the shared order. */
export async function listShared(db: Db): Promise<SharedRow[]> {
  return sharedQuery(db).orderBy("s.position").orderBy("s.name").orderBy("s.id").execute() as Promise<SharedRow[]>;
}

export async function findShared(db: Db, id: string): Promise<SharedRow | undefined> {
  return sharedQuery(db).where("s.id", "=", id).executeTakeFirst() as Promise<SharedRow | undefined>;
}

export interface SharedValues {
  name: string;
  url: string;
  visibility: ShortcutVisibility;
  group_id: string | null;
  position: number;
}

export async function insertShared(db: Db, values: SharedValues): Promise<string> {
  const row = await db.insertInto("core.shortcut").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updateShared(db: Db, id: string, values: SharedValues): Promise<boolean> {
  const result = await db
    .updateTable("core.shortcut")
    .set({ ...values, updated_at: sql`now()` })
    .where("id", "=", id)
    .where("owner_id", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteShared(db: Db, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("core.shortcut")
    .where("id", "=", id)
    .where("owner_id", "is", null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function groupExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom("core.user_group").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}
