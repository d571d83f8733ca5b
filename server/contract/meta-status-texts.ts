/**
 * The spec's texts (in English, and their codes) for refused changes of statuses, priorities, categories and sources, apart from the schemas
 * (meta-status.ts, which re-exports them) so that the web app's locale files use them without loading Zod into every
 * page.
 */

export const metaStatusEnglish = {
  /** The spec's text for deleting a default or active one (spec "Other user-facing messages"). */
  cannotDeleteMetaStatus: "Cannot delete default or active source, category, status or priority.",
  /** The spec's text for removing a value records still hold. */
  valueInUse: "Cannot be removed. Value is in use.",
} as const;

export const CANNOT_DELETE_META_STATUS = "apiErrors.cannotDeleteMetaStatus";
export const VALUE_IN_USE = "apiErrors.valueInUse";
