import type { Language } from "./i18n.ts";

type DateInput = string | number | Date | null | undefined;

// Intl's month names are the product's: "November" in English, "november" in Norwegian.
const months = {
  en: new Intl.DateTimeFormat("en", { month: "long" }),
  nb: new Intl.DateTimeFormat("nb", { month: "long" }),
};

/** A date, or a date and time, with no zone: read as local time, as the screens always have. */
const LOCAL = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

function toDate(value: string | number | Date): Date {
  if (typeof value === "string" && !/Z$/i.test(value)) {
    const parts = LOCAL.exec(value);
    if (parts) {
      const [, year, month, day, hours, minutes, seconds] = parts.map(Number);
      const milliseconds = Number((parts[7] ?? "0").slice(0, 3));
      return new Date(year, month - 1 || 0, day || 1, hours || 0, minutes || 0, seconds || 0, milliseconds);
    }
  }
  return new Date(value);
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

function format(value: DateInput, language: Language, withTime: boolean): string {
  if (value === null || value === undefined || value === "") return "";
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return "";
  const day = `${months[language].format(date)} ${pad(date.getDate())}, ${pad(date.getFullYear(), 4)}`;
  if (!withTime) return day;
  const hours = date.getHours();
  return `${day} ${pad(hours % 12 || 12)}:${pad(date.getMinutes())} ${hours < 12 ? "AM" : "PM"}`;
}

/** "November 22, 2026" (MMMM DD, YYYY); empty for a missing or invalid date. */
export function formatDate(value: DateInput, language: Language = "en"): string {
  return format(value, language, false);
}

/** "November 22, 2026 06:45 PM" (MMMM DD, YYYY hh:mm A); empty for a missing or invalid date. */
export function formatDateTime(value: DateInput, language: Language = "en"): string {
  return format(value, language, true);
}
