import type { Language } from "./i18n.ts";

// Building an Intl.NumberFormat costs far more than using one, and every list page formats numbers.
const formatters: Record<Language, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en-US"),
  nb: new Intl.NumberFormat("nb-NO"),
};

/** A number as the language writes it: "1,000,000" in English, "1 000 000" in Norwegian. */
export function formatNumber(value: number, language: Language): string {
  return formatters[language].format(value);
}

const decimals: Record<Language, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 }),
  nb: new Intl.NumberFormat("nb-NO", { maximumFractionDigits: 1 }),
};
const BYTE_UNITS = ["B", "kB", "MB", "GB", "TB"];

/** A file's size in the unit that keeps it short: "532 B", "1.4 MB"; Norwegian writes "1,4 MB". */
export function formatBytes(bytes: number, language: Language): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${decimals[language].format(value)} ${BYTE_UNITS[unit]}`;
}
