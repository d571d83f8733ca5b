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
