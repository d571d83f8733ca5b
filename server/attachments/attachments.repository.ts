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

/** Takes an item off one record (a record id of null matches none). */
export async function deleteAttachment(
  db: Kysely<Database>,
  kind: AttachmentKind,
  itemId: string,
  ref: { schemaKey: string; tableKey: string; uuidKey: string | null },
): Promise<void> {
  await (db as AnyDb)
    .deleteFrom(kind.linkTable)
    .where(kind.itemColumn, "=", itemId)
    .where("schema_key", "=", ref.schemaKey)
    .where("table_key", "=", ref.tableKey)
    .where("record_id", "=", ref.uuidKey)
    .execute();
}

/** The records an item is attached to, in the order attached. */
export async function attachedTo(
  db: Kysely<Database>,
  kind: AttachmentKind,
  itemId: string,
): Promise<{ schema_key: string; table_key: string; record_id: string }[]> {
  return (db as AnyDb)
    .selectFrom(kind.linkTable)
    .select(["schema_key", "table_key", "record_id"])
    .where(kind.itemColumn, "=", itemId)
    .orderBy("created_at")
    .execute();
}

/** A page of the ids of the items attached to a record, newest attachment first, and how many there are. */
export async function itemIdsOfRecord(
  db: Kysely<Database>,
  kind: AttachmentKind,
  ref: EntityRef,
  offset: number,
  limit: number,
): Promise<{ ids: string[]; total: number }> {
  const attached = (db as AnyDb)
    .selectFrom(kind.linkTable)
    .where("schema_key", "=", ref.schemaKey)
    .where("table_key", "=", ref.tableKey)
    .where("record_id", "=", ref.uuidKey);
  const [rows, total] = await Promise.all([
    attached
      .select(kind.itemColumn)
      .orderBy("created_at", "desc")
      .orderBy(kind.itemColumn)
      .offset(offset)
      .limit(limit)
      .execute(),
    attached.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row: Record<string, string>) => row[kind.itemColumn]), total: Number(total.total) };
}
