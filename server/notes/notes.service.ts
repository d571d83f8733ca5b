import type { Kysely, Transaction } from "kysely";
import type { EntityRef, RecordDto } from "../contract/records.ts";
import type { Database } from "../db/schema.ts";
import { isUuid } from "../db/values.ts";
import { DomainError } from "../http/errors.ts";
import { findRecord, findRecordsByIds } from "../records/records.repository.ts";
import { readableRecord, resolveEntity, rowName, toDto } from "../records/records.service.ts";
import { type Actor, requirePermission } from "../users/users.service.ts";

export const NOTES = { schema: "notes", table: "note" } as const;

// Record tables are defined by metadata rows, not by the static Database type.
type AnyDb = Kysely<any> | Transaction<any>;

function noteNotFound(): DomainError {
  return new DomainError(404, "NotFoundException", "Record not found");
}

/** The note, which the actor may `operation`; not found otherwise. */
async function noteFor(db: Kysely<Database>, actor: Actor, id: string, operation: "Read" | "Update") {
  const entity = await resolveEntity(db, NOTES.schema, NOTES.table);
  requirePermission(actor, operation, entity.resource);
  if (!isUuid(id) || !(await findRecord(db, entity, id))) throw noteNotFound();
  return entity;
}

/** Attaches a note to records the actor may read; a record it is attached to already answers the spec's text. */
export async function attachNote(db: Kysely<Database>, actor: Actor, noteId: string, refs: EntityRef[]) {
  await noteFor(db, actor, noteId, "Update");
  for (const ref of refs) await readableRecord(db, actor, ref);
  await db.transaction().execute(async (trx) => {
    for (const ref of refs) {
      const inserted = await (trx as AnyDb)
        .insertInto("notes.note_attached_to")
        .values({
          note_id: noteId,
          schema_key: ref.schemaKey,
          table_key: ref.tableKey,
          record_id: ref.uuidKey,
          created_by: actor.id,
        })
        .onConflict((conflict) => conflict.constraint("note_attached_to_once").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!inserted) {
        throw new DomainError(409, "NoteAttachmentServiceOperationException", "Attachment record already existing.");
      }
    }
  });
}

export async function detachNote(db: Kysely<Database>, actor: Actor, noteId: string, refs: EntityRef[]) {
  await noteFor(db, actor, noteId, "Update");
  for (const ref of refs) {
    await (db as AnyDb)
      .deleteFrom("notes.note_attached_to")
      .where("note_id", "=", noteId)
      .where("schema_key", "=", ref.schemaKey)
      .where("table_key", "=", ref.tableKey)
      .where("record_id", "=", isUuid(ref.uuidKey) ? ref.uuidKey : null)
      .execute();
  }
}

/** The records a note is attached to that the actor may read, each with its name. */
export async function attachmentsOf(db: Kysely<Database>, actor: Actor, noteId: string) {
  await noteFor(db, actor, noteId, "Read");
  const rows: { schema_key: string; table_key: string; record_id: string }[] = await (db as AnyDb)
    .selectFrom("notes.note_attached_to")
    .select(["schema_key", "table_key", "record_id"])
    .where("note_id", "=", noteId)
    .orderBy("created_at")
    .execute();
  const attached = [];
  for (const row of rows) {
    try {
      const { entity, row: record } = await readableRecord(db, actor, {
        schemaKey: row.schema_key,
        tableKey: row.table_key,
        uuidKey: row.record_id,
      });
      attached.push({
        schemaKey: row.schema_key,
        tableKey: row.table_key,
        uuidKey: row.record_id,
        rowName: rowName(entity, toDto(entity, record).values),
      });
    } catch (error) {
      // Records the actor may not read, or whose entity is gone, are left out.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return attached;
}

/** A page of the notes attached to a record, newest attachment first. */
export async function notesOfRecord(
  db: Kysely<Database>,
  actor: Actor,
  ref: EntityRef,
  page: number,
  size: number,
): Promise<{ content: RecordDto[]; totalElements: number; page: number; size: number }> {
  await readableRecord(db, actor, ref);
  const entity = await resolveEntity(db, NOTES.schema, NOTES.table);
  requirePermission(actor, "Read", entity.resource);
  const attached = (db as AnyDb)
    .selectFrom("notes.note_attached_to")
    .where("schema_key", "=", ref.schemaKey)
    .where("table_key", "=", ref.tableKey)
    .where("record_id", "=", ref.uuidKey);
  const [ids, total] = await Promise.all([
    attached
      .select("note_id")
      .orderBy("created_at", "desc")
      .orderBy("note_id")
      .offset(page * size)
      .limit(size)
      .execute(),
    attached.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  const rows = await findRecordsByIds(
    db,
    entity,
    ids.map((row: { note_id: string }) => row.note_id),
  );
  return { content: rows.map((row) => toDto(entity, row)), totalElements: Number(total.total), page, size };
}
