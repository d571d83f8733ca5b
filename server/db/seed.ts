import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** Creates the workspace on first start; a demo start fills it with sample data. */
export async function seedWorkspace(db: Kysely<Database>, options: { demo: boolean }): Promise<{ created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("core.workspace").select("id").executeTakeFirst();
    if (existing) return { created: false };
    await trx
      .insertInto("core.workspace")
      .values({ name: options.demo ? "Demo workspace" : "Workspace", demo: options.demo })
      .execute();
    return { created: true };
  });
}
