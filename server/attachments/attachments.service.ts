import type { Kysely, Transaction } from "kysely";
import { type Actor, requirePermission } from "../auth/permissions.ts";
import type { EntityRef, RecordDto } from "../contract/records.ts";
import type { Database } from "../db/schema.ts";
import { isUuid } from "../db/values.ts";
import { DomainError } from "../http/errors.ts";
import { rowName, toDto } from "../records/record-dto.ts";
import { findRecord, findRecordsByIds } from "../records/records.repository.ts";
import { readableRecord, resolveEntity } from "../records/records.service.ts";
import type { AttachmentKind } from "./attachments.repository.ts";
import * as repo from "./attachments.repository.ts";

function alreadyAttached(kind: AttachmentKind): DomainError {
  return new DomainError(409, kind.exception, "Attachment record already existing.");
}

/** The item (a note, a document), which the actor may `operation`; not found otherwise. */
async function itemFor(
  db: Kysely<Database>,
  actor: Actor,
  kind: AttachmentKind,
  id: string,
  operation: "Read" | "Update",
) {
  const entity = await resolveEntity(db, kind.schema, kind.table);
  requirePermission(actor, operation, entity.resource);
  if (!isUuid(id) || !(await findRecord(db, entity, id))) {
    throw new DomainError(404, "NotFoundException", "Record not found");
  }
  return entity;
}

/**
 * Writes for a new item that is attached to records from the start, in the item's own transaction (createRecord's
 * afterInsert). The records must have been checked as readable.
 */
export function attachOnCreate(kind: AttachmentKind, actor: Actor, refs: EntityRef[]) {
  return async (trx: Transaction<Database>, id: string) => {
    for (const ref of refs) await repo.insertAttachment(trx, kind, id, ref, actor.id);
  };
}

/** Attaches an item to records the actor may read; a record it is attached to already answers the spec's text. */
export async function attach(db: Kysely<Database>, actor: Actor, kind: AttachmentKind, id: string, refs: EntityRef[]) {
  await itemFor(db, actor, kind, id, "Update");
  for (const ref of refs) await readableRecord(db, actor, ref);
  await db.transaction().execute(async (trx) => {
    for (const ref of refs) {
      if (!(await repo.insertAttachment(trx, kind, id, ref, actor.id))) throw alreadyAttached(kind);
    }
  });
}

export async function detach(db: Kysely<Database>, actor: Actor, kind: AttachmentKind, id: string, refs: EntityRef[]) {
  await itemFor(db, actor, kind, id, "Update");
  for (const ref of refs) {
    // A record id that is no id matches no row.
    await repo.deleteAttachment(db, kind, id, { ...ref, uuidKey: isUuid(ref.uuidKey) ? ref.uuidKey : null });
  }
}

/** The records an item is attached to that the actor may read, each with its name, in the order attached. */
export async function attachmentsOf(db: Kysely<Database>, actor: Actor, kind: AttachmentKind, id: string) {
  await itemFor(db, actor, kind, id, "Read");
  const rows = await repo.attachedTo(db, kind, id);
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

/** A page of the items attached to a record, newest attachment first. */
export async function itemsOfRecord(
  db: Kysely<Database>,
  actor: Actor,
  kind: AttachmentKind,
  ref: EntityRef,
  page: number,
  size: number,
): Promise<{ content: RecordDto[]; totalElements: number; page: number; size: number }> {
  await readableRecord(db, actor, ref);
  const entity = await resolveEntity(db, kind.schema, kind.table);
  requirePermission(actor, "Read", entity.resource);
  const { ids, total } = await repo.itemIdsOfRecord(db, kind, ref, page * size, size);
  const rows = await findRecordsByIds(db, entity, ids);
  return { content: rows.map((row) => toDto(entity, row)), totalElements: total, page, size };
}
