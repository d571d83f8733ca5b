import { validationCodes } from "./messages.ts";

/**
 * The codes of the spec's texts (§8) for refusals of field changes, apart from the schemas (custom-fields.ts, which
 * re-exports them) so that the web app uses them without loading Zod into every page.
 */
export const fieldTexts = {
  keyTaken: "apiErrors.FieldKeyAlreadyExistingException",
  fieldInUse: "apiErrors.FieldInUseException",
  maxBelowData: "apiErrors.InvalidMaxCharacterCountException",
  uniqueNotPossible: "apiErrors.CannotCreateUniquenessException",
  optionInUse: "apiErrors.valueInUse",
  queryFailed: validationCodes.queryFailed,
} as const;
