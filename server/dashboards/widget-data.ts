import { type Kysely, type RawBuilder, sql } from "kysely";
import { advancedSearchTexts, operationsByType } from "../contract/advanced-search.ts";
import { dashboardTexts, type FilterOperation, WIDGET_LABELS_MAX } from "../contract/dashboards.ts";
import { decimalText } from "../contract/decimal-input.ts";
import type { FieldType } from "../contract/fields.ts";
import type {
  AggregationFunction,
  ChartWidgetType,
  DateGrouping,
  WidgetColumn,
  WidgetData,
  WidgetLabel,
} from "../contract/widget-data.ts";
import type { Database, WidgetConfigurationColumn } from "../db/schema.ts";
import { DomainError } from "../http/errors.ts";

/**
 * A widget's data (spec §3 Widget): aggregates over its data source's compiled select, used as a subquery named
 * `source`. Every identifier is a column alias the compiler made from metadata; every value is a bound parameter.
 */

export interface SourceColumn {
  /** "table.field", as the data source's fields list it and the widget's configuration names it. */
  key: string;
  /** The column's name in the compiled select. */
  alias: string;
  type: FieldType;
  labelEn: string;
  labelNb: string;
  options: { value: string; labelEn: string; labelNb: string }[];
}

/** A data source compiled for one viewer: its select, its columns, and its entities' record id columns. */
export interface SourceSelect {
  /** The select; usable as a subquery. */
  select: RawBuilder<unknown>;
  columns: SourceColumn[];
  recordIdAliases: Record<string, string>;
}

/** One condition on a source column: the operation and its bound value (none for the four without one). */
export interface Condition {
  column: SourceColumn;
  operation: FilterOperation;
  value: string | null;
}

export interface DataRequest {
  type: string;
  configuration: WidgetConfigurationColumn;
  conditions: Condition[];
  /** Only rows joined to this record count (its record id column's alias, and the id). */
  record: { alias: string; id: string } | null;
  page: number;
  size: number;
  lang: "en" | "nb";
}

const COMPARISONS = new Set<string>(["=", "<", ">", ">=", "<=", "<>"]);
const TEXT_TYPES = new Set<FieldType>(["Text", "LongText", "Email", "Phone", "Url", "List"]);
const NUMBER_TYPES = new Set<FieldType>(["Number", "Percent"]);
const DATE_TYPES = new Set<FieldType>(["Date", "DateTime"]);

function ref(alias: string) {
  return sql.id("source", alias);
}

function invalid(field: string, message: string): DomainError {
  return new DomainError(400, "MethodArgumentNotValidException", message, [
    { field, defaultMessage: message, objectName: "widget" },
  ]);
}

/** The value as the column's type, so that comparisons use the column's order, not text's. */
function typed(column: SourceColumn, value: string, field: string): RawBuilder<unknown> {
  switch (column.type) {
    case "Number":
    case "Percent": {
      // Typed by an administrator or a viewer of either language: "12,5" and "1 000" read as a Norwegian writes
      // them, as the advanced search's filters do; a point is a decimal point in both.
      const number = decimalText(value, "nb");
      if (!/^-?\d+(\.\d+)?$/.test(number)) throw invalid(field, "Must be a number");
      return sql`${number}::numeric`;
    }
    case "Date":
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) throw invalid(field, "Must be a date");
      return sql`${value}::date`;
    case "DateTime":
      if (Number.isNaN(Date.parse(value))) throw invalid(field, "Must be a date");
      return sql`${value}::timestamptz`;
    case "Bool":
      if (value !== "true" && value !== "false") throw invalid(field, "Must be one of the options");
      return sql`${value === "true"}::boolean`;
    default:
      return sql`${value}::text`;
  }
}

/** One condition as SQL; text compares without regard to case, as the record lists' filters do. */
export function conditionSql(condition: Condition, field: string): RawBuilder<boolean> {
  const { column, operation } = condition;
  const column_ = ref(column.alias);
  switch (operation) {
    case "IS NULL":
      return column.type === "MultiSelect"
        ? sql<boolean>`coalesce(cardinality(${column_}), 0) = 0`
        : sql<boolean>`${column_} is null`;
    case "IS NOT NULL":
      return column.type === "MultiSelect"
        ? sql<boolean>`cardinality(${column_}) > 0`
        : sql<boolean>`${column_} is not null`;
    case "IS TRUE":
      return sql<boolean>`${column_} is true`;
    case "IS NOT TRUE":
      return sql<boolean>`${column_} is not true`;
  }
  const value = condition.value ?? "";
  if (column.type === "MultiSelect") {
    if (operation === "=") return sql<boolean>`${value}::text = any(${column_})`;
    if (operation === "<>") return sql<boolean>`not (${value}::text = any(coalesce(${column_}, '{}')))`;
    throw invalid(field, "This operation does not fit the field");
  }
  if (operation === "ILIKE") return sql<boolean>`${column_}::text ilike ${value}::text`;
  const text = TEXT_TYPES.has(column.type) && column.type !== "List";
  // A List names its option by id, which some tables keep as a uuid (a user, a group, a status).
  const left = text ? sql`lower(${column_})` : column.type === "List" ? sql`${column_}::text` : column_;
  const right = text ? sql`lower(${value}::text)` : typed(column, value, field);
  // The operator is one of six fixed words, never the request's text.
  if (!COMPARISONS.has(operation)) throw invalid(field, advancedSearchTexts.operationNotForType);
  return sql<boolean>`${left} ${sql.raw(operation)} ${right}`;
}

function aggregate(fn: AggregationFunction, column: SourceColumn | undefined): RawBuilder<unknown> {
  if (!column) return sql`count(*)`;
  const column_ = ref(column.alias);
  switch (fn) {
    case "COUNT":
      return column.type === "MultiSelect"
        ? sql`count(*) filter (where cardinality(${column_}) > 0)`
        : sql`count(${column_})`;
    case "SUM":
      return sql`sum(${column_})`;
    case "AVG":
      return sql`avg(${column_})`;
    case "MIN":
      return sql`min(${column_})`;
    case "MAX":
      return sql`max(${column_})`;
  }
}

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

const truncUnits: Record<DateGrouping, string> = {
  DAY: "day",
  WEEK: "week",
  MONTH: "month",
  QUARTER: "quarter",
  YEAR: "year",
};

function optionText(column: SourceColumn, value: string, lang: "en" | "nb"): string {
  const option = column.options.find((candidate) => candidate.value === value);
  if (!option) return value;
  return lang === "nb" ? option.labelNb : option.labelEn;
}

function columnLabel(column: SourceColumn, lang: "en" | "nb"): string {
  return lang === "nb" ? column.labelNb : column.labelEn;
}

/** The checks a widget's configuration passes against its data source's columns, at save and at every read. */
export function checkAgainstColumns(configuration: WidgetConfigurationColumn, type: string, columns: SourceColumn[]) {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const known = (key: string, field: string) => {
    const column = byKey.get(key);
    if (!column || column.type === "Query") throw invalid(field, dashboardTexts.unknownField);
    return column;
  };
  const measure = (fn: string, key: string | null | undefined, field: string) => {
    if (!key) return;
    const column = known(key, field);
    if (fn !== "COUNT" && !NUMBER_TYPES.has(column.type)) throw invalid(field, dashboardTexts.numberField);
  };
  const { widgetConfiguration, singleNumberConfiguration, countLabelConfiguration, tableSorting } = configuration;
  for (const [index, filter] of widgetConfiguration.filters.entries()) {
    const column = known(filter.field, `widgetConfiguration.filters.${index}.field`);
    if (!operationsByType[column.type].includes(filter.operation as FilterOperation)) {
      throw invalid(`widgetConfiguration.filters.${index}.operation`, advancedSearchTexts.operationNotForType);
    }
  }
  for (const [index, key] of widgetConfiguration.customizableFilterFields.entries()) {
    known(key, `widgetConfiguration.customizableFilterFields.${index}`);
  }
  if (type === "KPI" && singleNumberConfiguration) {
    measure(
      singleNumberConfiguration.aggregationFunction,
      singleNumberConfiguration.field,
      "singleNumberConfiguration.field",
    );
  }
  if (type !== "KPI" && type !== "TABLE" && countLabelConfiguration) {
    known(countLabelConfiguration.labelField, "countLabelConfiguration.labelField");
    for (const [index, value] of countLabelConfiguration.countConfigurations.entries()) {
      const field = `countLabelConfiguration.countConfigurations.${index}.countField`;
      measure(value.countAggregationFunction, value.countField, field);
    }
  }
  if (type === "TABLE") {
    for (const [index, sorting] of tableSorting.entries()) known(sorting.field, `tableSorting.${index}.field`);
  }
}

function where(request: DataRequest): RawBuilder<unknown> {
  const parts = request.conditions.map((condition, index) => conditionSql(condition, `filterValues.${index}`));
  if (request.record) parts.push(sql<boolean>`${ref(request.record.alias)} = ${request.record.id}::uuid`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/**
 * Runs statements on the database: in one read-only transaction under a statement timeout (sources.ts `runLimited`).
 * Statements given to separate calls may run at once, on separate connections.
 */
export type Runner = <T>(work: (db: Kysely<Database>) => Promise<T>) => Promise<T>;

/** One value a chart aggregates; equal keys are the same SQL. */
interface Aggregate {
  key: string;
  sql: RawBuilder<unknown>;
}

function aggregateOf(fn: AggregationFunction, column: SourceColumn | undefined): Aggregate {
  return { key: `${fn}(${column?.alias ?? "*"})`, sql: aggregate(fn, column) };
}

/** A chart's grouped statement, less the values it aggregates: charts whose statements are equal share one scan. */
interface ChartScan {
  statement: (aggregates: RawBuilder<unknown>[]) => RawBuilder<Record<string, unknown>>;
  aggregates: Aggregate[];
}

/**
 * Runs a dashboard view's widget statements. Charts grouping the same rows by the same label in the same order differ
 * only in what they aggregate (a count by stage and a sum by stage, say), so each such group is one statement holding
 * every member's aggregates: the rows are read once. A view first `plan`s each widget, then computes them; a
 * statement runs when its first member asks, so members whose data is kept add no more than a column.
 */
export class WidgetStatements {
  private readonly scans = new Map<
    string,
    {
      statement: ChartScan["statement"];
      aggregates: Map<string, RawBuilder<unknown>>;
      rows?: Promise<Record<string, unknown>[]>;
      /** The aggregates the rows hold. */
      read: Set<string>;
    }
  >();
  private readonly db: Kysely<Database>;
  readonly run: Runner;

  constructor(db: Kysely<Database>, run: Runner) {
    this.db = db;
    this.run = run;
  }

  /** Makes the chart's aggregates part of its scan's statement. */
  plan(scan: ChartScan) {
    const { sql: text, parameters } = scan.statement([]).compile(this.db);
    const key = JSON.stringify([text, parameters]);
    let entry = this.scans.get(key);
    if (!entry) {
      entry = { statement: scan.statement, aggregates: new Map(), read: new Set() };
      this.scans.set(key, entry);
    }
    for (const value of scan.aggregates) entry.aggregates.set(value.key, value.sql);
    return entry;
  }

  /** The scan's rows: `label`, and each aggregate under its key; read again for a chart planned after a read. */
  async rows(scan: ChartScan): Promise<Record<string, unknown>[]> {
    const entry = this.plan(scan);
    const { rows, read } = entry;
    if (rows && scan.aggregates.every((value) => read.has(value.key))) return rows;
    const keys = [...entry.aggregates.keys()];
    const statement = entry.statement(
      keys.map((aggregateKey, index) => sql`${entry.aggregates.get(aggregateKey)} as ${sql.ref(`a${index}`)}`),
    );
    entry.read = new Set(keys);
    entry.rows = this.run((db) => statement.execute(db)).then((result) =>
      result.rows.map((row) => ({
        label: row.label,
        ...Object.fromEntries(keys.map((aggregateKey, index) => [aggregateKey, row[`a${index}`]])),
      })),
    );
    return entry.rows;
  }
}

/** Computes the widget's data from the source; a table's page and its total run at once. */
export async function computeWidgetData(
  statements: WidgetStatements,
  source: SourceSelect,
  request: DataRequest,
): Promise<WidgetData> {
  const { run } = statements;
  const byKey = new Map(source.columns.map((column) => [column.key, column]));
  const from = sql`(${source.select}) as source`;
  const condition = where(request);
  const { configuration } = request;

  if (request.type === "KPI") {
    const single = configuration.singleNumberConfiguration;
    const fn = (single?.aggregationFunction ?? "COUNT") as AggregationFunction;
    const column = single?.field ? byKey.get(single.field) : undefined;
    const query = sql<{ value: unknown }>`select ${aggregate(fn, column)} as value from ${from} where ${condition}`;
    const { rows } = await run((db) => query.execute(db));
    return {
      type: "KPI",
      description: configuration.countLabelConfiguration?.description || "",
      aggregationFunction: fn,
      value: fn === "COUNT" ? (toNumber(rows[0]?.value) ?? 0) : toNumber(rows[0]?.value),
    };
  }

  if (request.type === "TABLE") return table(run, source, request, from, condition);

  const chart = chartScan(source, await withDateGrouping(run, source, request));
  return chart.data(await statements.rows(chart.scan));
}

/** The label column of a chart whose label is a date and whose grouping is left to the dates' range; else null. */
export function automaticDateLabel(source: SourceSelect, request: DataRequest): SourceColumn | null {
  const chart = request.configuration.countLabelConfiguration;
  if (request.type === "KPI" || request.type === "TABLE" || !chart || request.configuration.groupBy) return null;
  const column = source.columns.find((candidate) => candidate.key === chart.labelField);
  return column && DATE_TYPES.has(column.type) ? column : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The grouping that draws a range of dates (YYYY-MM-DD, first and last) as a readable number of points, at most about
 * fifty: days up to six weeks, weeks up to half a year, months up to four years, quarters up to twelve, then years.
 */
export function dateGroupingFor(first: string | null, last: string | null): DateGrouping {
  if (!first || !last) return "DAY";
  const days = (Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS;
  if (!Number.isFinite(days) || days <= 42) return "DAY";
  if (days <= 183) return "WEEK";
  if (days <= 4 * 366) return "MONTH";
  if (days <= 12 * 366) return "QUARTER";
  return "YEAR";
}

/**
 * A chart over dates with no grouping chosen gets one from the range of its dates (as the viewer's filters leave
 * them): a year of records reads as twelve months, not 365 crowded days.
 */
async function withDateGrouping(run: Runner, source: SourceSelect, request: DataRequest): Promise<DataRequest> {
  const labelColumn = automaticDateLabel(source, request);
  if (!labelColumn) return request;
  const column = ref(labelColumn.alias);
  const range = sql<{ first: string | null; last: string | null }>`select
      to_char(min(${column}), 'YYYY-MM-DD') as first, to_char(max(${column}), 'YYYY-MM-DD') as last
    from (${source.select}) as source where ${where(request)}`;
  const { rows } = await run((db) => range.execute(db));
  const groupBy = dateGroupingFor(rows[0]?.first ?? null, rows[0]?.last ?? null);
  return { ...request, configuration: { ...request.configuration, groupBy } };
}

/** A chart widget's scan, and how its rows become the widget's data. */
export function chartScan(source: SourceSelect, request: DataRequest) {
  const byKey = new Map(source.columns.map((column) => [column.key, column]));
  const { configuration, lang } = request;
  const chart = configuration.countLabelConfiguration;
  const labelColumn = chart ? byKey.get(chart.labelField) : undefined;
  if (!chart || !labelColumn) throw invalid("countLabelConfiguration.labelField", dashboardTexts.unknownField);
  const isDate = DATE_TYPES.has(labelColumn.type);
  // Dates are grouped by the chosen unit, else by one their range calls for (withDateGrouping); a chart planned before
  // its range is known reads days, as single instants make no chart.
  const grouping = isDate ? ((configuration.groupBy as DateGrouping | null) ?? "DAY") : null;
  const column = ref(labelColumn.alias);
  // Rows group by a value that sorts as itself; a date's label is its text. A Date truncates as a timestamp without a
  // time zone, which is a fifth cheaper than through one and gives the same day. The unit is a literal (one of five
  // fixed words): the label repeats the expression, and bound twice it would be two expressions to PostgreSQL.
  const group = grouping
    ? sql`date_trunc(${sql.lit(truncUnits[grouping])}, ${labelColumn.type === "Date" ? sql`${column}::timestamp` : column})`
    : labelColumn.type === "MultiSelect"
      ? sql`array_to_string(${column}, ',')`
      : column;
  const label = isDate ? sql`to_char(${group}, 'YYYY-MM-DD')` : group;
  const values = chart.countConfigurations.map((value) =>
    aggregateOf(
      value.countAggregationFunction as AggregationFunction,
      value.countField ? byKey.get(value.countField) : undefined,
    ),
  );
  const type = request.type as ChartWidgetType;
  // Dates read ascending and keep the latest buckets; lines over other labels follow the labels' order; the other
  // charts show the largest first.
  const order = isDate
    ? sql`${group} desc nulls last`
    : type === "LINE" || type === "MULTILINE"
      ? sql`${group} asc nulls last`
      : sql`${values[0]?.sql ?? sql`count(*)`} desc nulls last, ${group} asc nulls last`;
  const from = sql`(${source.select}) as source`;
  const condition = where(request);
  const scan: ChartScan = {
    aggregates: values,
    statement: (aggregates) =>
      sql<Record<string, unknown>>`select ${label} as label${
        aggregates.length > 0 ? sql`, ${sql.join(aggregates)}` : sql``
      } from ${from} where ${condition} group by ${group} order by ${order} limit ${WIDGET_LABELS_MAX}`,
  };
  const data = (scanned: Record<string, unknown>[]): WidgetData => {
    const rows = [...scanned];
    if (isDate) {
      rows.reverse();
      // The records without a date read last.
      rows.sort((a, b) => Number(a.label === null) - Number(b.label === null));
    }
    const labels: WidgetLabel[] = rows.map((row) => {
      const key = row.label === null || row.label === undefined ? null : String(row.label);
      // The web app names a grouped date in the viewer's language and format (the contract's WidgetLabel).
      const text =
        key === null || grouping ? null : labelColumn.type === "List" ? optionText(labelColumn, key, lang) : key;
      return { key, text };
    });
    return {
      type,
      labelTitle: columnLabel(labelColumn, lang),
      dateGrouping: grouping,
      labels,
      series: chart.countConfigurations.map((value, index) => ({
        key: `v${index}`,
        description: value.description,
        values: rows.map((row) => toNumber(row[values[index].key])),
      })),
    };
  };
  return { scan, data };
}

async function table(
  run: Runner,
  source: SourceSelect,
  request: DataRequest,
  from: RawBuilder<unknown>,
  condition: RawBuilder<unknown>,
): Promise<WidgetData> {
  const columns = source.columns.filter((column) => column.type !== "Query");
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const sorting = request.configuration.tableSorting
    .map((sort) => ({ column: byKey.get(sort.field), direction: sort.direction }))
    .filter((sort): sort is { column: SourceColumn; direction: "asc" | "desc" } => sort.column !== undefined)
    .map((sort) => sql`${ref(sort.column.alias)} ${sql.raw(sort.direction === "desc" ? "desc" : "asc")} nulls last`);
  // A stable order for paging: the source's record ids last.
  const ids = Object.values(source.recordIdAliases).map((alias) => sql`${ref(alias)}`);
  const order = [...sorting, ...ids];
  const selected = columns.map((column) => sql`${ref(column.alias)} as ${sql.id(column.alias)}`);
  const [page, total] = await Promise.all([
    run((db) =>
      sql<Record<string, unknown>>`select ${sql.join(selected)} from ${from} where ${condition}
        ${order.length > 0 ? sql`order by ${sql.join(order)}` : sql``}
        limit ${request.size} offset ${request.page * request.size}`.execute(db),
    ),
    run((db) => sql<{ n: number }>`select count(*)::int as n from ${from} where ${condition}`.execute(db)),
  ]);
  const widgetColumns: WidgetColumn[] = columns.map((column) => ({
    key: column.key,
    label: columnLabel(column, request.lang),
    type: column.type,
  }));
  const rows = page.rows.map((row) =>
    Object.fromEntries(
      columns.map((column) => {
        const value = row[column.alias];
        if (value === null || value === undefined) return [column.key, null];
        if (column.type === "List") return [column.key, optionText(column, String(value), request.lang)];
        if (column.type === "MultiSelect" && Array.isArray(value)) {
          return [column.key, value.map((item) => optionText(column, String(item), request.lang))];
        }
        if (value instanceof Date) return [column.key, value.toISOString()];
        if (NUMBER_TYPES.has(column.type)) return [column.key, toNumber(value)];
        return [column.key, value];
      }),
    ),
  );
  return {
    type: "TABLE",
    columns: widgetColumns,
    rows,
    page: request.page,
    size: request.size,
    totalElements: total.rows[0]?.n ?? 0,
  };
}

/** The distinct values of one source column a viewer may choose from (a dropdown's page). */
export async function distinctValues(
  db: Kysely<Database>,
  source: SourceSelect,
  column: SourceColumn,
  search: string | undefined,
  lang: "en" | "nb",
  limit: number,
): Promise<{ value: string; label: string }[]> {
  const from = sql`(${source.select}) as source`;
  const value =
    column.type === "MultiSelect"
      ? sql`unnest(${ref(column.alias)})`
      : column.type === "Date"
        ? sql`to_char(${ref(column.alias)}, 'YYYY-MM-DD')`
        : sql`${ref(column.alias)}::text`;
  const term = search && search.length >= 3 ? `%${search}%` : null;
  const { rows } = await sql<{ value: string }>`select distinct value from (select ${value} as value from ${from}) v
    where value is not null ${term ? sql`and value ilike ${term}` : sql``}
    order by value limit ${limit}`.execute(db);
  return rows.map((row) => ({
    value: row.value,
    label: column.type === "List" || column.type === "MultiSelect" ? optionText(column, row.value, lang) : row.value,
  }));
}
