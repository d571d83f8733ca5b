import { type Kysely, sql } from "kysely";

/**
 * Who new inquiries and to-dos go to when their creator chooses nobody: a user, a group, or both, per table. A user or
 * group that is deleted is no longer anyone's default.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("core.work_item_default")
    .addColumn("table_key", "text", (col) => col.primaryKey().check(sql`table_key in ('inquiry', 'todo')`))
    .addColumn("assigned_user_id", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addColumn("group_id", "uuid", (col) => col.references("core.user_group.id").onDelete("set null"))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("core.work_item_default").execute();
}
