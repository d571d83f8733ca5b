import type { NotificationDto } from "../../../server/contract/notifications.ts";
import { type DateSettings, formatDate } from "../../utils/dates.ts";

type Translate = (key: string, values?: Record<string, string>) => string;

/** What happened, in the page's language: from the event's type and what it kept when it happened. */
export function notificationText(notification: NotificationDto, t: Translate, dates: DateSettings): string {
  const { actor, params, record } = notification;
  const norwegian = dates.language === "nb";
  const values = {
    actor: actor ? `${actor.firstName} ${actor.lastName}`.trim() : t("notifications.someone"),
    record: record.name || t("notifications.unnamed"),
    group: params.group ?? "",
    fields: (params.fields ?? []).map((field) => (norwegian ? field.labelNb : field.labelEn)).join(", "),
    date: formatDate(params.dueDate, dates),
    status: params.status ? t(`bulk.status.${params.status}`) : "",
  };
  switch (notification.type) {
    case "record_assigned":
      return params.group
        ? t("notifications.types.record_assigned_group", values)
        : t("notifications.types.record_assigned", values);
    case "record_changed":
      return values.fields
        ? t("notifications.types.record_changed_fields", values)
        : t("notifications.types.record_changed", values);
    default:
      return t(`notifications.types.${notification.type}`, values);
  }
}

/** The record's kind as it was named when it happened ("Company"), in the page's language. */
export function notificationEntity(notification: NotificationDto, dates: DateSettings): string {
  const { entityEn, entityNb } = notification.params;
  return (dates.language === "nb" ? entityNb : entityEn) ?? "";
}
