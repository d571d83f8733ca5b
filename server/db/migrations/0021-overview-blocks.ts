import { type Kysely, sql } from "kysely";

/**
 * Which blocks a record's 360-overview shows, and in which order, per entity (spec §2
 * expanded-entity-overview-widgets). An entity without rows shows its default order; the blocks that apply to each
 * entity are the contract's (server/contract/overview-blocks.ts), so only key, position and visibility are stored.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("core.overview_block")
    .addColumn("entity_id", "uuid", (col) => col.notNull().references("core.entity.id").onDelete("cascade"))
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("shown", "boolean", (col) => col.notNull().defaultTo(true))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("overview_block_pkey", ["entity_id", "key"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("core.overview_block").execute();
}
