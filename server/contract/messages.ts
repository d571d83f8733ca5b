/**
 * Validation texts quoted from the product specification (spec §5); they must match character for character. Apart
 * from the schemas, so that the web app's English texts can use them without loading Zod.
 */
export const messages = {
  required: "Required",
  max255: "Max 255 limit",
  max1000: "Max 1000 limit",
  invalidUrl: "Must be a valid URL",
  invalidEmail: "Must be an email",
  maxNumber: "Max limit 9,999,999,999",
  notANumber: "Must be a number",
  pastDate: "Must be a past date",
  notAnOption: "Must be one of the options",
  contactRequired: "An inquiry or to-do selection requires a contact as well.",
} as const;

/** The product's own text (the specification has none) for a contact chosen with a company it is not at. */
export const NOT_COMPANY_CONTACT = "Must be one of the company's contacts";

/**
 * The product's own texts (the specification has none) for text PostgreSQL refuses (a NUL, a UTF-16 surrogate without
 * its pair) and for JSON nested deeper than any of the API's bodies.
 */
export const inputTexts = {
  nul: "Must not contain a null character",
  loneSurrogate: "Must not contain an unpaired surrogate character",
  tooDeep: "Must not be nested this deeply",
} as const;

/** Why PostgreSQL would refuse the text, or undefined when it takes it. */
export function refusedTextMessage(text: string): string | undefined {
  if (text.includes("\u0000")) return inputTexts.nul;
  return text.isWellFormed() ? undefined : inputTexts.loneSurrogate;
}
