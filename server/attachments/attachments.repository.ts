import type { Kysely, Transaction } from "kysely";
import type { EntityRef } from "../contract/records.ts";
import type { Database } from "../db/schema.ts";

// The link tables are not in the static Database type, as record tables are not.
type AnyDb = Kysely<any> | Transaction<any>;

/** Records of one entity that are attached to records of any entity: notes, documents. */
export interface AttachmentKind {
  schema: string;
  table: string;
  linkTable: string;
  /** The link table's column naming the attached record. */
  itemColumn: string;
  /** The unique constraint on (item, record), which tells a repeated attachment. */
  constraint: string;
  /** The spec's exception for a repeated attachment (§8), answered with "Attachment record already existing.". */
  exception: string;
}

export const NOTE_ATTACHMENTS: AttachmentKind = {
  schema: "notes",
  table: "note",
  linkTable: "notes.note_attached_to",
  itemColumn: "note_id",
  constraint: "note_attached_to_once",
  exception: "NoteAttachmentServiceOperationException",
};

export const DOCUMENT_ATTACHMENTS: AttachmentKind = {
  schema: "documents",
  table: "document",
  linkTable: "documents.document_attached_to",
  itemColumn: "document_id",
  constraint: "document_attached_to_once",
  exception: "AttachmentServiceOperationException",
};

export const ATTACHMENT_KINDS = [NOTE_ATTACHMENTS, DOCUMENT_ATTACHMENTS];

/** Inserts one attachment; false when the item is attached to that record already. */
export async function insertAttachment(
  trx: AnyDb,
  kind: AttachmentKind,
  itemId: string,
  ref: EntityRef,
  actorId: string,
): Promise<boolean> {
  const inserted = await trx
    .insertInto(kind.linkTable)
    .values({
      [kind.itemColumn]: itemId,
      schema_key: ref.schemaKey,
      table_key: ref.tableKey,
      record_id: ref.uuidKey,
      created_by: actorId,
    })
    .onConflict((conflict) => conflict.constraint(kind.constraint).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Deleting a record removes what attached notes and documents to it, in the deleting transaction; the notes and
 * documents stay (decision 019).
 */
export async function detachAllFrom(trx: Transaction<Database>, schemaKey: string, tableKey: string, id: string) {
  for (const kind of ATTACHMENT_KINDS) {
    await (trx as AnyDb)
      .deleteFrom(kind.linkTable)
      .where("schema_key", "=", schemaKey)
      .where("table_key", "=", tableKey)
      .where("record_id", "=", id)
      .execute();
  }
}
