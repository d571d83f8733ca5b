import type { Kysely } from "kysely";
import { isCriticalNotification, type NotificationType } from "../contract/notifications.ts";
import { DEFAULT_TIME_ZONE } from "../contract/time-zones.ts";
import type { Database } from "../db/schema.ts";
import type { JobDefinition } from "../plugins/jobs.ts";
import { cachedEntity } from "../records/metadata.repository.ts";
import { rowName } from "../records/record-dto.ts";
import { findRecordsByIds } from "../records/records.repository.ts";
import { getSetting } from "../settings/settings.repository.ts";
import { COMPANY_TIME_ZONE } from "../users/users.service.ts";
import * as repo from "./notifications.repository.ts";
import { entityParams } from "./notifications.service.ts";

/**
 * The reminders are looked for every hour (within an hour of midnight in each user's time zone) and when the queue
 * starts; a run is safe to repeat in any process (see sendDueReminders).
 */
export const remindersJob: JobDefinition = {
  name: "due-reminders",
  cron: "0 * * * *",
  atStart: true,
  queue: { retryLimit: 1 },
  async run(app) {
    await sendDueReminders(app.db);
  },
};

/**
 * A to-do is told overdue once, for its due date, on a run within this many days after it: runs missed while the API
 * was down are caught up, and to-dos long overdue are not looked at every hour.
 */
export const OVERDUE_WINDOW_DAYS = 7;

/** The calendar date `days` after `date` ("YYYY-MM-DD"). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * Tells each user of their open to-dos due tomorrow and of those that became overdue, as it is `now` in their time
 * zone. Each reminder is written once per user, type, to-do and due date (a unique index): running again, in this
 * process or another, writes nothing new; a to-do given a new due date is reminded of again. Returns how many were
 * written.
 */
export async function sendDueReminders(db: Kysely<Database>, now = new Date()): Promise<number> {
  const entity = await cachedEntity(db, "crm", "todo");
  if (!entity) return 0;
  const companyTimeZone = (await getSetting<string>(db, COMPANY_TIME_ZONE)) ?? DEFAULT_TIME_ZONE;
  // Each zone's today is within a day of UTC's: the index is asked for a range that holds every user's window.
  const utcToday = now.toISOString().slice(0, 10);
  const candidates = await repo.todosDueAround(
    db,
    now,
    companyTimeZone,
    addDays(utcToday, -OVERDUE_WINDOW_DAYS - 1),
    addDays(utcToday, 2),
  );
  const typeOf = (todo: (typeof candidates)[number]): NotificationType | null => {
    if (todo.due_date === addDays(todo.today, 1)) return "todo_due_tomorrow";
    if (todo.due_date < todo.today && todo.due_date >= addDays(todo.today, -OVERDUE_WINDOW_DAYS)) return "todo_overdue";
    return null;
  };
  const due = candidates.flatMap((todo) => {
    const type = typeOf(todo);
    return type ? [{ ...todo, type }] : [];
  });
  if (due.length === 0) return 0;
  const names = new Map(
    (await findRecordsByIds(db, entity, [...new Set(due.map((todo) => todo.id))])).map((row) => [
      row.id,
      rowName(entity, row),
    ]),
  );
  let written = 0;
  for (const type of ["todo_due_tomorrow", "todo_overdue"] as const) {
    written += await repo.insertNotifications(db, {
      type,
      critical: isCriticalNotification(type),
      schemaKey: entity.schemaKey,
      tableKey: entity.tableKey,
      resource: entity.resource,
      actorId: null,
      rows: due
        .filter((todo) => todo.type === type)
        .map((todo) => ({
          recipientId: todo.user_id,
          recordId: todo.id,
          recordName: names.get(todo.id) ?? "",
          params: { ...entityParams(entity), dueDate: todo.due_date },
          day: todo.due_date,
        })),
    });
  }
  return written;
}
