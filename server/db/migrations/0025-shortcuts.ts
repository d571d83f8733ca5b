import { type Kysely, sql } from "kysely";

/**
 * Shortcuts (spec §2, §3, §6): a user's own (`owner_id`), or shared ones made in the system settings for everyone,
 * company administrators only, or one group. Each user hides, shows and orders every shortcut they see: their own
 * choice is a `core.user_shortcut` row; a shortcut without one is shown, after the ordered ones.
 *
 * The home page lists the records a user changed last, from the audit rows: they get an index by actor.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("core.shortcut")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("owner_id", "uuid", (col) => col.references("core.app_user.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("visibility", "text", (col) => col.check(sql`visibility in ('everyone', 'admins', 'group')`))
    .addColumn("group_id", "uuid", (col) => col.references("core.user_group.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    // A user's own shortcut has no visibility; a shared one has one, and a group exactly when it is for a group.
    .addCheckConstraint("shortcut_owner_or_visibility", sql`(owner_id is null) = (visibility is not null)`)
    .addCheckConstraint("shortcut_group_visibility", sql`(visibility = 'group') = (group_id is not null)`)
    .execute();
  await db.schema.createIndex("shortcut_owner").on("core.shortcut").columns(["owner_id", "position"]).execute();

  await db.schema
    .createTable("core.user_shortcut")
    .addColumn("user_id", "uuid", (col) => col.notNull().references("core.app_user.id").onDelete("cascade"))
    .addColumn("shortcut_id", "uuid", (col) => col.notNull().references("core.shortcut.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("visible", "boolean", (col) => col.notNull().defaultTo(true))
    .addPrimaryKeyConstraint("user_shortcut_pkey", ["user_id", "shortcut_id"])
    .execute();
  await db.schema.createIndex("user_shortcut_shortcut").on("core.user_shortcut").column("shortcut_id").execute();

  await sql`create index transaction_actor on core.transaction (actor_id, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index core.transaction_actor`.execute(db);
  await db.schema.dropTable("core.user_shortcut").execute();
  await db.schema.dropTable("core.shortcut").execute();
}
