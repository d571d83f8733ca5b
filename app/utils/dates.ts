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

/** One formatter per time zone: time zones are a few hundred names, checked when a user saves one. */
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
const MAX_ZONE_FORMATTERS = 1_000;

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    if (zoneFormatters.size >= MAX_ZONE_FORMATTERS) zoneFormatters.clear();
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The instant in the time zone, as dayjs's `.tz()` gives it. `.tz()` builds a new Intl formatter on every call (about
 * 0.1 ms each, so 5 ms for a history page of dates); this reads the zone's offset from a formatter kept per zone.
 */
function inTimeZone(moment: dayjs.Dayjs, timeZone: string): dayjs.Dayjs {
  if (!moment.isValid()) return moment;
  const instant = moment.valueOf();
  const parts: Record<string, number> = {};
  for (const { type, value } of zoneFormatter(timeZone).formatToParts(instant)) parts[type] = Number(value);
  const wallClockAsUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second);
  const offsetMinutes = Math.round((wallClockAsUtc - (instant - moment.millisecond())) / 60_000);
  return moment.utcOffset(offsetMinutes);
}

/**
 * A calendar date ("2026-11-23", a Date field) is the same day everywhere, so no zone applies; an instant (a
 * DateTime's ISO text, a Date) is shown in the user's time zone. Empty for a missing or invalid value.
 */
export function formatDate(value: DateInput, settings: DateSettings): string {
  if (value === null || value === undefined || value === "") return "";
  const date =
    typeof value === "string" && CALENDAR_DATE.test(value)
      ? dayjs(value, "YYYY-MM-DD")
      : inTimeZone(dayjs(value), settings.timeZone);
  return date.isValid() ? date.locale(settings.language).format(dateFormats[settings.language].date) : "";
}

/** An instant in the user's time zone, with the time: "November 23, 2026 02:05 PM", "23. november 2026 14:05". */
export function formatDateTime(value: DateInput, settings: DateSettings): string {
  if (value === null || value === undefined || value === "") return "";
  const moment = dayjs(value);
  if (!moment.isValid()) return "";
  return inTimeZone(moment, settings.timeZone)
    .locale(settings.language)
    .format(dateFormats[settings.language].dateTime);
}

/** Today's date in the time zone: "2026-11-23". */
export function today(timeZone: string): string {
  return inTimeZone(dayjs(), timeZone).format("YYYY-MM-DD");
}

/** An instant as a datetime-local input shows it, in the user's time zone: "2026-11-23T14:05". */
export function toLocalInput(value: DateInput, timeZone: string): string {
  if (value === null || value === undefined || value === "") return "";
  const moment = dayjs(value);
  return moment.isValid() ? inTimeZone(moment, timeZone).format("YYYY-MM-DDTHH:mm") : "";
}

/** A datetime-local input's value, read in the user's time zone, as an ISO instant; null when empty or invalid. */
export function fromLocalInput(local: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const moment = dayjs.tz(local, timeZone);
  return moment.isValid() ? moment.toISOString() : null;
}
