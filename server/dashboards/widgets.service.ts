import type { Kysely } from "kysely";
import { type Actor, can, requirePermission } from "../auth/permissions.ts";
import {
  DATASOURCE_IN_USE_EXCEPTION,
  DATASOURCE_IN_USE_TEXT,
  dashboardTexts,
  FILTER_VALUES_MAX,
  type FilterOperation,
  type FilterValue,
  operationsWithoutParameter,
  WIDGET_LIST_ALL_PAGE,
  type WidgetDataInput,
  type WidgetDto,
  type WidgetInput,
  type WidgetPage,
  type WidgetPreviewInput,
} from "../contract/dashboards.ts";
import type { WidgetData } from "../contract/widget-data.ts";
import type { Database, WidgetConfigurationColumn } from "../db/schema.ts";
import { containsPattern, isUuid } from "../db/values.ts";
import { DomainError } from "../http/errors.ts";
import { TtlCache } from "../shared/ttl-cache.ts";
import * as repo from "./dashboards.repository.ts";
import { type LoadedSource, loadSource, runLimited } from "./sources.ts";
import {
  automaticDateLabel,
  type Condition,
  chartScan,
  checkAgainstColumns,
  computeWidgetData,
  type DataRequest,
  distinctValues,
  WidgetStatements,
} from "./widget-data.ts";

const WIDGET = "Widget";
/** The most widgets one list answers, the spec's "every widget" page included. */
const WIDGET_LIST_MAX = 10_000;

export function widgetNotFound(): DomainError {
  return new DomainError(404, "NotFoundException", dashboardTexts.widgetNotFound);
}

function invalid(field: string, message: string): DomainError {
  return new DomainError(400, "MethodArgumentNotValidException", message, [
    { field, defaultMessage: message, objectName: "widget" },
  ]);
}

export function toWidgetDto(row: repo.WidgetRow): WidgetDto {
  const configuration = row.configuration;
  const single = configuration.singleNumberConfiguration;
  return {
    uuid: row.id,
    name: row.name,
    description: row.description,
    widgetConfiguration: {
      type: configuration.widgetConfiguration.type as WidgetDto["widgetConfiguration"]["type"],
      datasourceUuidKey: row.datasource_id,
      customizableFilterFields: configuration.widgetConfiguration.customizableFilterFields,
      filters: configuration.widgetConfiguration.filters.map((filter) => ({
        ...filter,
        operation: filter.operation as FilterOperation,
      })),
    },
    singleNumberConfiguration: single
      ? {
          aggregationFunction: single.aggregationFunction as "COUNT",
          field: single.field,
        }
      : null,
    countLabelConfiguration: configuration.countLabelConfiguration as WidgetDto["countLabelConfiguration"],
    groupBy: configuration.groupBy as WidgetDto["groupBy"],
    tableSorting: configuration.tableSorting,
    datasource: { uuid: row.datasource_id, name: row.datasource_name },
    dashboards: row.dashboards.map((dashboard) => ({ uuid: dashboard.id, name: dashboard.name })),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The stored model: what the type does not use is left out, so that a type change leaves nothing stale behind. */
function configurationOf(input: WidgetInput): WidgetConfigurationColumn {
  const type = input.widgetConfiguration.type;
  const chart = type !== "KPI" && type !== "TABLE";
  return {
    widgetConfiguration: {
      type,
      datasourceUuidKey: input.widgetConfiguration.datasourceUuidKey,
      customizableFilterFields: [...new Set(input.widgetConfiguration.customizableFilterFields)],
      filters: input.widgetConfiguration.filters.map((filter) => ({
        field: filter.field,
        operation: filter.operation,
        paramValue:
          operationsWithoutParameter.includes(filter.operation) || filter.isParamUserField
            ? null
            : (filter.paramValue ?? null) || null,
        isParamUserField: filter.isParamUserField,
        isParamUserAccessible: filter.isParamUserAccessible,
      })),
    },
    singleNumberConfiguration:
      type === "KPI" && input.singleNumberConfiguration?.aggregationFunction
        ? {
            aggregationFunction: input.singleNumberConfiguration.aggregationFunction,
            field: input.singleNumberConfiguration.field || null,
          }
        : null,
    countLabelConfiguration: chart && input.countLabelConfiguration ? input.countLabelConfiguration : null,
    groupBy: chart ? (input.groupBy ?? null) : null,
    tableSorting: type === "TABLE" ? input.tableSorting : [],
  };
}

export async function listWidgets(
  db: Kysely<Database>,
  actor: Actor,
  query: { page: number; size: number; q?: string },
): Promise<WidgetPage> {
  requirePermission(actor, "Read", WIDGET);
  const all = query.page === WIDGET_LIST_ALL_PAGE;
  const size = all ? WIDGET_LIST_MAX : query.size;
  const page = all ? 0 : query.page;
  const q = query.q && query.q.length >= 3 ? containsPattern(query.q) : undefined;
  const { rows, total } = await repo.pageWidgets(db, q, page * size, size);
  return {
    content: rows.map(toWidgetDto),
    page,
    size: all ? Math.max(total, 1) : size,
    totalElements: total,
    totalPages: all ? 1 : Math.ceil(total / size),
  };
}

export async function getWidget(db: Kysely<Database>, actor: Actor, id: string): Promise<WidgetDto> {
  requirePermission(actor, "Read", WIDGET);
  const row = isUuid(id) ? await repo.findWidget(db, id) : undefined;
  if (!row) throw widgetNotFound();
  return toWidgetDto(row);
}

/** The data source must exist and be readable by the builder, and name every field the widget uses. */
async function checkedConfiguration(db: Kysely<Database>, actor: Actor, input: WidgetInput) {
  const configuration = configurationOf(input);
  const source = await loadSource(db, actor, input.widgetConfiguration.datasourceUuidKey, {
    missing: () => invalid("widgetConfiguration.datasourceUuidKey", dashboardTexts.datasourceNotFound),
  });
  checkAgainstColumns(configuration, input.widgetConfiguration.type, source.select.columns);
  return { configuration, source };
}

export async function createWidget(db: Kysely<Database>, actor: Actor, input: WidgetInput): Promise<WidgetDto> {
  requirePermission(actor, "Create", WIDGET);
  const { configuration } = await checkedConfiguration(db, actor, input);
  const id = await repo.insertWidget(db, {
    name: input.name,
    description: input.description,
    type: input.widgetConfiguration.type,
    datasource_id: input.widgetConfiguration.datasourceUuidKey,
    configuration: JSON.stringify(configuration),
    created_by: actor.id,
  });
  return getWidget(db, actor, id);
}

export async function changeWidget(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  input: WidgetInput,
): Promise<WidgetDto> {
  requirePermission(actor, "Update", WIDGET);
  if (!isUuid(id) || !(await repo.findWidget(db, id))) throw widgetNotFound();
  const { configuration } = await checkedConfiguration(db, actor, input);
  const changed = await repo.updateWidget(db, id, {
    name: input.name,
    description: input.description,
    type: input.widgetConfiguration.type,
    datasource_id: input.widgetConfiguration.datasourceUuidKey,
    configuration: JSON.stringify(configuration),
  });
  if (!changed) throw widgetNotFound();
  return getWidget(db, actor, id);
}

/** Deletes a widget; its places on dashboards go with it. */
export async function deleteWidget(db: Kysely<Database>, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "Delete", WIDGET);
  if (!isUuid(id) || !(await repo.deleteWidget(db, id))) throw widgetNotFound();
}

/**
 * The refusal a data source's change or deletion meets while a widget uses it (spec §8): the data source API calls
 * this before its PUT and DELETE.
 */
export async function refuseDatasourceInUse(db: Kysely<Database>, datasourceId: string): Promise<void> {
  if (await repo.datasourceInUse(db, datasourceId)) {
    throw new DomainError(409, DATASOURCE_IN_USE_EXCEPTION, DATASOURCE_IN_USE_TEXT);
  }
}

/**
 * The conditions a viewer's data is computed with: the widget's fixed filters; "current user" filters compare with
 * the viewer's id; an adjustable filter takes the viewer's value when they give one (an empty one, or none with no
 * stored value, leaves it out); a customizable field the viewer gives a value for must equal it.
 */
function conditionsOf(
  configuration: WidgetConfigurationColumn,
  source: LoadedSource,
  actor: Actor,
  filterValues: WidgetDataInput["filterValues"],
): Condition[] {
  const byKey = new Map(source.select.columns.map((column) => [column.key, column]));
  const given = new Map(filterValues.map((entry) => [entry.field, entry.value]));
  const used = new Set<string>();
  const conditions: Condition[] = [];
  for (const filter of configuration.widgetConfiguration.filters) {
    const column = byKey.get(filter.field);
    if (!column) continue;
    const operation = filter.operation as FilterOperation;
    if (operationsWithoutParameter.includes(operation)) {
      conditions.push({ column, operation, value: null });
      continue;
    }
    if (filter.isParamUserField) {
      conditions.push({ column, operation, value: actor.id });
      continue;
    }
    let value = filter.paramValue;
    if (filter.isParamUserAccessible && given.has(filter.field)) {
      value = given.get(filter.field) ?? null;
      used.add(filter.field);
    }
    if (value) conditions.push({ column, operation, value });
  }
  const customizable = new Set(configuration.widgetConfiguration.customizableFilterFields);
  filterValues.forEach((entry, index) => {
    if (used.has(entry.field)) return;
    const column = byKey.get(entry.field);
    if (!column || !customizable.has(entry.field)) {
      throw invalid(`filterValues.${index}.field`, dashboardTexts.notFilterable);
    }
    if (entry.value) conditions.push({ column, operation: "=", value: entry.value });
  });
  return conditions;
}

/** Widget data per configuration, viewer's choices and the versions of the tables the source reads. */
const DATA_CACHE_MS = 10 * 60_000;
const DATA_CACHE_ENTRIES = 2_000;
const dataCaches = new WeakMap<object, TtlCache<WidgetData>>();
/** A viewer's choices for an adjustable filter, kept as the data is: each dashboard view asks for them. */
const valueCaches = new WeakMap<object, TtlCache<FilterValue[]>>();

function cacheOf<V>(caches: WeakMap<object, TtlCache<V>>, db: Kysely<Database>): TtlCache<V> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TtlCache(DATA_CACHE_MS, DATA_CACHE_ENTRIES);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The versions of every record table a source reads and of the link tables that join them, read BEFORE the data:
 * a result is then never older than the versions it is kept under, and any later write shows as another key.
 */
async function versionsOf(db: Kysely<Database>, source: LoadedSource): Promise<string> {
  const tables = source.tables.map((table) => `${table.schema}.${table.table}`);
  const rows = await repo.recordTableVersions(db, tables);
  return rows.map((row) => `${row.name}@${row.version}`).join(",");
}

export interface DataOptions {
  input: WidgetDataInput;
  /** Only rows joined to this record count (the record's dashboard tab). */
  record?: { schema: string; table: string; id: string };
  /** The widget's data source, when the caller has loaded it already. */
  source?: LoadedSource;
}

/** Runs one request's widget statements under the widgets' limits (sources.ts `runLimited`). */
export function widgetStatements(db: Kysely<Database>): WidgetStatements {
  return new WidgetStatements(db, (work) => runLimited(db, work));
}

/** A widget's data for a viewer, ready to compute: the key it is kept under, and its statements. */
export interface PreparedData {
  key: string;
  /** Adds a chart's scan to the statements, before any widget of the view computes, so that charts may share it. */
  plan: (statements: WidgetStatements) => void;
  compute: (statements: WidgetStatements) => Promise<WidgetData>;
}

/** Checks a widget against its source for a viewer, and keys its data; a source they may not read is 403. */
export async function prepareData(
  db: Kysely<Database>,
  actor: Actor,
  widget: repo.WidgetRow,
  options: DataOptions,
): Promise<PreparedData> {
  const source = options.source ?? (await loadSource(db, actor, widget.datasource_id));
  const configuration = widget.configuration;
  checkAgainstColumns(configuration, widget.type, source.select.columns);
  const conditions = conditionsOf(configuration, source, actor, options.input.filterValues);
  let record: { alias: string; id: string } | null = null;
  if (options.record) {
    const alias = source.select.recordIdAliases[`${options.record.schema}.${options.record.table}`];
    if (!alias) throw new DomainError(400, "BadRequestException", dashboardTexts.notInSource);
    record = { alias, id: options.record.id };
  }
  const { input } = options;
  const versions = await versionsOf(db, source);
  const request: DataRequest = {
    type: widget.type,
    configuration,
    conditions,
    record,
    page: input.page,
    size: input.size,
    lang: input.lang,
  };
  return {
    key: JSON.stringify([
      widget.id,
      new Date(widget.updated_at).getTime(),
      source.id,
      source.updatedAt,
      versions,
      conditions.map((condition) => [condition.column.key, condition.operation, condition.value]),
      record,
      widget.type === "TABLE" ? [input.page, input.size] : null,
      input.lang,
    ]),
    plan: (statements) => {
      // A chart whose dates group by their range knows its statement only once the range is read.
      if (widget.type !== "KPI" && widget.type !== "TABLE" && !automaticDateLabel(source.select, request)) {
        statements.plan(chartScan(source.select, request).scan);
      }
    },
    compute: (statements) => computeWidgetData(statements, source.select, request),
  };
}

/** The widget's data kept under its key, else computed with the given statements. */
export function keptData(db: Kysely<Database>, prepared: PreparedData, statements: WidgetStatements) {
  return cacheOf(dataCaches, db).get(prepared.key, () => prepared.compute(statements));
}

/** Computes (or finds kept) a widget's data for a viewer; a data source naming an entity they may not read is 403. */
export async function dataOf(
  db: Kysely<Database>,
  actor: Actor,
  widget: repo.WidgetRow,
  options: DataOptions,
): Promise<WidgetData> {
  return keptData(db, await prepareData(db, actor, widget, options), widgetStatements(db));
}

/**
 * The builder's preview: the widget as configured, not saved, computed for the builder with no viewer's choices and
 * nothing kept (its configuration has no id to keep it under).
 */
export async function previewWidget(
  db: Kysely<Database>,
  actor: Actor,
  input: WidgetPreviewInput,
): Promise<WidgetData> {
  if (!can(actor, "Create", WIDGET) && !can(actor, "Update", WIDGET)) requirePermission(actor, "Create", WIDGET);
  const { configuration, source } = await checkedConfiguration(db, actor, input.widget);
  return computeWidgetData(widgetStatements(db), source.select, {
    type: input.widget.widgetConfiguration.type,
    configuration,
    conditions: conditionsOf(configuration, source, actor, []),
    record: null,
    page: input.page,
    size: input.size,
    lang: input.lang,
  });
}

export async function widgetData(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  input: WidgetDataInput,
): Promise<WidgetData> {
  requirePermission(actor, "Read", WIDGET);
  const widget = isUuid(id) ? await repo.findWidget(db, id) : undefined;
  if (!widget) throw widgetNotFound();
  return dataOf(db, actor, widget, { input });
}

/** The values a viewer may choose for one of the widget's adjustable filter fields or customizable fields. */
export async function filterValues(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  field: string,
  query: { q?: string; lang: "en" | "nb" },
): Promise<FilterValue[]> {
  requirePermission(actor, "Read", WIDGET);
  const widget = isUuid(id) ? await repo.findWidget(db, id) : undefined;
  if (!widget) throw widgetNotFound();
  const { widgetConfiguration } = widget.configuration;
  const adjustable =
    widgetConfiguration.customizableFilterFields.includes(field) ||
    widgetConfiguration.filters.some((filter) => filter.field === field && filter.isParamUserAccessible);
  if (!adjustable) throw new DomainError(404, "NotFoundException", dashboardTexts.unknownField);
  const source = await loadSource(db, actor, widget.datasource_id);
  const column = source.select.columns.find((candidate) => candidate.key === field);
  if (!column || column.type === "Query") throw new DomainError(404, "NotFoundException", dashboardTexts.unknownField);
  const q = query.q?.trim();
  const key = JSON.stringify([
    widget.id,
    new Date(widget.updated_at).getTime(),
    source.id,
    source.updatedAt,
    await versionsOf(db, source),
    field,
    q,
    query.lang,
  ]);
  return cacheOf(valueCaches, db).get(key, () =>
    runLimited(db, (trx) => distinctValues(trx, source.select, column, q, query.lang, FILTER_VALUES_MAX)),
  );
}
