import type { FieldType } from "./fields.ts";
import { messageCodes } from "./message-code.ts";
import { maxLengthMessage, messages, validationCodes } from "./messages.ts";

/**
 * Advanced search's operations, limits and texts, apart from the schemas (contract/advanced-search.ts, which
 * re-exports them) so that the web app's browser code and locale files can use them without loading Zod.
 */

/** Spec §3, in the spec's order. */
export const searchOperations = [
  "=",
  "<",
  ">",
  ">=",
  "<=",
  "<>",
  "ILIKE",
  "IS NULL",
  "IS NOT NULL",
  "IS TRUE",
  "IS NOT TRUE",
] as const;
export type SearchOperation = (typeof searchOperations)[number];

/** "The last four take no parameter" (spec §3). */
export const operationsWithoutParam = ["IS NULL", "IS NOT NULL", "IS TRUE", "IS NOT TRUE"] as const;

export function takesParam(operation: SearchOperation): boolean {
  return !(operationsWithoutParam as readonly string[]).includes(operation);
}

/**
 * Spec §3 names three join types. INNER keeps the rows whose records have a partner; LEFT OUTER keeps every record of
 * the join's first entity, with or without one (RIGHT OUTER is LEFT OUTER from the other side, so it is not offered).
 */
export const joinTypes = ["INNER", "LEFT OUTER"] as const;
export type JoinType = (typeof joinTypes)[number];

export const sortDirections = ["asc", "desc"] as const;
export type SortDirection = (typeof sortDirections)[number];

/** Saved query types, as in the paths. */
export const queryTypes = ["global", "personal"] as const;
export type QueryType = (typeof queryTypes)[number];

const ordered = ["=", "<", ">", ">=", "<=", "<>", "IS NULL", "IS NOT NULL"] as const satisfies SearchOperation[];
const textual = ["=", "<>", "ILIKE", "IS NULL", "IS NOT NULL"] as const satisfies SearchOperation[];

/**
 * Which operations fit which field type. Text compares ignoring case and accents (as the record lists' filters do);
 * a List compares its option id; a MultiSelect's = and <> ask whether it holds (or lacks) one option id; Bool's = and
 * <> take "true" or "false". Query fields are computed per row and are neither filtered nor sorted.
 */
export const operationsByType: Record<FieldType, readonly SearchOperation[]> = {
  Number: ordered,
  Percent: ordered,
  Date: ordered,
  DateTime: ordered,
  Text: textual,
  LongText: textual,
  Email: textual,
  Phone: textual,
  Url: textual,
  List: ["=", "<>", "IS NULL", "IS NOT NULL"],
  MultiSelect: ["=", "<>", "IS NULL", "IS NOT NULL"],
  Bool: ["=", "<>", "IS TRUE", "IS NOT TRUE", "IS NULL", "IS NOT NULL"],
  Query: [],
};

/** The field types a date filter may use. */
export const dateFilterTypes = ["Date", "DateTime"] as const satisfies FieldType[];

/** Field types a query may sort by (everything stored but MultiSelect and LongText). */
export function isSortable(type: FieldType): boolean {
  return !["Query", "MultiSelect", "LongText"].includes(type);
}

/** Limits of one definition: a query is a report, not a data dump. */
export const QUERY_ENTITIES_MAX = 5;
export const QUERY_FIELDS_MAX = 50;
export const QUERY_FILTERS_MAX = 20;
/** Rows per page of a run (as the record lists). */
export const QUERY_PAGE_SIZE_MAX = 100;
export const QUERY_PAGE_SIZE_DEFAULT = 20;
/** Data sources are listed up to the spec's size=200. */
export const DATASOURCE_PAGE_SIZE_MAX = 200;
/** How long one run may take before it answers "Query failed.". */
export const QUERY_TIMEOUT_MS = 5_000;
export const QUERY_NAME_MAX = 255;
export const QUERY_DESCRIPTION_MAX = 200;

/** Advanced search's own texts in English (the specification has none), by their keys (`searchMessages.<name>`). */
export const advancedSearchEnglish = {
  ilikeNeedsWildcard: "The ilike filter needs a % wildcard",
  sameYear: "A date range must be in the same year",
  fromBeforeTo: "From must not exceed To",
  notADate: "Must be a date",
  noParam: "This operation takes no value",
  operationNotForType: "This operation does not fit the field",
  unknownEntity: "Unknown entity",
  unknownField: "Unknown field",
  notSortable: "This field cannot be sorted",
  notDateField: "Choose a date field",
  entityTwice: "Each entity can be used once",
  joinUnknownEntity: "Join entities that are in the query",
  noRelationship: "These entities have no relationship",
  notJoined: "Join this entity to the query's main entity",
  noFields: "Choose at least one field",
  tooManyEntities: `At most ${QUERY_ENTITIES_MAX} entities`,
  tooManyFields: `At most ${QUERY_FIELDS_MAX} fields`,
  tooManyFilters: `At most ${QUERY_FILTERS_MAX} filters`,
  notFound: "Query not found",
  dataSourceNotFound: "Data source not found",
} as const;

/** The codes of advanced search's messages: the spec's (§5, §8) where it has them, else the product's own. */
export const advancedSearchTexts = {
  ...messageCodes("searchMessages", advancedSearchEnglish),
  noResults: "apiErrors.DatasourceValidationException",
  queryFailed: validationCodes.queryFailed,
  inUse: "apiErrors.DatasourceInUseException",
  required: messages.required,
  max255: messages.max255,
  max200: maxLengthMessage(QUERY_DESCRIPTION_MAX),
  notAnOption: messages.notAnOption,
  notANumber: messages.notANumber,
} as const;

/** A result column's heading: "Entity: Field" when the query joins entities, so that like-named fields differ. */
export function columnLabel(
  column: { labelEn: string; labelNb: string; entityLabelEn: string; entityLabelNb: string },
  language: "en" | "nb",
  joined: boolean,
): string {
  const [entity, field] =
    language === "nb" ? [column.entityLabelNb, column.labelNb] : [column.entityLabelEn, column.labelEn];
  return joined ? `${entity}: ${field}` : field;
}
