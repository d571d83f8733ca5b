import { type CompiledQuery, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import { type Actor, requirePermission } from "../auth/permissions.ts";
import {
  advancedSearchTexts,
  dateFilterTypes,
  isDate,
  isSortable,
  operationsByType,
  type QueryDefinition,
  type QueryFilter,
  type ResultColumn,
  type SearchOperation,
  takesParam,
} from "../contract/advanced-search.ts";
import { type FieldDefinition, isShown, isStored } from "../contract/fields.ts";
import { notFoundTexts } from "../contract/settings-texts.ts";
import type { Database } from "../db/schema.ts";
import { isUuid } from "../db/values.ts";
import { DomainError } from "../http/errors.ts";
import { cachedEntity, type EntityMetadata } from "../records/metadata.repository.ts";
import { CRM_LINKS, readsLinksOf } from "../records/read-rights.ts";
import { tableName } from "../records/records.repository.ts";
import { withOptions } from "../records/records.service.ts";
import { cachedRelationships, type Relationship } from "../relationships/relationships.repository.ts";

/**
 * The query compiler: a definition (contract/advanced-search.ts) becomes one Kysely select, built from the metadata
 * only. Every name the definition holds is looked up: entities in `core.entity`, fields among the entity's active,
 * shown ones, joins among `core.relationship`'s link tables. Identifiers in the SQL are the metadata's (checked
 * against `^[a-z][a-z0-9_]{0,62}$` and quoted by Kysely); every value is a bound parameter.
 *
 * The select reads `main AS e0 INNER JOIN link AS l0 ON … INNER JOIN other AS e1 ON …` (LEFT JOIN both for a LEFT
 * OUTER join, which keeps its first entity's records without a partner, the other's columns and id null), and outputs:
 * - `r0`, `r1`, …: each entity's record id, in the definition's order of entities;
 * - `c0`, `c1`, …: the selected stored fields, as `columns` lists them (Query fields are computed per row by the run,
 *   see `queryColumns`);
 * - `s`: the sort value, when the definition sorts by a field.
 */

const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;

/** A result column as the compiled select outputs it. */
export interface SourceColumn extends ResultColumn {
  /** The select's output column (`c0`, `c1`, …); empty for a Query field, which has none. */
  alias: string;
  /** The index of its entity in the definition (its record id is `r{entityIndex}`). */
  entityIndex: number;
  definition: FieldDefinition;
}

export interface SourceEntity {
  entity: EntityMetadata;
  /** "schema.table", as result rows name record ids. */
  name: string;
  /** The record id's output column. */
  idAlias: string;
}

/** A condition a caller adds to a source: a filter on one of its entities' fields, checked as the definition's. */
export interface SourceCondition extends QueryFilter {
  schemaName: string;
  tableName: string;
}

export interface SourceOptions {
  /** More filters (a dashboard viewer's values): the same operations and rules as the definition's filters. */
  conditions?: SourceCondition[];
  /** Only rows whose entity's record is this one (a record's dashboard tab). */
  recordId?: { schemaName: string; tableName: string; id: string };
}

/** What a definition compiles to. */
export interface CompiledSource {
  /**
   * The select, usable as a subquery: `db.selectFrom(source.builder.as("source")).select(…)`. Its output columns
   * are `r{i}` (record ids), the `alias` of each of `columns`, and `s` when `sort` is set. It has no order.
   */
  builder: SelectQueryBuilder<any, any, any>;
  /** The stored selected fields, in the definition's order (entities, then their selected fields). */
  columns: SourceColumn[];
  /** Selected Query fields (alias ""): computed per row of a page, never filtered, sorted or aggregated. */
  queryColumns: SourceColumn[];
  /** Every column a result shows, stored and Query fields, in the definition's order. */
  resultColumns: SourceColumn[];
  entities: SourceEntity[];
  /** The definition's sort, by the output column `s`; null when it names none. */
  sort: { direction: "asc" | "desc" } | null;
}

function invalid(field: string, message: string): DomainError {
  return new DomainError(400, "MethodArgumentNotValidException", "Validation failed", [
    { field, defaultMessage: message, objectName: "definition" },
  ]);
}

function safe(identifier: string): string {
  if (!IDENTIFIER.test(identifier)) throw new Error(`unsafe identifier ${identifier}`);
  return identifier;
}

const COMPARISONS = new Set<SearchOperation>(["=", "<", ">", ">=", "<=", "<>"]);

/** The text types whose comparisons fold case and accents, as the record lists' filters do. */
const FOLDED = new Set(["Text", "LongText", "Email", "Phone", "Url"]);

/** The entity named at `path`, which the actor must be allowed to read (403 otherwise), with its options filled. */
async function readableEntity(
  db: Kysely<Database>,
  actor: Actor,
  schemaName: string,
  table: string,
  path: string,
): Promise<EntityMetadata> {
  const entity =
    IDENTIFIER.test(schemaName) && IDENTIFIER.test(table) ? await cachedEntity(db, schemaName, table) : undefined;
  if (!entity) throw invalid(path, advancedSearchTexts.unknownEntity);
  requirePermission(actor, "Read", entity.resource);
  return withOptions(db, entity);
}

/** A field a query may name: active and shown (hidden fields and fields not readable never appear). */
function shownField(entity: EntityMetadata, key: string, path: string): FieldDefinition {
  const field = entity.fields.find((candidate) => candidate.key === key && isShown(candidate));
  if (!field || !IDENTIFIER.test(field.key)) throw invalid(path, advancedSearchTexts.unknownField);
  return field;
}

function optionValues(field: FieldDefinition): string[] {
  return (field.settings.options ?? []).map((option) => option.value);
}

/** A filter's parameter as a value of the field's type, or 400 on `path`. */
function parameter(field: FieldDefinition, raw: string, path: string): string | number | boolean {
  switch (field.type) {
    case "Number":
    case "Percent": {
      const number = Number(raw.replace(",", "."));
      if (raw === "" || !Number.isFinite(number)) throw invalid(path, advancedSearchTexts.notANumber);
      return number;
    }
    case "Date":
      if (!isDate(raw)) throw invalid(path, advancedSearchTexts.notADate);
      return raw;
    case "DateTime": {
      if (isDate(raw)) return raw;
      const moment = new Date(raw);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(raw) || Number.isNaN(moment.getTime())) {
        throw invalid(path, advancedSearchTexts.notADate);
      }
      return moment.toISOString();
    }
    case "Bool":
      if (raw !== "true" && raw !== "false") throw invalid(path, advancedSearchTexts.notAnOption);
      return raw === "true";
    case "List":
    case "MultiSelect":
      if (!optionValues(field).includes(raw)) throw invalid(path, advancedSearchTexts.notAnOption);
      return raw;
    default:
      return raw;
  }
}

/** One filter as a condition on `ref` (the column `e{i}.{key}`). */
function condition(
  field: FieldDefinition,
  ref: string,
  filter: { operation: SearchOperation; paramValue?: string },
  path: string,
): Expression<SqlBool> {
  const operation = filter.operation;
  if (!operationsByType[field.type].includes(operation)) {
    throw invalid(`${path}.operation`, advancedSearchTexts.operationNotForType);
  }
  const column = sql.ref(ref);
  const multi = field.type === "MultiSelect";
  switch (operation) {
    case "IS NULL":
      return multi ? sql<SqlBool>`coalesce(cardinality(${column}), 0) = 0` : sql<SqlBool>`${column} is null`;
    case "IS NOT NULL":
      return multi ? sql<SqlBool>`coalesce(cardinality(${column}), 0) > 0` : sql<SqlBool>`${column} is not null`;
    case "IS TRUE":
      return sql<SqlBool>`${column} is true`;
    case "IS NOT TRUE":
      return sql<SqlBool>`${column} is not true`;
    default:
      break;
  }
  const raw = filter.paramValue ?? "";
  if (!takesParam(operation) || raw === "") throw invalid(`${path}.paramValue`, advancedSearchTexts.required);
  if (operation === "ILIKE" && !raw.includes("%")) {
    throw invalid(`${path}.paramValue`, advancedSearchTexts.ilikeNeedsWildcard);
  }
  const value = parameter(field, raw, `${path}.paramValue`);
  if (multi) {
    // Whether the record holds the option (=) or lacks it (<>, a record with none lacks it too).
    const holds = sql<SqlBool>`coalesce(${value} = any(${column}), false)`;
    return operation === "=" ? holds : sql<SqlBool>`not ${holds}`;
  }
  if (FOLDED.has(field.type)) {
    const folded = sql`core.search_fold(${column})`;
    const param = sql`core.search_fold(${value})`;
    if (operation === "ILIKE") return sql<SqlBool>`${folded} like ${param}`;
    return operation === "=" ? sql<SqlBool>`${folded} = ${param}` : sql<SqlBool>`${folded} <> ${param}`;
  }
  if (!COMPARISONS.has(operation)) throw invalid(`${path}.operation`, advancedSearchTexts.operationNotForType);
  // One of six fixed operators, never the request's text.
  const op = sql.raw(operation);
  if (field.type === "DateTime" && typeof value === "string" && isDate(value)) {
    // A day compares with the instant's day (UTC), so "= 2024-05-01" finds that whole day.
    return sql<SqlBool>`(${column} at time zone 'UTC')::date ${op} ${value}::date`;
  }
  if (field.type === "Date") return sql<SqlBool>`${column} ${op} ${value}::date`;
  if (field.type === "DateTime") return sql<SqlBool>`${column} ${op} ${value}::timestamptz`;
  if (field.type === "Number" || field.type === "Percent") return sql<SqlBool>`${column} ${op} ${value}::numeric`;
  if (field.type === "Bool") return sql<SqlBool>`${column} ${op} ${value}::boolean`;
  return sql<SqlBool>`${column}::text ${op} ${String(value)}`;
}

/** The relationship a join goes through: the one asked for, else the oldest between the two entities. */
function relationshipOf(
  relationships: Relationship[],
  one: EntityMetadata,
  two: EntityMetadata,
  id: string | undefined,
): Relationship | undefined {
  const joins = (r: Relationship) =>
    (r.schema1 === one.schemaKey &&
      r.key1 === one.tableKey &&
      r.schema2 === two.schemaKey &&
      r.key2 === two.tableKey) ||
    (r.schema1 === two.schemaKey && r.key1 === two.tableKey && r.schema2 === one.schemaKey && r.key2 === one.tableKey);
  return relationships.find((r) => joins(r) && (id === undefined || id === "" || r.id === id));
}

/** The link table's column holding `entity`'s record ids. */
function linkColumn(relationship: Relationship, entity: EntityMetadata): string {
  const first = relationship.schema1 === entity.schemaKey && relationship.key1 === entity.tableKey;
  return safe(first ? relationship.column1 : relationship.column2);
}

function sortExpression(field: FieldDefinition, ref: string) {
  return FOLDED.has(field.type) ? sql<unknown>`lower(${sql.ref(ref)})` : sql<unknown>`${sql.ref(ref)}`;
}

/**
 * Compiles a definition for `actor`: 400 (a field error on the definition's path, as Conform names it) for a name
 * the metadata does not know, a hidden or inactive field, or a value that does not fit; 403 for an entity the actor
 * may not read, or a join through the company–contact links without the CRM right. For the widget work: `db.selectFrom(source.builder.as("source"))` aggregates over its output columns,
 * found by `columns` (key, type, labels → alias); `options` adds a viewer's filters or a record's id.
 */
export async function compileSource(
  db: Kysely<Database>,
  actor: Actor,
  definition: QueryDefinition,
  options: SourceOptions = {},
): Promise<CompiledSource> {
  const entities: SourceEntity[] = [];
  for (const [index, item] of definition.entities.entries()) {
    const entity = await readableEntity(db, actor, item.schemaName, item.tableName, `entities.${index}.tableName`);
    const name = `${entity.schemaKey}.${entity.tableKey}`;
    if (entities.some((other) => other.name === name)) {
      throw invalid(`entities.${index}.tableName`, advancedSearchTexts.entityTwice);
    }
    entities.push({ entity, name, idAlias: `r${index}` });
  }
  const indexOf = (schemaName: string | undefined, table: string | undefined) =>
    entities.findIndex((item) => item.name === `${schemaName}.${table}`);

  // Joins, in an order where each reaches from an entity already in the select.
  const relationships = await cachedRelationships(db);
  const pending = definition.joins.map((join, index) => {
    const one = indexOf(join.schema1Name, join.table1Name);
    const two = indexOf(join.schema2Name, join.table2Name);
    if (one < 0 || two < 0 || one === two)
      throw invalid(`joins.${index}.table2Name`, advancedSearchTexts.joinUnknownEntity);
    const relationship = relationshipOf(
      relationships,
      (entities[one] as SourceEntity).entity,
      (entities[two] as SourceEntity).entity,
      join.relationshipId,
    );
    if (!relationship) throw invalid(`joins.${index}.table2Name`, advancedSearchTexts.noRelationship);
    // A join reads the links: the company–contact ones need the CRM right, as on the record pages.
    if (!readsLinksOf(actor, relationship)) requirePermission(actor, "Read", CRM_LINKS);
    return { index, one, two, relationship, outer: join.joinType === "LEFT OUTER" };
  });

  const main = entities[0] as SourceEntity;
  let builder: SelectQueryBuilder<any, any, any> = (db as unknown as Kysely<any>).selectFrom(
    `${tableName(main.entity)} as e0`,
  );
  const reached = new Set([0]);
  while (pending.length > 0) {
    // A LEFT OUTER join keeps its first entity's records: it is made from that side, once that one is in the select.
    const next = pending.findIndex((join) => reached.has(join.one) || (!join.outer && reached.has(join.two)));
    if (next < 0) break;
    const [join] = pending.splice(next, 1);
    if (!join) break;
    const { relationship } = join;
    const link = `${safe(relationship.linkSchema)}.${safe(relationship.linkTable)}`;
    const alias = `l${join.index}`;
    const from = reached.has(join.one) ? join.one : join.two;
    const to = from === join.one ? join.two : join.one;
    const fromColumn = linkColumn(relationship, (entities[from] as SourceEntity).entity);
    const toColumn = linkColumn(relationship, (entities[to] as SourceEntity).entity);
    if (reached.has(to)) {
      // Both already joined: the link must hold this pair too.
      builder = builder.innerJoin(`${link} as ${alias}`, (on) =>
        on.onRef(`${alias}.${fromColumn}`, "=", `e${from}.id`).onRef(`${alias}.${toColumn}`, "=", `e${to}.id`),
      );
    } else {
      const target = (entities[to] as SourceEntity).entity;
      builder = join.outer
        ? builder
            .leftJoin(`${link} as ${alias}`, `${alias}.${fromColumn}`, `e${from}.id`)
            .leftJoin(`${tableName(target)} as e${to}`, `e${to}.id`, `${alias}.${toColumn}`)
        : builder
            .innerJoin(`${link} as ${alias}`, `${alias}.${fromColumn}`, `e${from}.id`)
            .innerJoin(`${tableName(target)} as e${to}`, `e${to}.id`, `${alias}.${toColumn}`);
      reached.add(to);
    }
  }
  for (const [index] of entities.entries()) {
    if (!reached.has(index)) throw invalid(`entities.${index}.tableName`, advancedSearchTexts.notJoined);
  }

  const resultColumns: SourceColumn[] = [];
  const conditions: Expression<SqlBool>[] = [];
  let stored = 0;
  for (const [index, item] of definition.entities.entries()) {
    const { entity, name } = entities[index] as SourceEntity;
    const seen = new Set<string>();
    for (const [position, selected] of item.selectedFields.entries()) {
      const field = shownField(entity, selected.key, `entities.${index}.selectedFields.${position}.key`);
      if (seen.has(field.key)) continue;
      seen.add(field.key);
      resultColumns.push({
        key: `${name}.${field.key}`,
        schemaName: entity.schemaKey,
        tableName: entity.tableKey,
        field: field.key,
        labelEn: field.labelEn,
        labelNb: field.labelNb,
        entityLabelEn: entity.labelEn,
        entityLabelNb: entity.labelNb,
        type: field.type,
        options: (field.settings.options ?? []).map(({ value, labelEn, labelNb }) => ({ value, labelEn, labelNb })),
        alias: isStored(field) ? `c${stored++}` : "",
        entityIndex: index,
        definition: field,
      });
    }
    for (const [position, filter] of item.filters.entries()) {
      const path = `entities.${index}.filters.${position}`;
      const field = shownField(entity, filter.field, `${path}.field`);
      conditions.push(condition(field, `e${index}.${field.key}`, filter, path));
    }
    const range = item.dateFilter;
    if (range?.field) {
      const path = `entities.${index}.dateFilter`;
      const field = shownField(entity, range.field, `${path}.field`);
      if (!(dateFilterTypes as readonly string[]).includes(field.type)) {
        throw invalid(`${path}.field`, advancedSearchTexts.notDateField);
      }
      const from = range.from ?? "";
      const to = range.to ?? "";
      if (!isDate(from)) throw invalid(`${path}.from`, advancedSearchTexts.notADate);
      if (!isDate(to)) throw invalid(`${path}.to`, advancedSearchTexts.notADate);
      if (from > to) throw invalid(`${path}.to`, advancedSearchTexts.fromBeforeTo);
      if (from.slice(0, 4) !== to.slice(0, 4)) throw invalid(`${path}.to`, advancedSearchTexts.sameYear);
      const column = sql.ref(`e${index}.${field.key}`);
      const day = field.type === "DateTime" ? sql`(${column} at time zone 'UTC')::date` : column;
      conditions.push(sql<SqlBool>`${day} between ${from}::date and ${to}::date`);
    }
  }

  for (const [position, extra] of (options.conditions ?? []).entries()) {
    const path = `conditions.${position}`;
    const index = indexOf(extra.schemaName, extra.tableName);
    if (index < 0) throw invalid(`${path}.tableName`, advancedSearchTexts.unknownEntity);
    const field = shownField((entities[index] as SourceEntity).entity, extra.field, `${path}.field`);
    conditions.push(condition(field, `e${index}.${field.key}`, extra, path));
  }
  if (options.recordId) {
    const index = indexOf(options.recordId.schemaName, options.recordId.tableName);
    if (index < 0) throw invalid("recordId", advancedSearchTexts.unknownEntity);
    if (!isUuid(options.recordId.id)) throw new DomainError(404, "NotFoundException", notFoundTexts.record);
    conditions.push(sql<SqlBool>`${sql.ref(`e${index}.id`)} = ${options.recordId.id}::uuid`);
  }

  let sort: CompiledSource["sort"] = null;
  const sortBy = definition.sort;
  if (sortBy?.field) {
    const index = indexOf(sortBy.schemaName, sortBy.tableName);
    if (index < 0) throw invalid("sort.tableName", advancedSearchTexts.joinUnknownEntity);
    const field = shownField((entities[index] as SourceEntity).entity, sortBy.field, "sort.field");
    if (!isSortable(field.type)) throw invalid("sort.field", advancedSearchTexts.notSortable);
    builder = builder.select(sortExpression(field, `e${index}.${field.key}`).as("s"));
    sort = { direction: sortBy.direction === "desc" ? "desc" : "asc" };
  }

  builder = builder.select(entities.map((_, index) => sql.ref(`e${index}.id`).as(`r${index}`)));
  const columns = resultColumns.filter((column) => column.alias !== "");
  if (columns.length > 0) {
    builder = builder.select(
      columns.map((column) => sql.ref(`e${column.entityIndex}.${column.definition.key}`).as(column.alias)),
    );
  }
  if (conditions.length > 0) builder = builder.where((eb) => eb.and(conditions));
  return {
    builder,
    columns,
    queryColumns: resultColumns.filter((column) => column.alias === ""),
    resultColumns,
    entities,
    sort,
  };
}

/** The source's page in its order: the sort field's (empty values last), then the records' ids. */
export function sourcePage(db: Kysely<Database>, source: CompiledSource, page: number, size: number): CompiledQuery {
  let query = (db as unknown as Kysely<any>).selectFrom(source.builder.as("source")).selectAll();
  if (source.sort) {
    query = query.orderBy(sql`${sql.ref("source.s")} ${sql.raw(source.sort.direction)} nulls last`);
  }
  for (const entity of source.entities) query = query.orderBy(`source.${entity.idAlias}`);
  return query
    .offset(page * size)
    .limit(size)
    .compile();
}

/** How many rows the source gives. */
export function sourceCount(db: Kysely<Database>, source: CompiledSource): CompiledQuery {
  return (db as unknown as Kysely<any>)
    .selectFrom(source.builder.as("source"))
    .select((eb) => eb.fn.countAll().as("total"))
    .compile();
}

/** Whether the source gives a row at all: one row at the most. */
export function sourceProbe(db: Kysely<Database>, source: CompiledSource): CompiledQuery {
  return (db as unknown as Kysely<any>)
    .selectFrom(source.builder.as("source"))
    .select(sql`1`.as("one"))
    .limit(1)
    .compile();
}
