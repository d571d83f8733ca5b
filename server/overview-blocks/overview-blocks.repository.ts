import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface StoredBlock {
  key: string;
  shown: boolean;
}

/** The entity's stored blocks in their order; none when it has never been ordered. */
export async function loadBlocks(db: Db, entityId: string): Promise<StoredBlock[]> {
  return db
    .selectFrom("core.overview_block")
    .select(["key", "shown"])
    .where("entity_id", "=", entityId)
    .orderBy("position")
    .orderBy("key")
    .execute();
}

/**
 * Stores the entity's whole order: each block's place and visibility, written over what was there (two saves at once
 * leave the later one), and blocks no longer listed removed.
 */
export async function saveBlocks(trx: Transaction<Database>, entityId: string, blocks: StoredBlock[]): Promise<void> {
  const rows = blocks.map((block, position) => ({ entity_id: entityId, key: block.key, position, shown: block.shown }));
  await trx
    .insertInto("core.overview_block")
    .values(rows)
    .onConflict((oc) =>
      oc.columns(["entity_id", "key"]).doUpdateSet((eb) => ({
        position: eb.ref("excluded.position"),
        shown: eb.ref("excluded.shown"),
        updated_at: new Date(),
      })),
    )
    .execute();
  await trx
    .deleteFrom("core.overview_block")
    .where("entity_id", "=", entityId)
    .where(
      "key",
      "not in",
      blocks.map((block) => block.key),
    )
    .execute();
}
