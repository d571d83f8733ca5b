import { z } from "zod";
import {
  advancedSearchTexts,
  DATASOURCE_PAGE_SIZE_MAX,
  joinTypes,
  QUERY_DESCRIPTION_MAX,
  QUERY_ENTITIES_MAX,
  QUERY_FIELDS_MAX,
  QUERY_FILTERS_MAX,
  QUERY_NAME_MAX,
  QUERY_PAGE_SIZE_DEFAULT,
  QUERY_PAGE_SIZE_MAX,
  queryTypes,
  searchOperations,
  sortDirections,
  takesParam,
} from "./advanced-search-texts.ts";
import { messages } from "./messages.ts";
import { entityNamesShape } from "./names.ts";

/**
 * Advanced search and data sources (spec §2 /advanced-search…, §3 "Advanced search and data source model", §5, §6,
 * §7 dashboards, §8). A query is a definition (entities with their selected fields and filters, the joins between
 * them through relationships, a date filter, a sort) that the API compiles to SQL from the metadata only. Saved
 * queries are global (everyone with Advanced_Search_Global Read sees them) or personal (the owner's only); a data
 * source is a saved query that feeds dashboard widgets.
 *
 * Paths under /api/advanced_search ({queryType} is `global` or `personal`):
 *
 * - GET    entities                           SearchCatalog: the entities the user may Read, their active, shown
 *                                             fields (Query fields too), and the relationships joining them
 * - GET    {queryType}?page&size&q            SavedQueryPage (q from 3 characters, on name and description; newest
 *                                             change first; page from 0, size ≤ 100, default 20)
 * - POST   {queryType}                        SavedQueryInput -> 201 SavedQueryDto
 * - GET    {queryType}/{id}                   SavedQueryDto
 * - PUT    {queryType}/{id}                   SavedQueryInput -> SavedQueryDto
 * - DELETE {queryType}/{id}                   204
 * - POST   run?page&size                      QueryDefinition -> QueryResultPage (the builder's preview; not saved)
 * - GET    {queryType}/{id}/run?page&size     QueryResultPage of a saved query
 * - PUT    {queryType}/{id}/initiate_export?format=xlsx|csv&lang   202 ExportDto (contract/bulk-data.ts): the whole
 *          result as a file, listed in /api/core/bulk_data/exports/recent and downloaded as the other exports
 *
 * Paths under /api/dashboards/core (data sources):
 *
 * - GET    datasource?page&q&size             DataSourcePage (size up to 200, the spec's "size=200")
 * - GET    datasource/entities                SearchCatalog (the same as above)
 * - GET    datasource/fields/{id}             ResultColumn[]: what a widget may use of the data source
 * - POST   datasource-advanced                DataSourceInput -> 201 DataSourceDto; 400 DatasourceValidationException
 *                                             "No Results Found" when its query gives no rows
 * - GET    datasource-advanced/{id}           DataSourceDto
 * - PUT    datasource-advanced/{id}           DataSourceInput -> DataSourceDto (the same 400 rule)
 * - DELETE datasource-advanced/{id}           204
 *
 * Rights (checked on the server on every call): Advanced_Search_Global and Advanced_Search_Personal Create, Read,
 * Update, Delete for the saved queries of each type (a personal query of another user answers 404); running needs
 * Read on the query's type (the preview: Read on either) and Read on every entity the definition names (else 403;
 * a saved query naming an entity the user may no longer read is refused the same way). Exporting needs Export
 * Create besides. Data sources: Datasource Create, Read, Update, Delete, and Read on their entities to run them.
 *
 * Errors: a definition that breaks a rule answers 400 MethodArgumentNotValidException with field errors named as
 * Conform names them (`entities[0].filters[1].paramValue` for a run's body; `definition.entities[0]…`, `name`,
 * `description` for a saved query or data source); a name the metadata does not know, a hidden or inactive field,
 * or a value that does not fit its field answers the same 400 on that field; a run that takes longer than the
 * statement timeout answers 422 QueryFailedException "Query failed.".
 */

export * from "./advanced-search-texts.ts";

const identifier = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .regex(/^[a-z][a-z0-9_]{0,62}$/, messages.notAnOption);

/** Conform sends a checkbox as "on" and leaves an unchecked one out. */
const flag = z.preprocess(
  (value) => (value === "on" || value === "true" ? true : value === "false" ? false : value),
  z.boolean().default(false),
);

export const selectedFieldSchema = z.object({
  key: identifier,
  /** As the catalog says; informative, the API reads the field's metadata. */
  customField: flag.optional(),
  /** Whether the field is a Query field (computed per row); informative as customField. */
  query: flag.optional(),
});
export type SelectedField = z.infer<typeof selectedFieldSchema>;

export const filterSchema = z.object({
  field: identifier,
  operation: z.enum(searchOperations, { error: messages.notAnOption }),
  /** Absent for the four operations that take none; a List's option id; "true"/"false" for Bool; YYYY-MM-DD dates. */
  paramValue: z.string().trim().max(255, messages.max255).optional(),
});
export type QueryFilter = z.infer<typeof filterSchema>;

/** Both dates YYYY-MM-DD; the range is inclusive and within one calendar year. */
export const dateFilterSchema = z.object({
  field: identifier.optional(),
  from: z.string().trim().optional(),
  to: z.string().trim().optional(),
});
export type DateFilter = z.infer<typeof dateFilterSchema>;

export const queryEntitySchema = z.object({
  schemaName: identifier,
  tableName: identifier,
  selectedFields: z.array(selectedFieldSchema).max(QUERY_FIELDS_MAX, advancedSearchTexts.tooManyFields).default([]),
  filters: z.array(filterSchema).max(QUERY_FILTERS_MAX, advancedSearchTexts.tooManyFilters).default([]),
  /** One date field of this entity and the range its value must fall in; left out for none. */
  dateFilter: dateFilterSchema.optional(),
});
export type QueryEntity = z.infer<typeof queryEntitySchema>;

/** Two entities of the query joined through a relationship between them (either side first). */
export const queryJoinSchema = z.object({
  schema1Name: identifier,
  table1Name: identifier,
  joinType: z.enum(joinTypes, { error: messages.notAnOption }).default("INNER"),
  schema2Name: identifier,
  table2Name: identifier,
  /** Which relationship when the two entities have more than one; the oldest between them when left out. */
  relationshipId: z.string().trim().max(64).optional(),
});
export type QueryJoin = z.infer<typeof queryJoinSchema>;

export const querySortSchema = z.object({
  schemaName: identifier.optional(),
  tableName: identifier.optional(),
  field: identifier.optional(),
  direction: z.enum(sortDirections, { error: messages.notAnOption }).default("asc"),
});
export type QuerySort = z.infer<typeof querySortSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The rules a definition keeps without the metadata (spec §5 and the model's shape); the API checks names, types and
 * relationships against the metadata besides. Issues are put on the paths Conform names fields by.
 */
export function checkDefinition(definition: QueryDefinitionShape, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  definition.entities.forEach((entity, index) => {
    const name = `${entity.schemaName}.${entity.tableName}`;
    if (seen.has(name)) {
      ctx.addIssue({
        code: "custom",
        message: advancedSearchTexts.entityTwice,
        path: ["entities", index, "tableName"],
      });
    }
    seen.add(name);
    entity.filters.forEach((filter, filterIndex) => {
      const path = ["entities", index, "filters", filterIndex, "paramValue"];
      const param = filter.paramValue ?? "";
      if (takesParam(filter.operation)) {
        if (param === "") ctx.addIssue({ code: "custom", message: messages.required, path });
        else if (filter.operation === "ILIKE" && !param.includes("%")) {
          ctx.addIssue({ code: "custom", message: advancedSearchTexts.ilikeNeedsWildcard, path });
        }
      } else if (param !== "") {
        ctx.addIssue({ code: "custom", message: advancedSearchTexts.noParam, path });
      }
    });
    const range = entity.dateFilter;
    if (range && (range.field || range.from || range.to)) {
      const path = ["entities", index, "dateFilter"];
      if (!range.field) ctx.addIssue({ code: "custom", message: messages.required, path: [...path, "field"] });
      const from = range.from ?? "";
      const to = range.to ?? "";
      if (from === "") ctx.addIssue({ code: "custom", message: messages.required, path: [...path, "from"] });
      else if (!isDate(from))
        ctx.addIssue({ code: "custom", message: advancedSearchTexts.notADate, path: [...path, "from"] });
      if (to === "") ctx.addIssue({ code: "custom", message: messages.required, path: [...path, "to"] });
      else if (!isDate(to))
        ctx.addIssue({ code: "custom", message: advancedSearchTexts.notADate, path: [...path, "to"] });
      if (isDate(from) && isDate(to)) {
        if (from > to)
          ctx.addIssue({ code: "custom", message: advancedSearchTexts.fromBeforeTo, path: [...path, "to"] });
        else if (from.slice(0, 4) !== to.slice(0, 4)) {
          ctx.addIssue({ code: "custom", message: advancedSearchTexts.sameYear, path: [...path, "to"] });
        }
      }
    }
  });
  if (definition.entities.length > 0 && definition.entities.every((entity) => entity.selectedFields.length === 0)) {
    ctx.addIssue({ code: "custom", message: advancedSearchTexts.noFields, path: ["entities", 0, "selectedFields"] });
  }
  // Every join names entities of the query; every entity but the main one is reached from it through joins.
  const names = definition.entities.map((entity) => `${entity.schemaName}.${entity.tableName}`);
  const reached = new Set(names.slice(0, 1));
  definition.joins.forEach((join, index) => {
    const one = `${join.schema1Name}.${join.table1Name}`;
    const two = `${join.schema2Name}.${join.table2Name}`;
    if (!names.includes(one) || !names.includes(two) || one === two) {
      ctx.addIssue({
        code: "custom",
        message: advancedSearchTexts.joinUnknownEntity,
        path: ["joins", index, "table2Name"],
      });
    }
  });
  let grew = true;
  while (grew) {
    grew = false;
    for (const join of definition.joins) {
      const one = `${join.schema1Name}.${join.table1Name}`;
      const two = `${join.schema2Name}.${join.table2Name}`;
      if (reached.has(one) !== reached.has(two)) {
        reached.add(one);
        reached.add(two);
        grew = true;
      }
    }
  }
  names.forEach((name, index) => {
    if (!reached.has(name)) {
      ctx.addIssue({ code: "custom", message: advancedSearchTexts.notJoined, path: ["entities", index, "tableName"] });
    }
  });
  const sort = definition.sort;
  if (sort && (sort.schemaName || sort.tableName || sort.field)) {
    if (!sort.field) ctx.addIssue({ code: "custom", message: messages.required, path: ["sort", "field"] });
    const name = `${sort.schemaName ?? ""}.${sort.tableName ?? ""}`;
    if (!names.includes(name)) {
      ctx.addIssue({ code: "custom", message: advancedSearchTexts.joinUnknownEntity, path: ["sort", "tableName"] });
    }
  }
}

const definitionShape = z.object({
  /** The first entity is the main one: each row of a result is one of its records, with the joined records. */
  entities: z
    .array(queryEntitySchema)
    .min(1, messages.required)
    .max(QUERY_ENTITIES_MAX, advancedSearchTexts.tooManyEntities),
  joins: z.array(queryJoinSchema).max(QUERY_ENTITIES_MAX, advancedSearchTexts.tooManyEntities).default([]),
  /** One field of one of the query's entities; by the main entity's first selected field when left out. */
  sort: querySortSchema.optional(),
});
type QueryDefinitionShape = z.infer<typeof definitionShape>;

/** The definition of a query or data source, as the builder's form posts it and the API stores it. */
export const queryDefinitionSchema = definitionShape.superRefine(checkDefinition);
export type QueryDefinition = z.infer<typeof queryDefinitionSchema>;

const description = z.string().trim().max(QUERY_DESCRIPTION_MAX, advancedSearchTexts.max200).default("");

/** POST and PUT /api/advanced_search/{queryType}[/{id}]; the builder's form posts these names. */
export const savedQueryInputSchema = z.object({
  name: z.string({ error: messages.required }).trim().min(1, messages.required).max(QUERY_NAME_MAX, messages.max255),
  description,
  definition: queryDefinitionSchema,
});
export type SavedQueryInput = z.infer<typeof savedQueryInputSchema>;

/** POST and PUT /api/dashboards/core/datasource-advanced[/{id}]: the same fields. */
export const dataSourceInputSchema = savedQueryInputSchema;
export type DataSourceInput = SavedQueryInput;

const userRefSchema = z.object({ uuid: z.string(), firstName: z.string(), lastName: z.string() });

export const savedQuerySchema = z.object({
  id: z.string(),
  queryType: z.enum(queryTypes),
  name: z.string(),
  description: z.string(),
  definition: queryDefinitionSchema,
  owner: userRefSchema,
  /** What the signed-in user may do with it (rights of its type; a personal query is the owner's). */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedQueryDto = z.infer<typeof savedQuerySchema>;

export const savedQueryPageSchema = z.object({
  content: z.array(savedQuerySchema),
  totalElements: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type SavedQueryPage = z.infer<typeof savedQueryPageSchema>;

export const dataSourceSchema = savedQuerySchema.omit({ queryType: true });
export type DataSourceDto = z.infer<typeof dataSourceSchema>;

export const dataSourcePageSchema = z.object({
  content: z.array(dataSourceSchema),
  totalElements: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type DataSourcePage = z.infer<typeof dataSourcePageSchema>;

/** The list and page queries: page from 0. */
export const savedQueryListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(QUERY_PAGE_SIZE_MAX).default(QUERY_PAGE_SIZE_DEFAULT),
  q: z.string().trim().max(255).optional(),
});
export const dataSourceListQuerySchema = savedQueryListQuerySchema.extend({
  size: z.coerce.number().int().min(1).max(DATASOURCE_PAGE_SIZE_MAX).default(DATASOURCE_PAGE_SIZE_MAX),
});
export const runQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(QUERY_PAGE_SIZE_MAX).default(QUERY_PAGE_SIZE_DEFAULT),
});

const optionSchema = z.object({ value: z.string(), labelEn: z.string(), labelNb: z.string() });

export const catalogFieldSchema = z.object({
  key: z.string(),
  labelEn: z.string(),
  labelNb: z.string(),
  type: z.string(),
  customField: z.boolean(),
  /** A Query field: selectable, computed per row; not filterable or sortable. */
  query: z.boolean(),
  /** The operations its filters may use (operationsByType). */
  operations: z.array(z.enum(searchOperations)),
  sortable: z.boolean(),
  /** A List's or MultiSelect's options (value is what a filter's paramValue names). */
  options: z.array(optionSchema),
});
export type CatalogField = z.infer<typeof catalogFieldSchema>;

export const catalogEntitySchema = z.object({
  schemaName: z.string(),
  tableName: z.string(),
  ...entityNamesShape,
  builtIn: z.boolean(),
  fields: z.array(catalogFieldSchema),
});
export type CatalogEntity = z.infer<typeof catalogEntitySchema>;

/** A relationship both of whose entities the user may read: a join the builder may offer. */
export const catalogRelationshipSchema = z.object({
  id: z.string(),
  schema1Name: z.string(),
  table1Name: z.string(),
  schema2Name: z.string(),
  table2Name: z.string(),
  label1En: z.string(),
  label1Nb: z.string(),
  label2En: z.string(),
  label2Nb: z.string(),
});
export type CatalogRelationship = z.infer<typeof catalogRelationshipSchema>;

export const searchCatalogSchema = z.object({
  entities: z.array(catalogEntitySchema),
  relationships: z.array(catalogRelationshipSchema),
});
export type SearchCatalog = z.infer<typeof searchCatalogSchema>;

/**
 * One column of a result: `key` is "schema.table.field" (stable while the definition names the field), with the
 * field's labels and type, and the entity it belongs to.
 */
export const resultColumnSchema = z.object({
  key: z.string(),
  schemaName: z.string(),
  tableName: z.string(),
  field: z.string(),
  labelEn: z.string(),
  labelNb: z.string(),
  /** The field's entity, to tell "City" of companies from "City" of contacts in a joined query. */
  entityLabelEn: z.string(),
  entityLabelNb: z.string(),
  type: z.string(),
  options: z.array(optionSchema),
});
export type ResultColumn = z.infer<typeof resultColumnSchema>;

/**
 * One row: each entity's record id by "schema.table" (so the UI can link to the records), and the values by column
 * key as the record calls give them (List: the option id; MultiSelect: a list of ids; Date: YYYY-MM-DD; DateTime: ISO;
 * Percent: a fraction; a Query field: its select's first value, null when it gives none or fails).
 */
export const resultRowSchema = z.object({
  recordIds: z.record(z.string(), z.string()),
  values: z.record(z.string(), z.unknown()),
});
export type ResultRow = z.infer<typeof resultRowSchema>;

export const queryResultPageSchema = z.object({
  columns: z.array(resultColumnSchema),
  content: z.array(resultRowSchema),
  totalElements: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type QueryResultPage = z.infer<typeof queryResultPageSchema>;

/** PUT …/initiate_export's query. */
export const queryExportQuerySchema = z.object({
  format: z.enum(["xlsx", "csv"]).default("xlsx"),
  lang: z.enum(["en", "nb"]).optional(),
});
