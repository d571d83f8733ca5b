import { messageCode, messageCodes } from "./message-code.ts";
import { validationCodes } from "./messages.ts";

/**
 * Web forms' limits and texts, apart from the schemas (forms.ts, which re-exports them) so that the web app's locale
 * files use them without loading Zod into every page.
 */

/** The specification's limit for a form's banner (spec §5, §9: 10 MB). */
export const FORM_BANNER_MAX_MB = 10;
export const FORM_BANNER_MAX_BYTES = FORM_BANNER_MAX_MB * 1024 * 1024;
/** The image types a banner may be, by content. SVG is not one: it may carry script. */
export const formBannerTypes = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

/** A submission before this many seconds after its form was shown is a robot's; after this many hours, stale. */
export const SUBMISSION_MIN_SECONDS = 3;
export const SUBMISSION_MAX_HOURS = 24;

/** The product's own texts in English, by their keys (`forms.messages.<name>`); the spec's where it has one. */
export const formEnglish = {
  notFound: "Form not found",
  submissionNotFound: "Submission not found",
  /** Spec §5, "Other rules". */
  needsQuestion: "A form needs at least one question block.",
  closed: "This form is closed.",
  notAccepting: "This form is not accepting responses.",
  /** A token that is missing, forged, another form's, stale or used: the page is reloaded for a fresh one. */
  expired: "This form has expired. Reload the page and try again.",
  tooFast: "That was quick. Wait a moment and send the form again.",
  tooMany: "Too many responses. Try again later.",
  refused: "The response was refused.",
  site: "Must be a web address such as https://example.com",
  blockListedOnce: "Each block may be listed once",
  /** The settings' words, kept here too: the builder's page does not load the settings' texts. */
  invalidColour: "Must be a colour such as #1A7F37",
  alreadyMerged: "This submission has already been merged.",
} as const;

/** The codes of web forms' messages. */
export const formTexts = {
  ...messageCodes("forms.messages", formEnglish),
  /** Spec §5 "File upload", with the banner's limit. */
  bannerTooLarge: messageCode(validationCodes.fileTooLarge, { max: FORM_BANNER_MAX_MB }),
  bannerType: validationCodes.fileTypeNotSupported,
} as const;

/** A notification of a new response names its form in place of a record (`core.form`), and none of the answers. */
export const FORM_NOTIFICATION_TABLE = "form";
