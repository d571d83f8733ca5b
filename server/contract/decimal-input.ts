/**
 * Numbers as people type them in a form. Norwegian writes a decimal comma ("12,5") and groups thousands with spaces
 * ("1 000 000"); English writes a decimal point. The contract's schemas read the point, so a Norwegian form's text is
 * rewritten to it first; English text is left as it is, since there "1,000" means a thousand, not one.
 */
export type InputLanguage = "en" | "nb";

const NORWEGIAN_NUMBER = /^[+\-−]?(\d+(,\d*)?|,\d+)$/;

/**
 * A number typed in `language`, written with a decimal point: "12,5" → "12.5" and "1 000,5" → "1000.5" in Norwegian.
 * Text that is no such number comes back as it was (trimmed), for the schema to refuse with its own message.
 */
export function decimalText(text: string, language: InputLanguage | undefined): string {
  const trimmed = text.trim();
  if (language !== "nb") return trimmed;
  // Spaces, no-break spaces and narrow no-break spaces group thousands ("1 000", as numbers are shown).
  const compact = trimmed.replace(/[\s\u00a0\u202f]/g, "");
  if (!NORWEGIAN_NUMBER.test(compact)) return trimmed;
  return compact.replace(",", ".").replace("−", "-");
}

/** A number as a form in `language` shows it to be changed: "12,5" in Norwegian, without grouping. */
export function decimalInput(value: number, language: InputLanguage | undefined): string {
  const text = String(value);
  return language === "nb" ? text.replace(".", ",") : text;
}
