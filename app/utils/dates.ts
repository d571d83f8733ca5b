import dayjs from "dayjs";
import "dayjs/locale/nb.js";
import type { Language } from "./i18n.ts";

export const DATE_FORMAT = "MMMM DD, YYYY";
export const DATE_TIME_FORMAT = "MMMM DD, YYYY hh:mm A";

type DateInput = string | number | Date | null | undefined;

function format(value: DateInput, pattern: string, language: Language): string {
  if (value === null || value === undefined || value === "") return "";
  const date = dayjs(value);
  return date.isValid() ? date.locale(language).format(pattern) : "";
}

/** "November 22, 2026"; empty for a missing or invalid date. */
export function formatDate(value: DateInput, language: Language = "en"): string {
  return format(value, DATE_FORMAT, language);
}

/** "November 22, 2026 06:45 PM"; empty for a missing or invalid date. */
export function formatDateTime(value: DateInput, language: Language = "en"): string {
  return format(value, DATE_TIME_FORMAT, language);
}
