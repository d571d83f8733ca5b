import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

export async function getSetting<T>(db: Kysely<Database>, key: string): Promise<T | undefined> {
  const row = await db.selectFrom("core.setting").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value as T | undefined;
}

export async function setSetting(db: Kysely<Database>, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto("core.setting")
    .values({ key, value: json })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: sql`now()` }))
    .execute();
}
