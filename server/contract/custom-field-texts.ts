/**
 * The spec's texts (§8) for refusals of field changes, apart from the schemas (custom-fields.ts, which re-exports
 * them) so that the web app's locale files and message lookup use them without loading Zod into every page.
 */
export const fieldTexts = {
  keyTaken: "Field key already exist",
  fieldInUse: "Field in use",
  maxBelowData: "New max character count is less than to current value.",
  uniqueNotPossible: "Sorry, unique and required is not possible for this field",
  optionInUse: "Cannot be removed. Value is in use.",
  queryFailed: "Query failed.",
} as const;
