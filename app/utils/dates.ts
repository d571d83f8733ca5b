import dayjs from "dayjs";
import "dayjs/locale/nb.js";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import type { Language } from "./i18n.ts";

dayjs.extend(utc);
dayjs.extend(timezone);

/** The product's formats: the specification's in English, Norwegian order and a 24-hour clock in Norwegian. */
export const dateFormats = {
  en: { date: "MMMM DD, YYYY", dateTime: "MMMM DD, YYYY hh:mm A" },
  nb: { date: "D. MMMM YYYY", dateTime: "D. MMMM YYYY HH:mm" },
} as const satisfies Record<Language, { date: string; dateTime: string }>;

/** Where and in what language dates are shown: the page's language and the user's time zone. */
export interface DateSettings {
  language: Language;
  timeZone: string;
}

type DateInput = string | number | Date | null | undefined;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar date ("2026-11-23", a Date field) is the same day everywhere, so no zone applies; an instant (a
 * DateTime's ISO text, a Date) is shown in the user's time zone. Empty for a missing or invalid value.
 */
export function formatDate(value: DateInput, settings: DateSettings): string {
  if (value === null || value === undefined || value === "") return "";
  const date =
    typeof value === "string" && CALENDAR_DATE.test(value)
      ? dayjs(value, "YYYY-MM-DD")
      : dayjs(value).tz(settings.timeZone);
  return date.isValid() ? date.locale(settings.language).format(dateFormats[settings.language].date) : "";
}

/** An instant in the user's time zone, with the time: "November 23, 2026 02:05 PM", "23. november 2026 14:05". */
export function formatDateTime(value: DateInput, settings: DateSettings): string {
  if (value === null || value === undefined || value === "") return "";
  const moment = dayjs(value);
  if (!moment.isValid()) return "";
  return moment.tz(settings.timeZone).locale(settings.language).format(dateFormats[settings.language].dateTime);
}

/** Today's date in the time zone: "2026-11-23". */
export function today(timeZone: string): string {
  return dayjs().tz(timeZone).format("YYYY-MM-DD");
}

/** An instant as a datetime-local input shows it, in the user's time zone: "2026-11-23T14:05". */
export function toLocalInput(value: DateInput, timeZone: string): string {
  if (value === null || value === undefined || value === "") return "";
  const moment = dayjs(value);
  return moment.isValid() ? moment.tz(timeZone).format("YYYY-MM-DDTHH:mm") : "";
}

/** A datetime-local input's value, read in the user's time zone, as an ISO instant; null when empty or invalid. */
export function fromLocalInput(local: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const moment = dayjs.tz(local, timeZone);
  return moment.isValid() ? moment.toISOString() : null;
}
