/**
 * The spec's texts for refused changes of statuses, priorities, categories and sources, apart from the schemas
 * (meta-status.ts, which re-exports them) so that the web app's locale files use them without loading Zod into every
 * page.
 */

/** The spec's text for deleting a default or active one (spec "Other user-facing messages"). */
export const CANNOT_DELETE_META_STATUS = "Cannot delete default or active source, category, status or priority.";
/** The spec's text for removing a value records still hold. */
export const VALUE_IN_USE = "Cannot be removed. Value is in use.";
