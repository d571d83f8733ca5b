import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { DomainError } from "../http/errors.ts";
import type { EntityMetadata } from "./metadata.repository.ts";

type Db = Kysely<Database> | Transaction<Database>;
// The signature request table is defined by its migration, not by the static Database type.
type AnyDb = Kysely<any> | Transaction<any>;

/**
 * Rules of built-in entities that refuse a change to one of their records, checked by the generic update and delete in
 * their transaction: a document with a signature request cannot be updated or deleted (spec §4).
 */
const guards: Record<string, (db: Db, id: string) => Promise<void>> = {
  "documents.document": async (db, id) => {
    const request = await (db as AnyDb)
      .selectFrom("documents.signature_request")
      .select("id")
      .where("document_id", "=", id)
      .executeTakeFirst();
    if (request) {
      throw new DomainError(
        409,
        "DocumentWithDigitalSignatureRecordException",
        "Action not permitted. This document has signature request.",
      );
    }
  },
};

export async function assertChangeable(db: Db, entity: Pick<EntityMetadata, "schemaKey" | "tableKey">, id: string) {
  await guards[`${entity.schemaKey}.${entity.tableKey}`]?.(db, id);
}
