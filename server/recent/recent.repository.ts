import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

/** How far back the user's own history is read: their latest changes, however many records they name. */
const HISTORY_WINDOW = 500;

export interface TouchedRecord {
  schema_key: string;
  table_key: string;
  record_id: string;
  action: string;
  at: Date;
}

/**
 * The records among the user's latest history entries, each once, the one changed last first. Reads the newest
 * entries through the index by actor, never the user's whole history.
 */
export async function touchedRecords(db: Kysely<Database>, userId: string, limit: number): Promise<TouchedRecord[]> {
  const latest = db
    .selectFrom("core.transaction")
    .select(["id", "schema_key", "table_key", "record_id", "action", "at"])
    .where("actor_id", "=", userId)
    .orderBy("id", "desc")
    .limit(HISTORY_WINDOW)
    .as("t");
  const rows = await db
    .selectFrom(latest)
    .select([
      "t.schema_key",
      "t.table_key",
      "t.record_id",
      sql<string>`(array_agg(t.action order by t.id desc))[1]`.as("action"),
      sql<Date>`max(t.at)`.as("at"),
    ])
    .groupBy(["t.schema_key", "t.table_key", "t.record_id"])
    .orderBy(sql`max(t.id)`, "desc")
    .limit(limit)
    .execute();
  return rows as TouchedRecord[];
}
