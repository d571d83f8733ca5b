import type { Kysely } from "kysely";
import { NOTE_ATTACHMENTS } from "../attachments/attachments.repository.ts";
import { attachOnCreate } from "../attachments/attachments.service.ts";
import type { Actor } from "../auth/permissions.ts";
import type { EntityRef, RecordDto } from "../contract/records.ts";
import type { Database } from "../db/schema.ts";
import { createRecord, readableRecord, resolveEntity } from "../records/records.service.ts";

/** A new note on a record (a company's notes tab): the note and its attachment commit together. */
export async function createAttachedNote(
  db: Kysely<Database>,
  actor: Actor,
  ref: EntityRef,
  values: Record<string, unknown>,
  statusId?: string | null,
): Promise<RecordDto> {
  await readableRecord(db, actor, ref);
  const entity = await resolveEntity(db, NOTE_ATTACHMENTS.schema, NOTE_ATTACHMENTS.table);
  return createRecord(db, actor, entity, values, statusId, {
    afterInsert: attachOnCreate(NOTE_ATTACHMENTS, actor, [ref]),
  });
}
