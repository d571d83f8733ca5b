import type { Kysely, Transaction } from "kysely";
import { type Actor, can } from "../auth/permissions.ts";
import {
  isCriticalNotification,
  isNotificationType,
  JOB_NOTIFICATION_TABLES,
  type NotificationDto,
  type NotificationPage,
  type NotificationParams,
  type NotificationSetting,
  type NotificationSettingsInput,
  type NotificationType,
  notificationTexts,
  notificationTypes,
} from "../contract/notifications.ts";
import type { Database } from "../db/schema.ts";
import { isUuid } from "../db/values.ts";
import { visibleFormIds } from "../forms/forms.repository.ts";
import { memberIds } from "../groups/groups.repository.ts";
import { DomainError } from "../http/errors.ts";
import { cachedEntity, type EntityMetadata } from "../records/metadata.repository.ts";
import { findRecordsByIds } from "../records/records.repository.ts";
import * as repo from "./notifications.repository.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A record an event is about: its entity, id and name as it is now. */
export interface NotifiedRecord {
  entity: EntityMetadata;
  id: string;
  name: string;
}

export interface NotificationEvent {
  type: NotificationType;
  /** Who caused it (never told of it themself); null for the scheduler. */
  actorId: string | null;
  record: NotifiedRecord;
  recipients: readonly string[];
  params?: NotificationParams;
  /** A reminder's day: one per user, type, record and day. */
  day?: string;
}

/** The entity's names, which every notification keeps for its text (the entity may be renamed later). */
export function entityParams(entity: EntityMetadata): NotificationParams {
  return { entityEn: entity.labelEn, entityNb: entity.labelNb };
}

/**
 * Tells the recipients of an event, in the transaction of the change that caused it (a change rolled back leaves no
 * notification): each who wants this type (a critical type always), may read the record's entity and is not the
 * actor. Returns how many were told.
 */
export async function notify(trx: Db, event: NotificationEvent): Promise<number> {
  const recipients = [...new Set(event.recipients)];
  return repo.insertNotifications(trx, {
    type: event.type,
    critical: isCriticalNotification(event.type),
    schemaKey: event.record.entity.schemaKey,
    tableKey: event.record.entity.tableKey,
    resource: event.record.entity.resource,
    actorId: event.actorId,
    rows: recipients.map((recipientId) => ({
      recipientId,
      recordId: event.record.id,
      recordName: event.record.name,
      params: { ...entityParams(event.record.entity), ...event.params },
      day: event.day ?? null,
    })),
  });
}

/**
 * Tells a user their import or export has ended, in the transaction that ends it. The job's row stands in for the
 * record (`core.import_job`, `core.export_job`), named by its file; its entity's names and the status go in the params.
 */
export async function notifyJobFinished(
  trx: Db,
  job: {
    type: "import_finished" | "export_finished";
    userId: string;
    jobId: string;
    fileName: string;
    entity: EntityMetadata;
    status: string;
  },
): Promise<number> {
  return repo.insertNotifications(trx, {
    type: job.type,
    critical: false,
    schemaKey: "core",
    tableKey: JOB_NOTIFICATION_TABLES[job.type],
    resource: job.type === "import_finished" ? "Import" : "Export",
    actorId: null,
    rows: [
      {
        recipientId: job.userId,
        recordId: job.jobId,
        recordName: job.fileName,
        params: { ...entityParams(job.entity), status: job.status },
      },
    ],
  });
}

/**
 * Tells a form's owner of a new response, in the transaction that stores it: one row, to the owner alone, naming the
 * form (`core.form` stands in for the record) and none of the answers.
 */
export async function notifyFormSubmission(
  trx: Db,
  submission: { ownerId: string; formId: string; title: string },
): Promise<number> {
  return repo.insertNotifications(trx, {
    type: "form_submission",
    critical: false,
    schemaKey: "core",
    tableKey: "form",
    resource: "Form",
    actorId: null,
    rows: [{ recipientId: submission.ownerId, recordId: submission.formId, recordName: submission.title, params: {} }],
  });
}

/** A user, or every member of a group, assigned to a record. */
export async function notifyAssigned(
  trx: Transaction<Database>,
  actorId: string,
  record: NotifiedRecord,
  target: { kind: "user" | "group"; id: string },
): Promise<void> {
  if (target.kind === "user") {
    await notify(trx, { type: "record_assigned", actorId, record, recipients: [target.id] });
    return;
  }
  const [members, group] = await Promise.all([memberIds(trx, target.id), repo.groupName(trx, target.id)]);
  await notify(trx, { type: "record_assigned", actorId, record, recipients: members, params: { group } });
}

/** The field on inquiries and to-dos that names who the item is given to. */
const ASSIGNEE = "assigned_user_id";

function assigneeOf(entity: EntityMetadata, values: Record<string, unknown>): string | null {
  const isWorkItem = entity.schemaKey === "crm" && (entity.tableKey === "inquiry" || entity.tableKey === "todo");
  const value = isWorkItem ? values[ASSIGNEE] : undefined;
  return typeof value === "string" && value !== "" ? value : null;
}

/** A new record: an inquiry or to-do given to someone else tells them. */
export async function notifyCreated(
  trx: Transaction<Database>,
  actorId: string,
  record: NotifiedRecord,
  values: Record<string, unknown>,
): Promise<void> {
  const assignee = assigneeOf(record.entity, values);
  if (assignee) await notify(trx, { type: "work_item_assigned", actorId, record, recipients: [assignee] });
}

/** The changed fields by name, as the text of a change lists them (a few at most). */
const MAX_LISTED_FIELDS = 10;

function changedFields(entity: EntityMetadata, keys: readonly string[]): NonNullable<NotificationParams["fields"]> {
  return keys.slice(0, MAX_LISTED_FIELDS).map((key) => {
    if (key === "statusId") return { key, labelEn: "Status", labelNb: "Status" };
    const field = entity.fields.find((f) => f.key === key);
    return { key, labelEn: field?.labelEn ?? key, labelNb: field?.labelNb ?? key };
  });
}

/**
 * A changed record: an inquiry or to-do given to someone new tells them (critical); everyone else the record is
 * theirs for (assigned directly, through a group, or its assignee before or after) is told it changed.
 */
export async function notifyChanged(
  trx: Transaction<Database>,
  actorId: string,
  record: NotifiedRecord,
  change: { before: Record<string, unknown>; after: Record<string, unknown>; changed: readonly string[] },
): Promise<void> {
  if (change.changed.length === 0) return;
  const newAssignee = change.changed.includes(ASSIGNEE) ? assigneeOf(record.entity, change.after) : null;
  if (newAssignee) {
    await notify(trx, { type: "work_item_assigned", actorId, record, recipients: [newAssignee] });
  }
  const theirs = [
    ...(await repo.assignedUserIds(trx, record.entity.schemaKey, record.entity.tableKey, record.id)),
    ...[assigneeOf(record.entity, change.before), assigneeOf(record.entity, change.after)].flatMap((id) =>
      id ? [id] : [],
    ),
  ].filter((id) => id !== newAssignee);
  if (theirs.length === 0) return;
  await notify(trx, {
    type: "record_changed",
    actorId,
    record,
    recipients: theirs,
    params: { fields: changedFields(record.entity, change.changed) },
  });
}

// The user's own settings and notifications (spec §7 /api/notifications): nobody sees or changes another's.

function settingNotFound(): DomainError {
  return new DomainError(404, "NotFoundException", notificationTexts.settingNotFound);
}

function criticalRefused(field: string): DomainError {
  return new DomainError(400, "MethodArgumentNotValidException", notificationTexts.critical, [
    { field, defaultMessage: notificationTexts.critical, objectName: "notificationSetting" },
  ]);
}

export async function listSettings(db: Kysely<Database>, actor: Actor): Promise<NotificationSetting[]> {
  const stored = new Map((await repo.settingsOf(db, actor.id)).map((row) => [row.event_type, row.enabled]));
  return notificationTypes.map((type) => ({
    id: type,
    // A critical type is on, whatever an older row may say.
    enabled: isCriticalNotification(type) || (stored.get(type) ?? true),
    critical: isCriticalNotification(type),
  }));
}

/** Several settings at once; a critical type switched off is refused, and nothing is changed. */
export async function updateSettings(
  db: Kysely<Database>,
  actor: Actor,
  input: NotificationSettingsInput,
): Promise<NotificationSetting[]> {
  const refused = input.settings.findIndex((setting) => isCriticalNotification(setting.id) && !setting.enabled);
  if (refused >= 0) throw criticalRefused(`settings.${refused}.enabled`);
  await repo.writeSettings(
    db,
    actor.id,
    input.settings.map((setting) => ({ type: setting.id, enabled: setting.enabled })),
  );
  return listSettings(db, actor);
}

/** One setting set as asked, or switched to the other state when no state is asked for. */
export async function toggleSetting(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  enabled: boolean | undefined,
): Promise<NotificationSetting> {
  if (!isNotificationType(id)) throw settingNotFound();
  const current = (await listSettings(db, actor)).find((setting) => setting.id === id) as NotificationSetting;
  const next = enabled ?? !current.enabled;
  if (current.critical && !next) throw criticalRefused("enabled");
  await repo.writeSettings(db, actor.id, [{ type: id, enabled: next }]);
  return { ...current, enabled: next };
}

function notFound(): DomainError {
  return new DomainError(404, "NotFoundException", notificationTexts.notFound);
}

/**
 * Which of the notifications' records the user may open now: the record is still there, and the user may read its
 * entity (which may have changed since they were told).
 */
async function readableRecords(db: Kysely<Database>, actor: Actor, rows: repo.StoredNotification[]): Promise<Readable> {
  const byEntity = new Map<string, { schemaKey: string; tableKey: string; ids: Set<string> }>();
  for (const row of rows) {
    const key = `${row.schema_key}.${row.table_key}`;
    const entry = byEntity.get(key) ?? { schemaKey: row.schema_key, tableKey: row.table_key, ids: new Set() };
    entry.ids.add(row.record_id);
    byEntity.set(key, entry);
  }
  const readable = new Set<string>();
  const entities = new Set<string>();
  for (const { schemaKey, tableKey, ids } of byEntity.values()) {
    if (schemaKey === "core" && (Object.values(JOB_NOTIFICATION_TABLES) as string[]).includes(tableKey)) {
      // A job's notification is its user's own: it opens while the job's row is there.
      const table = tableKey === "import_job" ? "core.import_job" : "core.export_job";
      for (const id of await repo.ownJobIds(db, table, [...ids], actor.id))
        readable.add(`${schemaKey}.${tableKey}.${id}`);
      entities.add(`${schemaKey}.${tableKey}`);
      continue;
    }
    if (schemaKey === "core" && tableKey === "form") {
      // A form's notification opens while the user may read forms and sees that one.
      if (!can(actor, "Read", "Form")) continue;
      for (const id of await visibleFormIds(db, actor, [...ids])) readable.add(`${schemaKey}.${tableKey}.${id}`);
      entities.add(`${schemaKey}.${tableKey}`);
      continue;
    }
    const entity = await cachedEntity(db, schemaKey, tableKey);
    if (!entity || !can(actor, "Read", entity.resource)) continue;
    entities.add(`${schemaKey}.${tableKey}`);
    for (const row of await findRecordsByIds(db, entity, [...ids])) readable.add(`${schemaKey}.${tableKey}.${row.id}`);
  }
  return { records: readable, entities };
}

/** The records the user may open now, and the entities whose records they may still be told the names of. */
interface Readable {
  records: Set<string>;
  entities: Set<string>;
}

function toDto(row: repo.StoredNotification, readable: Readable): NotificationDto {
  // A record of an entity the user may no longer read is neither named nor identified: it says what happened only.
  const named = readable.entities.has(`${row.schema_key}.${row.table_key}`);
  return {
    id: row.id,
    type: row.event_type as NotificationType,
    record: {
      schemaKey: row.schema_key,
      tableKey: row.table_key,
      uuidKey: named ? row.record_id : "",
      name: named ? row.record_name : "",
      readable: readable.records.has(`${row.schema_key}.${row.table_key}.${row.record_id}`),
    },
    actor: row.actor_id ? { uuid: row.actor_id, firstName: row.first_name ?? "", lastName: row.last_name ?? "" } : null,
    params: (row.params ?? {}) as NotificationParams,
    createdAt: new Date(row.created_at).toISOString(),
    readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
  };
}

export async function recent(
  db: Kysely<Database>,
  actor: Actor,
  page: number,
  size: number,
): Promise<NotificationPage> {
  const { rows, total } = await repo.recentOf(db, actor.id, page * size, size);
  const readable = await readableRecords(db, actor, rows);
  return { content: rows.map((row) => toDto(row, readable)), totalElements: total, page, size };
}

export async function unread(db: Kysely<Database>, actor: Actor): Promise<{ count: number }> {
  return { count: await repo.unreadCount(db, actor.id) };
}

/** Marks one of the user's notifications read, and gives it (with its record) back; another user's is not found. */
export async function read(db: Kysely<Database>, actor: Actor, id: string): Promise<NotificationDto> {
  if (!isUuid(id) || !(await repo.markRead(db, actor.id, id))) throw notFound();
  const row = await repo.findNotification(db, actor.id, id);
  if (!row) throw notFound();
  return toDto(row, await readableRecords(db, actor, [row]));
}

export async function readAll(db: Kysely<Database>, actor: Actor): Promise<void> {
  await repo.markAllRead(db, actor.id);
}
