import { z } from "zod";

/**
 * What a user is told about (spec §2 bell, §3 Notification): being assigned to a record (directly, or through one of
 * their groups), a to-do or inquiry assigned to them by someone else, a record they are assigned to changed by
 * someone else, their to-dos due tomorrow or overdue (a scheduled job), and their imports and exports ending (the
 * job's row stands in for a record: `core.import_job` or `core.export_job`), and a response to a web form they own (the
 * form stands in for the record: `core.form`).
 */
export const notificationTypes = [
  "record_assigned",
  "work_item_assigned",
  "record_changed",
  "todo_due_tomorrow",
  "todo_overdue",
  "import_finished",
  "export_finished",
  "form_submission",
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** Types a user may not switch off: work given to them by name. */
export const criticalNotificationTypes: readonly NotificationType[] = ["work_item_assigned"];

export function isCriticalNotification(type: NotificationType): boolean {
  return criticalNotificationTypes.includes(type);
}

/** The tables whose rows stand in for a record in a job's notification. */
export const JOB_NOTIFICATION_TABLES = { import_finished: "import_job", export_finished: "export_job" } as const;

export function isNotificationType(value: unknown): value is NotificationType {
  return (notificationTypes as readonly unknown[]).includes(value);
}

export { notificationTexts } from "./notification-texts.ts";

/** One event type's setting for the user: on or off, and whether it may be switched off at all. */
export const notificationSettingSchema = z.object({
  id: z.enum(notificationTypes),
  enabled: z.boolean(),
  critical: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

/** Several settings changed at once (PATCH /settings). */
export const notificationSettingsInputSchema = z.object({
  settings: z
    .array(z.object({ id: z.enum(notificationTypes), enabled: z.boolean() }))
    .min(1)
    .max(notificationTypes.length)
    // One statement writes them all, and it may write a setting only once.
    .refine((settings) => new Set(settings.map((setting) => setting.id)).size === settings.length, {
      message: "Each setting may be given only once",
    }),
});
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInputSchema>;

/** One setting set (`enabled`), or switched to the other state when the body leaves it out (PUT /settings/{id}). */
export const notificationToggleSchema = z.object({ enabled: z.boolean().optional() }).nullish();

/**
 * What an event says besides its type, kept as it was when it happened: the record's entity by name, the group a user
 * was assigned through, the fields that changed, a to-do's due date.
 */
export const notificationParamsSchema = z.looseObject({
  entityEn: z.string().optional(),
  entityNb: z.string().optional(),
  group: z.string().optional(),
  fields: z.array(z.object({ key: z.string(), labelEn: z.string(), labelNb: z.string() })).optional(),
  dueDate: z.string().optional(),
  /** An import's or export's ending status (spec §4 Import; ready or failed for an export). */
  status: z.string().optional(),
});
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(notificationTypes),
  /**
   * The record it is about, its name when it happened, and whether the user may (still) open it. A record of an entity
   * the user may no longer read has an empty id and name.
   */
  record: z.object({
    schemaKey: z.string(),
    tableKey: z.string(),
    uuidKey: z.string(),
    name: z.string(),
    readable: z.boolean(),
  }),
  /** Who caused it; null for a scheduled reminder, or a user since deleted. */
  actor: z.object({ uuid: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  params: notificationParamsSchema,
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  content: z.array(notificationSchema),
  totalElements: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });

export const NOTIFICATION_PAGE_SIZE_DEFAULT = 20;
export const NOTIFICATION_PAGE_SIZE_MAX = 100;

export const recentQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_SIZE_MAX).default(NOTIFICATION_PAGE_SIZE_DEFAULT),
});
