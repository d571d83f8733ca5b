import { messageCodes } from "./message-code.ts";

/** The product's own texts in English (the specification has none), by their keys (`notifications.messages.<name>`). */
export const notificationEnglish = {
  critical: "This notification cannot be switched off",
  notFound: "Notification not found",
  settingNotFound: "Notification setting not found",
} as const;

/** The codes of notifications' messages. */
export const notificationTexts = messageCodes("notifications.messages", notificationEnglish);
