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
