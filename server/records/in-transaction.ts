import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * Runs `write` in a transaction of its own, or in the caller's when `db` is one: a web form's merge writes a contact, a
 * company and their link together, each through the record services.
 */
export function inTransaction<T>(db: Kysely<Database>, write: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? write(db as Transaction<Database>) : db.transaction().execute(write);
}
