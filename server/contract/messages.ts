import { messageCode, messageCodes } from "./message-code.ts";

/**
 * The English texts of validation messages, by their keys (`validation.<name>`): the specification's (spec §5),
 * quoted character for character, and the product's own where it has none. The API answers them in English, and the
 * web app's English locale shows them as they are.
 */
export const validationEnglish = {
  required: "Required",
  maxLength: "Max {{max}} limit",
  invalidUrl: "Must be a valid URL",
  invalidEmail: "Must be an email",
  maxNumber: "Max limit 9,999,999,999",
  notANumber: "Must be a number",
  pastDate: "Must be a past date",
  notAnOption: "Must be one of the options",
  contactRequired: "An inquiry or to-do selection requires a contact as well.",
  /** A contact chosen with a company it is not at. */
  notCompanyContact: "Must be one of the company's contacts",
  /** Text PostgreSQL refuses (a NUL, a UTF-16 surrogate without its pair), and JSON nested deeper than any body. */
  nul: "Must not contain a null character",
  loneSurrogate: "Must not contain an unpaired surrogate character",
  tooDeep: "Must not be nested this deeply",
  pageRange: "Page number must be from 1 to the last page.",
  duplicate: "{{value}} already exist",
  /** The web app's own check of a file before it is sent. */
  fileTooLarge: "File should not exceed {{max}}mb",
  fileTypeNotSupported: "File type not supported",
  fileMissing: "You must upload a file",
  minLength: "Min {{min}} characters",
  minValue: "Must be at least {{min}}",
  maxValue: "Must be at most {{max}}",
  fromDate: "Must be {{date}} or later",
  toDate: "Must be {{date}} or earlier",
  queryFailed: "Query failed.",
  appPath: "Must be a path in the app, starting with /",
  timeZone: "Must be a time zone",
  logoType: "The logo must be a PNG, JPEG or WebP image",
  logoTooLarge: "The logo must not exceed {{max}} kB",
} as const;

const validation = messageCodes("validation", validationEnglish);

/** The codes of validation messages (spec §5) that schemas and services give. */
export const messages = {
  required: validation.required,
  max255: messageCode(validation.maxLength, { max: 255 }),
  max1000: messageCode(validation.maxLength, { max: 1000 }),
  invalidUrl: validation.invalidUrl,
  invalidEmail: validation.invalidEmail,
  maxNumber: validation.maxNumber,
  notANumber: validation.notANumber,
  pastDate: validation.pastDate,
  notAnOption: validation.notAnOption,
  contactRequired: validation.contactRequired,
  pageRange: validation.pageRange,
} as const;

/** "Max {n} limit" (spec §5) for any length. */
export const maxLengthMessage = (max: number) => messageCode(validation.maxLength, { max });

/** A number, a date or a time below the least it may be. */
export const minValueMessage = (min: number | string) => messageCode(validation.minValue, { min });

/** A number, a date or a time above the most it may be. */
export const maxValueMessage = (max: number | string) => messageCode(validation.maxValue, { max });

/** "{value} already exist" (spec §8). */
export const duplicateMessage = (value: string) => messageCode(validation.duplicate, { value });

/** The validation codes by name, for messages that take values or are the product's own. */
export const validationCodes = validation;

export const NOT_COMPANY_CONTACT = validation.notCompanyContact;

export const inputTexts = {
  nul: validation.nul,
  loneSurrogate: validation.loneSurrogate,
  tooDeep: validation.tooDeep,
} as const;

/** Why PostgreSQL would refuse the text, or undefined when it takes it. */
export function refusedTextMessage(text: string): string | undefined {
  if (text.includes("\u0000")) return inputTexts.nul;
  return text.isWellFormed() ? undefined : inputTexts.loneSurrogate;
}
