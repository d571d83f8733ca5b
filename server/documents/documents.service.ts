import type { Kysely } from "kysely";
import { DOCUMENT_ATTACHMENTS } from "../attachments/attachments.repository.ts";
import { attachOnCreate } from "../attachments/attachments.service.ts";
import { type Actor, requirePermission } from "../auth/permissions.ts";
import type { EntityRef, RecordDto } from "../contract/records.ts";
import type { Database } from "../db/schema.ts";
import type { UploadReader } from "../files/uploads.ts";
import { DomainError } from "../http/errors.ts";
import type { RecordEvent, RecordHooks } from "../records/record-hooks.ts";
import { createRecord, readableRecord, resolveEntity } from "../records/records.service.ts";
import * as repo from "./documents.repository.ts";

export const DOCUMENTS = { schema: "documents", table: "document" } as const;

/** A stored file older than this that no row names is removed by the sweep; a row commits well within it. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/**
 * A new document from a multipart upload, attached to a record when one is given: the file is stored (and durable)
 * first, then the row and its attachment are written together. A row that fails (a description too long, say) leaves
 * the file as an orphan for the sweep, never a row without its file.
 */
export async function uploadDocument(
  db: Kysely<Database>,
  actor: Actor,
  read: UploadReader,
  maxBytes: number,
  attachTo?: EntityRef,
): Promise<RecordDto> {
  const entity = await resolveEntity(db, DOCUMENTS.schema, DOCUMENTS.table);
  // Before the body is read: a user who may not create documents, or names a record they cannot read, stores nothing.
  requirePermission(actor, "Create", entity.resource);
  if (attachTo) await readableRecord(db, actor, attachTo);
  const upload = await read(maxBytes);
  const name = upload.fields.name?.trim() || upload.fileName;
  return createRecord(db, actor, entity, { name, description: upload.fields.description ?? null }, undefined, {
    productValues: {
      file_name: upload.fileName,
      mime_type: upload.mime,
      file_size: upload.size,
      checksum: upload.key,
    },
    afterInsert: attachTo ? attachOnCreate(DOCUMENT_ATTACHMENTS, actor, [attachTo]) : undefined,
  });
}

export interface DocumentFile {
  key: string;
  fileName: string;
  mime: string;
  size: number;
}

/** The stored file of a document the user may read (404 otherwise, as for any record). One read of the row. */
export async function documentFile(db: Kysely<Database>, actor: Actor, id: string): Promise<DocumentFile> {
  const { row } = await readableRecord(db, actor, {
    schemaKey: DOCUMENTS.schema,
    tableKey: DOCUMENTS.table,
    uuidKey: id,
  });
  return {
    key: String(row.checksum),
    fileName: String(row.file_name),
    mime: String(row.mime_type),
    // bigint comes back as text from PostgreSQL.
    size: Number(row.file_size),
  };
}

/** Of the stored files' keys given, those a document names. */
export async function referencedFiles(db: Kysely<Database>, keys: string[]): Promise<Set<string>> {
  return new Set(await repo.checksumsAmong(db, keys));
}

/** A document with a signature request cannot be updated or deleted (spec §4): checked in the change's transaction. */
async function refuseSigned({ trx, id }: RecordEvent): Promise<void> {
  if (await repo.hasSignatureRequest(trx, id)) {
    throw new DomainError(
      409,
      "DocumentWithDigitalSignatureRecordException",
      "Action not permitted. This document has signature request.",
    );
  }
}

/** What documents add to the record path, registered first so that a refused change writes nothing else. */
export const documentRecordHooks: RecordHooks = {
  appliesTo: (entity) => entity.schemaKey === DOCUMENTS.schema && entity.tableKey === DOCUMENTS.table,
  beforeUpdate: refuseSigned,
  beforeDelete: refuseSigned,
};
