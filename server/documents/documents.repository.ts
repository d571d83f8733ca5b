import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

/** Of the stored files' keys given, those a document names (its checksum). */
export async function checksumsAmong(db: Kysely<Database>, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await (db as Kysely<any>)
    .selectFrom("documents.document")
    .select("checksum")
    .where("checksum", "in", keys)
    .execute();
  return rows.map((row: { checksum: string }) => row.checksum);
}

/** Whether the document has a signature request (the table is its migration's, not the static Database type's). */
export async function hasSignatureRequest(db: Transaction<Database>, documentId: string): Promise<boolean> {
  const request = await (db as Transaction<any>)
    .selectFrom("documents.signature_request")
    .select("id")
    .where("document_id", "=", documentId)
    .executeTakeFirst();
  return request !== undefined;
}
