import type { Kysely, Transaction } from "kysely";
import { detachAllFrom } from "../attachments/attachments.repository.ts";
import { type Actor, requirePermission } from "../auth/permissions.ts";
import {
  type FieldDefinition,
  fieldErrorName,
  isStored,
  type MetaStatusKind,
  type OptionSource,
  ownValue,
  validateValues,
} from "../contract/fields.ts";
import { duplicateMessage } from "../contract/messages.ts";
import type { EntityInfo, EntityRef, MetaStatus, RecordDto, RecordPage, TransactionDto } from "../contract/records.ts";
import { notFoundTexts } from "../contract/settings-texts.ts";
import type { WorkItemDefaults } from "../contract/work-items.ts";
import type { Database } from "../db/schema.ts";
import { isUuid } from "../db/values.ts";
import { DomainError } from "../http/errors.ts";
import { notifyChanged, notifyCreated } from "../notifications/notifications.service.ts";
import { visibleConnectionsOfMany } from "./connections.ts";
import { inTransaction } from "./in-transaction.ts";
import { cachedEntity, type EntityMetadata } from "./metadata.repository.ts";
import { historyReader } from "./read-rights.ts";
import { rowName, toDto, valuesOf } from "./record-dto.ts";
import { assignmentDefaultsOf, runRecordHooks } from "./record-hooks.ts";
import * as repo from "./records.repository.ts";
import { type HistorySource, sourcedBy, toTransactionDto } from "./transactions.ts";

function recordNotFound(): DomainError {
  return new DomainError(404, "NotFoundException", notFoundTexts.record);
}

/** A record of any entity that exists and that the actor may read; otherwise it is simply not found. */
export async function readableRecord(db: Kysely<Database>, actor: Actor, ref: EntityRef) {
  const entity = await resolveEntity(db, ref.schemaKey, ref.tableKey);
  requirePermission(actor, "Read", entity.resource);
  const row = isUuid(ref.uuidKey) ? await repo.findRecord(db, entity, ref.uuidKey) : undefined;
  if (!row) throw recordNotFound();
  return { entity, row };
}

export async function resolveEntity(
  db: Kysely<Database>,
  schemaKey: string,
  tableKey: string,
): Promise<EntityMetadata> {
  const entity = await cachedEntity(db, schemaKey, tableKey);
  if (!entity) throw new DomainError(404, "NotFoundException", notFoundTexts.entity);
  return entity;
}

export function assertCanRead(actor: Actor, entity: EntityMetadata): void {
  requirePermission(actor, "Read", entity.resource);
}

export function entityInfo(entity: EntityMetadata): EntityInfo {
  const { id: _id, builtIn: _builtIn, ...info } = entity;
  return info;
}

export interface ListParams {
  page: number;
  size: number;
  sort?: string;
  q?: string;
  statusId?: string;
  filters: Record<string, string>;
  /** Only items not in a closed status. */
  openOnly?: boolean;
  /** Only open items due before this date ("YYYY-MM-DD", the user's today). */
  overdueOn?: string;
  /** The fields a list shows (the name's fields always come too); every field when absent. */
  fields?: string[];
  /** Each row also names the records it is linked to (a contact's companies), a few each. */
  withConnections?: boolean;
}

function listedColumns(entity: EntityMetadata, keys: string[] | undefined): string[] | undefined {
  if (!keys) return undefined;
  const unknown = keys.filter((key) => !entity.fields.some((f) => f.active && isStored(f) && f.key === key));
  if (unknown.length > 0) {
    throw new DomainError(400, "MethodArgumentNotValidException", "Validation failed", [
      { field: "fields", defaultMessage: "Unknown field", objectName: "query" },
    ]);
  }
  return entity.fields
    .filter((f) => f.active && isStored(f) && (f.partOfName || keys.includes(f.key)))
    .map((f) => f.key);
}

/** Columns every record table has, which a list may be sorted by besides its fields: newest first, say. */
const RECORD_TIME_KEYS = ["created_at", "updated_at"];

function parseSort(entity: EntityMetadata, sort: string | undefined) {
  if (sort) {
    const [key, direction = "asc"] = sort.split(",").map((part) => part.trim());
    const field = entity.fields.find((f) => f.active && isStored(f) && f.key === key);
    if ((!field && !RECORD_TIME_KEYS.includes(key)) || (direction !== "asc" && direction !== "desc")) {
      throw new DomainError(400, "MethodArgumentNotValidException", "Validation failed", [
        { field: "sort", defaultMessage: "Unknown sort field", objectName: "query" },
      ]);
    }
    return [{ key, direction: direction as "asc" | "desc" }];
  }
  // A built-in entity keeps its own name order (and the index that serves it) when custom fields join its name.
  const nameFields = entity.fields.filter((f) => f.active && f.partOfName && isStored(f));
  const builtInName = nameFields.filter((f) => f.builtIn);
  return (builtInName.length > 0 ? builtInName : nameFields).map((f) => ({ key: f.key, direction: "asc" as const }));
}

type StatusRow = Awaited<ReturnType<typeof repo.statusesOf>>[number];

function metaStatusDto(kind: string, status: StatusRow): MetaStatus {
  return {
    metaStatusId: status.id,
    metaStatusName: status.name_en,
    key: status.key,
    nameEn: status.name_en,
    nameNb: status.name_nb,
    isDefault: status.is_default,
    kind,
    rank: status.position,
    closed: status.closed,
    colour: status.colour,
  };
}

/** The entity's statuses, or its priorities, categories or sources, in order. */
export async function listStatuses(
  db: Kysely<Database>,
  actor: Actor,
  entity: EntityMetadata,
  kind: "status" | MetaStatusKind = "status",
): Promise<MetaStatus[]> {
  requirePermission(actor, "Read", entity.resource);
  return (await repo.statusesOf(db, entity, kind)).map((status) => metaStatusDto(kind, status));
}

type Options = NonNullable<FieldDefinition["settings"]["options"]>;

async function optionsOf(
  db: Kysely<Database>,
  entity: EntityMetadata,
  source: OptionSource,
  assignment: Promise<WorkItemDefaults>,
): Promise<Options> {
  switch (source) {
    case "user": {
      const { assignedUserId } = await assignment;
      return (await repo.userOptions(db)).map((user) => {
        const name = `${user.first_name} ${user.last_name}`.trim();
        return { value: user.id, labelEn: name, labelNb: name, ...(user.id === assignedUserId && { isDefault: true }) };
      });
    }
    case "group": {
      const { groupId } = await assignment;
      return (await repo.groupOptions(db)).map((group) => ({
        value: group.id,
        labelEn: group.name,
        labelNb: group.name,
        ...(group.id === groupId && { isDefault: true }),
      }));
    }
    default:
      return (await repo.statusesOf(db, entity, source)).map((status) => ({
        value: status.id,
        labelEn: status.name_en,
        labelNb: status.name_nb,
        isDefault: status.is_default,
      }));
  }
}

/**
 * The entity with the options of its fields that choose workspace rows (priorities, users) filled in, read now: forms
 * offer them, and values are checked against them.
 */
export async function withOptions(db: Kysely<Database>, entity: EntityMetadata): Promise<EntityMetadata> {
  const sources = [
    ...new Set(entity.fields.flatMap((field) => (field.settings.optionsFrom ? [field.settings.optionsFrom] : []))),
  ];
  if (sources.length === 0) return entity;
  const assignment =
    sources.includes("user") || sources.includes("group")
      ? assignmentDefaultsOf(db, entity)
      : Promise.resolve({ assignedUserId: null, groupId: null });
  const loaded = new Map(
    await Promise.all(
      sources.map(async (source) => [source, await optionsOf(db, entity, source, assignment)] as const),
    ),
  );
  return {
    ...entity,
    fields: entity.fields.map((field) =>
      field.settings.optionsFrom
        ? { ...field, settings: { ...field.settings, options: loaded.get(field.settings.optionsFrom) } }
        : field,
    ),
  };
}

/**
 * What a new record gets for the fields the input leaves out: the default option (a work item's priority, category,
 * source, assignee and group), or the field's default value.
 */
export function defaultsOf(described: EntityMetadata, input: Record<string, unknown>) {
  const defaults: Record<string, unknown> = {};
  for (const field of described.fields) {
    if (Object.hasOwn(input, field.key)) continue;
    const option = field.settings.optionsFrom && field.settings.options?.find((o) => o.isDefault);
    if (option) defaults[field.key] = option.value;
    else if (field.settings.defaultValue !== undefined) defaults[field.key] = field.settings.defaultValue;
  }
  return defaults;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function invalidQuery(field: string, message: string): DomainError {
  return new DomainError(400, "MethodArgumentNotValidException", "Validation failed", [
    { field, defaultMessage: message, objectName: "query" },
  ]);
}

/** "from..to" of a Date or Number filter, either end left out for an open range. */
function parseRange(field: FieldDefinition, value: string): repo.ListFilter["range"] {
  if (!value.includes("..")) return undefined;
  const [from, to] = value.split("..", 2).map((end) => end.trim() || undefined);
  const valid = (end: string | undefined) =>
    end === undefined ||
    (field.type === "Number" ? Number.isFinite(Number(end)) : ISO_DATE.test(end) && !Number.isNaN(Date.parse(end)));
  if (!valid(from) || !valid(to)) throw invalidQuery(`filter.${field.key}`, "Must be a range from..to");
  if (from !== undefined && to !== undefined && from > to && field.type !== "Number") {
    throw invalidQuery(`filter.${field.key}`, "From must not exceed To");
  }
  return { from, to };
}

/** What a list's search, filters and sort ask of the repository; refuses what the list call refuses. */
export type ListCriteria = Omit<repo.ListQuery, "offset" | "limit" | "columns">;

/**
 * The list's search, filters and sort checked against the entity and made a query: the list reads a page of it, an
 * export walks all of it.
 */
export function listCriteriaOf(
  entity: EntityMetadata,
  params: Pick<ListParams, "sort" | "q" | "statusId" | "filters" | "openOnly" | "overdueOn">,
): ListCriteria {
  const filters = Object.entries(params.filters).flatMap(([key, value]): repo.ListFilter[] => {
    const field = entity.fields.find((f) => f.active && isStored(f) && f.key === key);
    if (!field || value === "") return [];
    const ranged = ["Date", "DateTime", "Number"].includes(field.type);
    return [{ field, value, range: ranged ? parseRange(field, value) : undefined }];
  });
  let overdue: repo.ListQuery["overdue"];
  if (params.overdueOn !== undefined) {
    const field = entity.fields.find((f) => f.active && f.settings.due);
    if (!field) throw invalidQuery("overdue", "The entity has no due date");
    if (!ISO_DATE.test(params.overdueOn)) throw invalidQuery("overdue", "Must be a date");
    overdue = { field, today: params.overdueOn };
  }
  const search = params.q?.trim();
  return {
    sort: parseSort(entity, params.sort),
    // Fewer than three characters match too much to be a search.
    search: search && search.length >= 3 ? search : undefined,
    statusId: params.statusId && isUuid(params.statusId) ? params.statusId : undefined,
    filters,
    openOnly: params.openOnly,
    overdue,
  };
}

export async function listRecords(
  db: Kysely<Database>,
  actor: Actor,
  entity: EntityMetadata,
  params: ListParams,
): Promise<RecordPage> {
  requirePermission(actor, "Read", entity.resource);
  const { content, total, totalExact } = await repo.listRecords(db, entity, {
    ...listCriteriaOf(entity, params),
    offset: params.page * params.size,
    limit: params.size,
    columns: listedColumns(entity, params.fields),
  });
  const connections = params.withConnections
    ? await visibleConnectionsOfMany(
        db,
        actor,
        entity,
        content.map((row) => row.id),
      )
    : undefined;
  return {
    content: content.map((row) => ({ ...toDto(entity, row), connections: connections?.get(row.id) ?? [] })),
    totalElements: total,
    totalExact,
    page: params.page,
    size: params.size,
  };
}

export async function getRecord(
  db: Kysely<Database>,
  actor: Actor,
  entity: EntityMetadata,
  id: string,
): Promise<RecordDto> {
  requirePermission(actor, "Read", entity.resource);
  if (!isUuid(id)) throw recordNotFound();
  const row = await repo.findRecord(db, entity, id);
  if (!row) throw recordNotFound();
  const [connections, favorites] = await Promise.all([
    visibleConnectionsOfMany(db, actor, entity, [id], { limit: 50 }),
    visibleConnectionsOfMany(db, actor, entity, [id], { limit: 50, favoritesOnly: true }),
  ]);
  return {
    ...toDto(entity, row),
    connections: connections.get(id) ?? [],
    favoriteConnections: favorites.get(id) ?? [],
  };
}

/** The input checked against the entity's fields, whose workspace options (withOptions) are filled in. */
function validate(described: EntityMetadata, input: Record<string, unknown>, partial: boolean) {
  const { values, errors } = validateValues(described.fields, input, { partial });
  if (errors.length > 0) throw new DomainError(400, "MethodArgumentNotValidException", "Validation failed", errors);
  return values;
}

/** The status to store: the one asked for (it must be one of the entity's), or on create the default. */
async function resolveStatus(
  db: Kysely<Database>,
  entity: EntityMetadata,
  statusId: string | null | undefined,
  creating: boolean,
): Promise<string | null | undefined> {
  const statuses = await repo.statusesOf(db, entity);
  if (statusId === undefined) return creating ? (statuses.find((s) => s.is_default)?.id ?? null) : undefined;
  if (statusId === null) return null;
  if (!statuses.some((s) => s.id === statusId)) {
    throw new DomainError(400, "MethodArgumentNotValidException", "Validation failed", [
      { field: "statusId", defaultMessage: "Must be one of the options", objectName: "record" },
    ]);
  }
  return statusId;
}

/** PostgreSQL's unique_violation: another transaction stored the same value first. */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "23505";
}

/**
 * Writes under the unique check: two saves of one value can both pass the check before either commits, and the
 * index refuses the second. It then answers as the check would have, with the value that is now taken.
 */
async function withUniqueValues<T>(
  db: Kysely<Database>,
  entity: EntityMetadata,
  values: Record<string, unknown>,
  exceptId: string | undefined,
  write: () => Promise<T>,
): Promise<T> {
  await checkUnique(db, entity, values, exceptId);
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // In a caller's transaction (a web form's merge) nothing more can be read once a statement failed.
    if (!db.isTransaction) await checkUnique(db, entity, values, exceptId);
    // The other write is gone again by now: the values that may clash are all that can be told.
    const clashing = entity.fields.filter((field) => field.unique && values[field.key] != null);
    throw new DomainError(
      409,
      "DuplicateValueException",
      String(values[clashing[0]?.key] ?? ""),
      clashing.map((field) => ({
        field: fieldErrorName(field),
        defaultMessage: duplicateMessage(String(values[field.key])),
        objectName: "record",
      })),
    );
  }
}

async function checkUnique(
  db: Kysely<Database>,
  entity: EntityMetadata,
  values: Record<string, unknown>,
  exceptId?: string,
) {
  for (const field of entity.fields) {
    const value = values[field.key];
    if (!field.unique || value === null || value === undefined) continue;
    if (await repo.valueTaken(db, entity, field.key, value, exceptId)) {
      throw new DomainError(409, "DuplicateValueException", String(value), [
        {
          field: fieldErrorName(field),
          defaultMessage: duplicateMessage(String(value)),
          objectName: "record",
        },
      ]);
    }
  }
}

export async function createRecord(
  db: Kysely<Database>,
  actor: Actor,
  entity: EntityMetadata,
  input: Record<string, unknown>,
  statusId?: string | null,
  options: {
    /** Values of read-only fields, which only the product sets (a document's file). */
    productValues?: Record<string, unknown>;
    /** More writes that belong to the new record, in its transaction (attaching a new note to its record). */
    afterInsert?: (trx: Transaction<Database>, id: string) => Promise<void>;
    /** Where the values came from, which the record's history tells (a web form). */
    source?: HistorySource;
  } = {},
): Promise<RecordDto> {
  requirePermission(actor, "Create", entity.resource);
  const described = await withOptions(db, entity);
  const values = {
    ...validate(described, { ...defaultsOf(described, input), ...input }, false),
    ...options.productValues,
  };
  values.status_id = await resolveStatus(db, entity, statusId, true);
  return withUniqueValues(db, entity, values, undefined, () =>
    inTransaction(db, async (trx) => {
      const row = await repo.insertRecord(trx, entity, values, actor.id);
      const dto = toDto(entity, row);
      await repo.insertTransaction(trx, {
        schema_key: entity.schemaKey,
        table_key: entity.tableKey,
        record_id: row.id,
        action: "create",
        actor_id: actor.id,
        before: null,
        after: { ...dto.values, ...sourcedBy(options.source) },
      });
      await notifyCreated(trx, actor.id, { entity, id: row.id, name: dto.rowName }, dto.values);
      await options.afterInsert?.(trx, row.id);
      await runRecordHooks("afterCreate", {
        trx,
        entity,
        id: row.id,
        name: dto.rowName,
        actorId: actor.id,
        before: null,
        after: dto.values,
      });
      return dto;
    }),
  );
}

export async function updateRecord(
  db: Kysely<Database>,
  actor: Actor,
  entity: EntityMetadata,
  id: string,
  input: Record<string, unknown>,
  partial: boolean,
  statusId?: string | null,
  options: { source?: HistorySource } = {},
): Promise<RecordDto> {
  requirePermission(actor, "Update", entity.resource);
  if (!isUuid(id)) throw recordNotFound();
  const values = validate(await withOptions(db, entity), input, partial);
  const status = await resolveStatus(db, entity, statusId, false);
  if (status !== undefined) values.status_id = status;
  return withUniqueValues(db, entity, values, id, () =>
    inTransaction(db, async (trx) => {
      const existing = await repo.findRecordForUpdate(trx, entity, id);
      if (!existing) throw recordNotFound();
      const before: Record<string, unknown> = { ...valuesOf(entity, existing), statusId: existing.status_id };
      const name = rowName(entity, before);
      await runRecordHooks("beforeUpdate", { trx, entity, id, name, actorId: actor.id, before, after: values });
      const row = await repo.updateRecord(trx, entity, id, values, actor.id);
      const dto = toDto(entity, row);
      const after: Record<string, unknown> = { ...dto.values, statusId: dto.statusId };
      const changed = Object.keys(values)
        .map((key) => (key === "status_id" ? "statusId" : key))
        .filter(
          (key) => JSON.stringify(ownValue(before, key) ?? null) !== JSON.stringify(ownValue(after, key) ?? null),
        );
      if (changed.length > 0) {
        await repo.insertTransaction(trx, {
          schema_key: entity.schemaKey,
          table_key: entity.tableKey,
          record_id: id,
          action: "update",
          actor_id: actor.id,
          before: Object.fromEntries(changed.map((key) => [key, ownValue(before, key) ?? null])),
          after: {
            ...Object.fromEntries(changed.map((key) => [key, ownValue(after, key) ?? null])),
            ...sourcedBy(options.source),
          },
        });
        await notifyChanged(trx, actor.id, { entity, id, name: dto.rowName }, { before, after, changed });
      }
      await runRecordHooks("afterUpdate", { trx, entity, id, name: dto.rowName, actorId: actor.id, before, after });
      return dto;
    }),
  );
}

export async function deleteRecord(
  db: Kysely<Database>,
  actor: Actor,
  entity: EntityMetadata,
  id: string,
): Promise<void> {
  requirePermission(actor, "Delete", entity.resource);
  if (!isUuid(id)) throw recordNotFound();
  await db.transaction().execute(async (trx) => {
    const existing = await repo.findRecordForUpdate(trx, entity, id);
    if (!existing) throw recordNotFound();
    const before = valuesOf(entity, existing);
    const event = { trx, entity, id, name: rowName(entity, before), actorId: actor.id, before, after: null };
    await runRecordHooks("beforeDelete", event);
    await detachAllFrom(trx, entity.schemaKey, entity.tableKey, id);
    await repo.deleteRecord(trx, entity, id);
    await repo.insertTransaction(trx, {
      schema_key: entity.schemaKey,
      table_key: entity.tableKey,
      record_id: id,
      action: "delete",
      actor_id: actor.id,
      before,
      after: null,
    });
    await runRecordHooks("afterDelete", event);
  });
}

export async function recordHistory(
  db: Kysely<Database>,
  actor: Actor,
  entity: EntityMetadata,
  id: string,
  page: number,
  size: number,
): Promise<{ content: TransactionDto[]; totalElements: number; page: number; size: number }> {
  requirePermission(actor, "Read", entity.resource);
  if (!isUuid(id)) throw recordNotFound();
  const { content, total } = await repo.listTransactions(db, entity, id, page * size, size);
  // Entries that name a linked record the actor may not read do not name it.
  const reader = await historyReader(db, actor, entity, content);
  return {
    content: content.map((row) => toTransactionDto(row, reader)),
    totalElements: total,
    page,
    size,
  };
}
