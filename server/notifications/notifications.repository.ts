import { type Kysely, sql, type Transaction } from "kysely";
import type { NotificationType } from "../contract/notifications.ts";
import type { Database } from "../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** One notification to write: to whom, about which record, and (for a reminder) the day it is about. */
export interface NewNotification {
  recipientId: string;
  recordId: string;
  recordName: string;
  params: Record<string, unknown>;
  day?: string | null;
}

export interface NotificationBatch {
  type: NotificationType;
  critical: boolean;
  schemaKey: string;
  tableKey: string;
  /** The record's entity's resource: only users who may read it are told. */
  resource: string;
  actorId: string | null;
  rows: NewNotification[];
}

/**
 * Writes the notifications in one statement, to the recipients who want this type (a critical one always), who may
 * read the record's entity, and who are not the actor themself. A reminder already written for its user, type, record
 * and day is left as it is. Returns how many were written.
 */
export async function insertNotifications(db: Db, batch: NotificationBatch): Promise<number> {
  if (batch.rows.length === 0) return 0;
  const rows = JSON.stringify(
    batch.rows.map((row) => ({
      recipient_id: row.recipientId,
      record_id: row.recordId,
      record_name: row.recordName,
      params: row.params,
      day: row.day ?? null,
    })),
  );
  const result = await sql`
    insert into core.notification
      (recipient_id, event_type, schema_key, table_key, record_id, record_name, actor_id, params, day)
    select r.recipient_id, ${batch.type}, ${batch.schemaKey}, ${batch.tableKey}, r.record_id, r.record_name,
      ${batch.actorId}::uuid, r.params, r.day
    from jsonb_to_recordset(${rows}::jsonb)
      as r(recipient_id uuid, record_id uuid, record_name text, params jsonb, day date)
    join core.app_user u on u.id = r.recipient_id
    where u.id is distinct from ${batch.actorId}::uuid
      and (${batch.critical} or not exists (
        select 1 from core.notification_setting s
        where s.user_id = u.id and s.event_type = ${batch.type} and not s.enabled))
      and (u.company_admin or exists (
        select 1 from core.role_permission p
        where p.role_id = u.role_id and p.resource = ${batch.resource} and p.operation = 'Read'))
    on conflict (recipient_id, event_type, record_id, day) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The users assigned to a record, directly or as members of an assigned group. */
export async function assignedUserIds(db: Db, schemaKey: string, tableKey: string, recordId: string) {
  const rows = await db
    .selectFrom("core.record_assignment as a")
    .leftJoin("core.user_group_member as m", "m.group_id", "a.group_id")
    .select((eb) => eb.fn.coalesce("a.user_id", "m.user_id").as("user_id"))
    .where("a.schema_key", "=", schemaKey)
    .where("a.table_key", "=", tableKey)
    .where("a.record_id", "=", recordId)
    .execute();
  return [...new Set(rows.flatMap((row) => (row.user_id ? [row.user_id] : [])))];
}

export async function groupName(db: Db, groupId: string): Promise<string> {
  const row = await db.selectFrom("core.user_group").select("name").where("id", "=", groupId).executeTakeFirst();
  return row?.name ?? "";
}

/** The user's settings that differ from the default. */
export async function settingsOf(db: Db, userId: string) {
  return db
    .selectFrom("core.notification_setting")
    .select(["event_type", "enabled"])
    .where("user_id", "=", userId)
    .execute();
}

export async function writeSettings(db: Db, userId: string, settings: { type: NotificationType; enabled: boolean }[]) {
  if (settings.length === 0) return;
  await db
    .insertInto("core.notification_setting")
    .values(settings.map((setting) => ({ user_id: userId, event_type: setting.type, enabled: setting.enabled })))
    .onConflict((oc) =>
      oc.columns(["user_id", "event_type"]).doUpdateSet((eb) => ({
        enabled: eb.ref("excluded.enabled"),
        updated_at: sql`now()`,
      })),
    )
    .execute();
}

const notificationColumns = [
  "n.id",
  "n.event_type",
  "n.schema_key",
  "n.table_key",
  "n.record_id",
  "n.record_name",
  "n.actor_id",
  "n.params",
  "n.created_at",
  "n.read_at",
  "u.first_name",
  "u.last_name",
] as const;

function selectNotifications(db: Db) {
  return db
    .selectFrom("core.notification as n")
    .leftJoin("core.app_user as u", "u.id", "n.actor_id")
    .select(notificationColumns);
}

export type StoredNotification = NonNullable<Awaited<ReturnType<typeof findNotification>>>;

/** The user's notifications, newest first, and how many they have. */
export async function recentOf(db: Db, userId: string, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    selectNotifications(db)
      .where("n.recipient_id", "=", userId)
      .orderBy("n.created_at", "desc")
      .orderBy("n.id", "desc")
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom("core.notification")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .where("recipient_id", "=", userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}

/** One of the user's notifications; another user's is not found. */
export async function findNotification(db: Db, userId: string, id: string) {
  return selectNotifications(db).where("n.id", "=", id).where("n.recipient_id", "=", userId).executeTakeFirst();
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("core.notification")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("recipient_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks one of the user's notifications read (a read one keeps when it was read); false when it is not theirs. */
export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const row = await db
    .updateTable("core.notification")
    .set({ read_at: sql`coalesce(read_at, now())` })
    .where("id", "=", id)
    .where("recipient_id", "=", userId)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const result = await db
    .updateTable("core.notification")
    .set({ read_at: sql`now()` })
    .where("recipient_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Open to-dos assigned to someone and due within [from, to], each with the assignee's today (in their time zone, else
 * the company's) at `now`: the reminders' candidates.
 */
export async function todosDueAround(db: Db, now: Date, companyTimeZone: string, from: string, to: string) {
  const result = await sql<{ id: string; user_id: string; due_date: string; today: string }>`
    select t.id, t.assigned_user_id as user_id, t.due_date,
      (${now.toISOString()}::timestamptz at time zone coalesce(u.time_zone, ${companyTimeZone}))::date as today
    from crm.todo t
    join core.app_user u on u.id = t.assigned_user_id
    left join core.meta_status s on s.id = t.status_id
    where t.due_date between ${from}::date and ${to}::date and s.closed is not true`.execute(db);
  return result.rows;
}

/** Of the import or export jobs given, the ids of those that are still there and the user's own. */
export async function ownJobIds(
  db: Kysely<Database>,
  table: "core.import_job" | "core.export_job",
  ids: readonly string[],
  userId: string,
): Promise<string[]> {
  const rows = await db.selectFrom(table).select("id").where("id", "in", ids).where("user_id", "=", userId).execute();
  return rows.map((row) => row.id);
}
