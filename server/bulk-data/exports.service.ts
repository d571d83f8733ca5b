import type { Kysely, Transaction } from "kysely";
import { loadActor } from "../auth/actors.ts";
import { type Actor, can, requirePermission } from "../auth/permissions.ts";
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
import { DomainError } from "../http/errors.ts";
import { notifyJobFinished } from "../notifications/notifications.service.ts";
import { groupsOf, type Side, shownTo, sidesOf } from "../records/connections.ts";
import type { ListFilterParams } from "../records/list-query.ts";
import { cachedEntity, type EntityMetadata } from "../records/metadata.repository.ts";
import { readsLinksOf } from "../records/read-rights.ts";
import { rowName } from "../records/record-dto.ts";
import { walkRecords } from "../records/records.repository.ts";
import { listCriteriaOf, withOptions } from "../records/records.service.ts";
import { cachedRelationships } from "../relationships/relationships.repository.ts";
import { exportableFields, headerOf, type Language, toCell } from "./cells.ts";
import type { ExportRecord, ExportSource, ExtraColumn } from "./export-file.ts";
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

/**
 * "contacts-customer-bergen-2026-11-25-1430.xlsx": the entity's plural label in the file's language, what narrows the
 * list (its status, search and filters, when the export is of what it shows), and when it was asked for.
 */
export function exportFileName(
  entity: EntityMetadata,
  language: Language,
  format: BulkFormat,
  at: Date,
  timeZone: string,
  narrowing: string[] = [],
): string {
  const plural = language === "nb" ? entity.pluralNb : entity.pluralEn;
  const narrowed = narrowing.join(" ").slice(0, 60);
  return fileNameOf(narrowed ? `${plural} ${narrowed}` : plural, language, format, at, timeZone);
}

/** A moment as a file name states it, in a time zone: "2026-11-25-1430". */
function fileTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}-${parts.hour}${parts.minute}`;
}

/**
 * "customers-in-bergen-2026-11-25-1430.xlsx": a name made safe for a file, and when it was asked for in the user's
 * time zone, so that two exports of one list on one day have names of their own.
 */
export function fileNameOf(name: string, language: Language, format: BulkFormat, at: Date, timeZone: string): string {
  const label = name
    .slice(0, 100)
    .toLocaleLowerCase(language === "nb" ? "nb-NO" : "en")
    // Characters some file systems refuse, and control characters, go; spaces become hyphens.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must not reach a file name.
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, "")
    .trim()
    .replace(/\s+/g, "-");
  return `${label || "export"}-${fileTime(at, timeZone)}.${format}`;
}

/** The product's own words for a list's narrowing that has no value to name it by (the specification has none). */
const NARROWING_WORDS = {
  en: { open: "open", overdue: "overdue", not: "not" },
  nb: { open: "åpne", overdue: "forfalte", not: "ikke" },
} as const;

/**
 * What narrows a list, in words for a file's name: its status, its search, each filter's value (an option by its
 * label, a yes/no filter by its field), and whether it shows only open or overdue items.
 */
export async function narrowingOf(
  db: Kysely<Database>,
  entity: EntityMetadata,
  list: ListFilterParams,
  language: Language,
): Promise<string[]> {
  const words = NARROWING_WORDS[language];
  const parts: string[] = [];
  if (list.statusId && isUuid(list.statusId)) {
    const status = (await repo.statusNames(db, entity)).get(list.statusId);
    if (status) parts.push(status[language]);
  }
  if (list.q?.trim()) parts.push(list.q.trim());
  const filters = Object.entries(list.filters ?? {}).filter(([, value]) => value !== "");
  const described = filters.length > 0 ? await withOptions(db, entity) : entity;
  for (const [key, value] of filters) {
    const field = described.fields.find((candidate) => candidate.key === key);
    if (!field) continue;
    const label = headerOf(field, language);
    if (field.type === "Bool") parts.push(value === "true" ? label : `${words.not} ${label}`);
    else if (field.type === "List" || field.type === "MultiSelect") {
      const cell = toCell(field, value, language, "csv");
      parts.push(typeof cell === "string" ? cell : value);
    } else parts.push(value);
  }
  if (list.overdueOn) parts.push(words.overdue);
  else if (list.openOnly) parts.push(words.open);
  return parts;
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
    scope: params.scope === "listed" || params.scope === "query" || params.scope === "form" ? params.scope : "all",
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
  const narrowing = request.scope === "listed" ? await narrowingOf(db, entity, request.list, language) : [];
  const timeZone = await repo.timeZoneOf(db, actor.id);
  const row = await repo.insertExport(db, {
    userId: actor.id,
    schemaKey: entity.schemaKey,
    tableKey: entity.tableKey,
    format: request.format,
    params,
    language,
    fileName: exportFileName(entity, language, request.format, new Date(), timeZone, narrowing),
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

/** An entity's list export: its records walked in the list's order. */
export async function listExportOf(
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
      yield await extras.fill(chunk as ExportRecord[]);
    }
  }

  const extras = await extraColumnsOf(db, entity, row.user_id, language);
  return {
    entity,
    layout: {
      format: row.format,
      language,
      fields,
      sheetName: language === "nb" ? entity.pluralNb : entity.pluralEn,
      extraColumns: extras.columns,
    },
    chunks: chunks(),
  };
}

/** Where a record's status and linked names go in it: no field's key starts with an underscore. */
const STATUS_KEY = "_status";
const linkKey = (index: number) => `_links_${index}`;
/** The status column's header (the product's own text; the same word in both languages). */
const STATUS_HEADER: Record<Language, string> = { en: "Status", nb: "Status" };
/** Names of linked records a cell lists at most; the rest are counted. */
export const LINKED_NAMES_PER_CELL = 100;
const MORE_LINKED: Record<Language, (count: string) => string> = {
  en: (count) => `(${count} more)`,
  nb: (count) => `(${count} til)`,
};

interface ExtraColumns {
  columns: ExtraColumn[];
  /** The chunk's records with their extra columns' text. */
  fill(records: ExportRecord[]): Promise<ExportRecord[]>;
}

/**
 * The columns an entity's export has besides its fields: the record's status, when the entity has statuses, and per
 * relationship the names of its linked records (a contact's companies, a company's contacts), when the export's user
 * may read them as the record pages show them: the other entity's Read, the side shown to them, and for the
 * company–contact links the CRM right too. Those rights are the user's when the file is written.
 */
async function extraColumnsOf(
  db: Kysely<Database>,
  entity: EntityMetadata,
  userId: string,
  language: Language,
): Promise<ExtraColumns> {
  const statuses = await repo.statusNames(db, entity);
  const links = await readableLinksOf(db, entity, userId);
  const columns: ExtraColumn[] = statuses.size > 0 ? [{ key: STATUS_KEY, header: STATUS_HEADER[language] }] : [];
  const plurals = links.map(({ other }) => (language === "nb" ? other.pluralNb : other.pluralEn));
  links.forEach(({ side }, index) => {
    const plural = plurals[index] as string;
    const { label1En, label1Nb, label2En, label2Nb } = side.relationship;
    const sideLabel =
      side.side === 1 ? (language === "nb" ? label1Nb : label1En) : language === "nb" ? label2Nb : label2En;
    // Two relationships with one entity are told apart by their own names.
    const header = plurals.filter((other) => other === plural).length > 1 ? `${plural} (${sideLabel})` : plural;
    columns.push({ key: linkKey(index), header });
  });
  const count = new Intl.NumberFormat(language === "nb" ? "nb-NO" : "en");
  return {
    columns,
    async fill(records) {
      if (statuses.size > 0) {
        for (const record of records) {
          const status = typeof record.status_id === "string" ? statuses.get(record.status_id) : undefined;
          record[STATUS_KEY] = status ? status[language] : null;
        }
      }
      const ids = records.map((record) => record.id);
      for (const [index, { side, other }] of links.entries()) {
        const byOwner = new Map<string, { names: string[]; total: number }>();
        for (const linked of await repo.linkedNames(db, side, other, ids, LINKED_NAMES_PER_CELL)) {
          const entry = byOwner.get(linked.ownerId) ?? { names: [], total: linked.total };
          entry.names.push(rowName(other, linked.values) || linked.id);
          byOwner.set(linked.ownerId, entry);
        }
        for (const record of records) {
          const entry = byOwner.get(record.id);
          const more = entry && entry.total > entry.names.length ? entry.total - entry.names.length : 0;
          record[linkKey(index)] = entry
            ? `${entry.names.join("; ")}${more > 0 ? ` ${MORE_LINKED[language](count.format(more))}` : ""}`
            : null;
        }
      }
      return records;
    },
  };
}

/** The relationships of the entity whose linked records the user may read now, with the entity on the other side. */
async function readableLinksOf(
  db: Kysely<Database>,
  entity: EntityMetadata,
  userId: string,
): Promise<{ side: Side; other: EntityMetadata }[]> {
  const actor = await loadActor(db, userId);
  if (actor?.status !== "active") return [];
  let groups: Promise<Set<string>> | undefined;
  const groupIds = () => {
    groups ??= groupsOf(db, actor.id);
    return groups;
  };
  const readable: { side: Side; other: EntityMetadata }[] = [];
  for (const side of sidesOf(await cachedRelationships(db), entity)) {
    const other = await cachedEntity(db, side.other.schemaKey, side.other.tableKey);
    if (!other || !can(actor, "Read", other.resource)) continue;
    // The company–contact links are the CRM's: they need its Read as well, as on the record pages.
    if (!readsLinksOf(actor, side.relationship)) continue;
    if (!(await shownTo(actor, side, groupIds))) continue;
    readable.push({ side, other });
  }
  return readable;
}

/** The export's user is told it has ended, in the transaction that ends it. */
export function tellOwner(
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
