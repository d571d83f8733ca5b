import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

// notes.note_attached_to is not in the static Database type, as record tables are not.
type AnyDb = Kysely<any> | Transaction<any>;

/** Deleting a record removes what attached notes to it, in the deleting transaction; the notes stay (decision 019). */
export async function detachAllFrom(trx: Transaction<Database>, schemaKey: string, tableKey: string, id: string) {
  await (trx as AnyDb)
    .deleteFrom("notes.note_attached_to")
    .where("schema_key", "=", schemaKey)
    .where("table_key", "=", tableKey)
    .where("record_id", "=", id)
    .execute();
}
