import { PassThrough } from "node:stream";
import type { Kysely, Transaction } from "kysely";
import {
  type BulkFormat,
  type BulkLanguage,
  bulkDataTexts,
  type ExportDto,
  type ExportPage,
  type ExportStatus,
} from "../contract/bulk-data.ts";
import type { FieldDefinition } from "../contract/fields.ts";
import type { Database } from "../db/schema.ts";
import { isUuid } from "../db/values.ts";
import type { FileStorage } from "../files/storage.ts";
import { DomainError } from "../http/errors.ts";
import { notifyJobFinished } from "../notifications/notifications.service.ts";
import type { ListFilterParams } from "../records/list-query.ts";
import { cachedEntity, type EntityMetadata } from "../records/metadata.repository.ts";
import { walkRecords } from "../records/records.repository.ts";
import { listCriteriaOf, withOptions } from "../records/records.service.ts";
import { type Actor, requirePermission } from "../users/users.service.ts";
import { exportableFields, type Language } from "./cells.ts";
import { type ExportLayout, type ExportRecord, writeExportFile } from "./export-file.ts";
import * as repo from "./exports.repository.ts";

/** Records read per statement while an export is written: one chunk is all it holds of them at a time. */
export const EXPORT_CHUNK_SIZE = 1000;

/** The rights an export needs besides the entity's Read (spec §6: import and export are rights of their own). */
const EXPORT_RESOURCE = "Export";

export const CONTENT_TYPES: Record<BulkFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
};

function exportNotFound(): DomainError {
  return new DomainError(404, "NotFoundException", bulkDataTexts.exportNotFound);
}

function invalidQuery(field: string, message: string): DomainError {
  return new DomainError(400, "MethodArgumentNotValidException", "Validation failed", [
    { field, defaultMessage: message, objectName: "query" },
  ]);
}

/** The chosen fields (each once, in the order asked), or every exportable one; an unknown key is refused. */
export function exportFieldsOf(entity: EntityMetadata, keys: readonly string[] | undefined): FieldDefinition[] {
  const exportable = exportableFields(entity);
  if (!keys || keys.length === 0) return exportable;
  return [...new Set(keys)].map((key) => {
    const field = exportable.find((candidate) => candidate.key === key);
    if (!field) throw invalidQuery("fields", bulkDataTexts.unknownField);
    return field;
  });
}

/** "companies-2026-11-25.xlsx": the entity's plural label in the file's language, and the day it was asked for. */
export function exportFileName(entity: EntityMetadata, language: Language, format: BulkFormat, day: Date): string {
  return fileNameOf(language === "nb" ? entity.pluralNb : entity.pluralEn, language, format, day);
}

/** "customers-in-bergen-2026-11-25.xlsx": a name made safe for a file, and the day it was asked for. */
export function fileNameOf(name: string, language: Language, format: BulkFormat, day: Date): string {
  const label = name
    .slice(0, 100)
    .toLocaleLowerCase(language === "nb" ? "nb-NO" : "en")
    // Characters some file systems refuse, and control characters, go; spaces become hyphens.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must not reach a file name.
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, "")
    .trim()
    .replace(/\s+/g, "-");
  return `${label || "export"}-${day.toISOString().slice(0, 10)}.${format}`;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toDto(row: repo.StoredExport): ExportDto {
  const params = row.params as unknown as repo.ExportParams;
  return {
    id: row.id,
    schema: row.schema_key,
    tableName: row.table_key,
    schemaAndTableName: `${row.schema_key}.${row.table_key}`,
    format: row.format,
    status: row.status as ExportStatus,
    scope: params.scope === "listed" || params.scope === "query" ? params.scope : "all",
    savedQueryId: row.saved_query_id,
    rowCount: row.row_count,
    fileName: row.file_name,
    fileSize: row.file_size === null ? null : Number(row.file_size),
    message: row.message,
    createdAt: iso(row.created_at) as string,
    finishedAt: iso(row.finished_at),
    expiresAt: iso(row.expires_at),
  };
}

export interface ExportRequest {
  scope: "all" | "listed";
  format: BulkFormat;
  fields?: string[];
  /** The page's language, for the headers and the file's name; the user's when absent. */
  lang?: BulkLanguage;
  list: ListFilterParams;
}

/**
 * Keeps an export of the entity's records, as asked, and queues the job that writes its file. The list's search,
 * filters and sort are checked as the list checks them, and kept only for an export of what the list shows.
 */
export async function initiateExport(
  db: Kysely<Database>,
  queue: (exportId: string) => Promise<unknown>,
  actor: Actor,
  entity: EntityMetadata,
  request: ExportRequest,
): Promise<ExportDto> {
  requirePermission(actor, "Create", EXPORT_RESOURCE);
  requirePermission(actor, "Read", entity.resource);
  const fields = request.fields?.length ? exportFieldsOf(entity, request.fields).map((field) => field.key) : undefined;
  listCriteriaOf(entity, request.list);
  const params: repo.ExportParams =
    request.scope === "listed" ? { scope: "listed", fields, ...request.list } : { scope: "all", fields };
  const language = request.lang ?? (await repo.languageOf(db, actor.id));
  const row = await repo.insertExport(db, {
    userId: actor.id,
    schemaKey: entity.schemaKey,
    tableKey: entity.tableKey,
    format: request.format,
    params,
    language,
    fileName: exportFileName(entity, language, request.format, new Date()),
  });
  try {
    await queue(row.id);
  } catch (error) {
    // Never left "exporting" with no job to finish it.
    await db.transaction().execute((trx) => repo.failExport(trx, row.id, bulkDataTexts.exportFailed));
    throw error;
  }
  return toDto(row);
}

export async function recentExports(
  db: Kysely<Database>,
  actor: Actor,
  page: number,
  size: number,
): Promise<ExportPage> {
  requirePermission(actor, "Read", EXPORT_RESOURCE);
  const { rows, total } = await repo.recentExports(db, actor.id, page * size, size);
  return { content: rows.map(toDto), totalElements: total, page, size };
}

/** The user's own ready export's file; another's, or none, is not found. */
export async function exportFile(db: Kysely<Database>, actor: Actor, id: string) {
  requirePermission(actor, "Read", EXPORT_RESOURCE);
  const row = isUuid(id) ? await repo.findExport(db, id) : undefined;
  if (!row || row.user_id !== actor.id) throw exportNotFound();
  const expired =
    row.status === "expired" || (row.status === "ready" && row.expires_at && new Date(row.expires_at) <= new Date());
  if (expired || (row.status === "ready" && !row.file_key)) {
    throw new DomainError(410, "GoneException", bulkDataTexts.expired);
  }
  if (row.status === "exporting") throw new DomainError(409, "ConflictException", bulkDataTexts.notReady);
  if (row.status !== "ready" || !row.file_key) {
    throw new DomainError(409, "ConflictException", bulkDataTexts.exportFailed);
  }
  return {
    key: row.file_key,
    size: Number(row.file_size),
    fileName: row.file_name,
    contentType: CONTENT_TYPES[row.format],
  };
}

/** An entity removed since the export was asked for still names the notification, by its key. */
function entityOrKey(entity: EntityMetadata | undefined, row: repo.StoredExport): EntityMetadata {
  return (
    entity ?? {
      id: "",
      schemaKey: row.schema_key,
      tableKey: row.table_key,
      labelEn: row.table_key,
      labelNb: row.table_key,
      pluralEn: row.table_key,
      pluralNb: row.table_key,
      resource: row.table_key,
      builtIn: false,
      searchText: false,
      fields: [],
    }
  );
}

export interface ExportDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  retentionDays: number;
}

/**
 * Writes an export's file: its records walked in the list's order a chunk at a time, streamed into storage, then in
 * one transaction the export is ready and its user told. Safe to run again: a finished export is left alone, and a
 * file written twice is one stored file (or an orphan the sweep removes).
 */
export async function runExport(deps: ExportDeps, exportId: string, signal?: AbortSignal): Promise<void> {
  const row = await repo.findExport(deps.db, exportId);
  if (row?.status !== "exporting") return;
  const params = row.params as unknown as repo.ExportParams;
  const language: Language = row.language === "nb" ? "nb" : "en";
  const { entity, layout, chunks } =
    params.scope === "query"
      ? // Loaded when needed: the query export builds on this module's helpers.
        await (await import("../advanced-search/query-export.ts")).queryExportOf(deps.db, row, language, signal)
      : await listExportOf(deps.db, row, params, language, signal);

  const output = new PassThrough();
  // Its errors reach the storage's read of it; none may go unheard and end the process.
  output.on("error", () => undefined);
  // An export is as large as its list; the disk is its only limit.
  const stored = deps.storage.put(output, { maxBytes: Number.POSITIVE_INFINITY });
  // Handled here at once, or a storage failure while rows are still being written would be an unhandled rejection;
  // it is thrown where the file is awaited.
  stored.catch(() => undefined);
  let rowCount: number;
  try {
    rowCount = await writeExportFile(output, layout, chunks);
  } catch (error) {
    // With the error, so the storage keeps nothing of the half-written file.
    output.destroy(error as Error);
    await stored.catch(() => undefined);
    throw error;
  }
  const file = await stored;
  await deps.db.transaction().execute(async (trx) => {
    const finished = await repo.finishExport(trx, exportId, {
      key: file.key,
      size: file.size,
      rowCount,
      retentionDays: deps.retentionDays,
    });
    if (finished) await tellOwner(trx, row, entity, "ready");
  });
}

/** What an export's file is made of: its layout, its rows a chunk at a time, and the entity its notice names. */
export interface ExportSource {
  entity: EntityMetadata;
  layout: ExportLayout;
  chunks: AsyncIterable<ExportRecord[]>;
}

/** An entity's list export: its records walked in the list's order. */
async function listExportOf(
  db: Kysely<Database>,
  row: repo.StoredExport,
  params: repo.ExportParams,
  language: Language,
  signal?: AbortSignal,
): Promise<ExportSource> {
  const entity = await cachedEntity(db, row.schema_key, row.table_key);
  if (!entity) throw new Error(`export ${row.id}: entity ${row.schema_key}.${row.table_key} not found`);
  const described = await withOptions(db, entity);
  const fields = exportFieldsOf(described, params.fields);
  const criteria =
    params.scope === "listed"
      ? listCriteriaOf(entity, { ...params, filters: params.filters ?? {} })
      : listCriteriaOf(entity, { filters: {} });

  async function* chunks(): AsyncGenerator<ExportRecord[]> {
    const walk = walkRecords(
      db,
      entity as EntityMetadata,
      { ...criteria, columns: fields.map((field) => field.key) },
      EXPORT_CHUNK_SIZE,
    );
    for await (const chunk of walk) {
      signal?.throwIfAborted();
      yield chunk as ExportRecord[];
    }
  }

  return {
    entity,
    layout: { format: row.format, language, fields, sheetName: language === "nb" ? entity.pluralNb : entity.pluralEn },
    chunks: chunks(),
  };
}

/** The export's user is told it has ended, in the transaction that ends it. */
function tellOwner(
  trx: Transaction<Database>,
  row: { id: string; user_id: string; file_name: string },
  entity: EntityMetadata,
  status: "ready" | "failed",
) {
  return notifyJobFinished(trx, {
    type: "export_finished",
    userId: row.user_id,
    jobId: row.id,
    fileName: row.file_name,
    entity,
    status,
  });
}

/**
 * An export that cannot be made (its last attempt failed, or every attempt was interrupted): failed, with the reason
 * its user reads on the exports page, and told.
 */
export async function failExport(
  db: Kysely<Database>,
  exportId: string,
  reason: string = bulkDataTexts.exportFailed,
): Promise<void> {
  const row = await repo.findExport(db, exportId);
  if (!row) return;
  const entity = entityOrKey(await cachedEntity(db, row.schema_key, row.table_key), row);
  await db.transaction().execute(async (trx) => {
    if (await repo.failExport(trx, exportId, reason)) await tellOwner(trx, row, entity, "failed");
  });
}

export async function expireBulkFiles(db: Kysely<Database>, retentionDays: number) {
  return repo.expireBulkFiles(db, retentionDays);
}
