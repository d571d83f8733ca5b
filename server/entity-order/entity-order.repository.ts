import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The entity's fields in display order (as the record metadata reads them); `lock` holds them until the commit. */
export async function fieldsInOrder(db: Db, entityId: string, lock = false) {
  let query = db
    .selectFrom("core.field")
    .select([
      "key",
      "label_en",
      "label_nb",
      "type",
      "built_in",
      "custom_field",
      "required",
      "unique_value",
      "active",
      "position",
      "settings",
    ])
    .where("entity_id", "=", entityId)
    .orderBy("position")
    .orderBy("key");
  if (lock) query = query.forUpdate();
  return query.execute();
}

export type OrderedField = Awaited<ReturnType<typeof fieldsInOrder>>[number];

/** Gives each field its place in `keys` (0, 1, …) in one statement. */
export async function writePositions(db: Db, entityId: string, keys: string[]): Promise<void> {
  await sql`update core.field as f set position = o.place - 1
    from unnest(${sql.val(keys)}::text[]) with ordinality as o(key, place)
    where f.entity_id = ${entityId} and f.key = o.key and f.position <> o.place - 1`.execute(db);
}
