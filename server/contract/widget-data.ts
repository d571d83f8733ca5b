/**
 * What a widget shows (spec §3 Widget): the API computes it from the widget's data source and configuration, and the
 * web app's charts draw it as it is. Chart types share one shape, a list of labels and one series of values per count
 * configuration, so a widget can change type without changing its data.
 */

export const widgetTypes = ["KPI", "LINE", "BAR", "GROUPED_BAR", "MULTILINE", "PIE", "TREE", "TABLE"] as const;
export type WidgetType = (typeof widgetTypes)[number];

/** The types drawn from labels and series. */
export const chartWidgetTypes = ["LINE", "BAR", "GROUPED_BAR", "MULTILINE", "PIE", "TREE"] as const;
export type ChartWidgetType = (typeof chartWidgetTypes)[number];

export const aggregationFunctions = ["COUNT", "SUM", "AVG", "MIN", "MAX"] as const;
export type AggregationFunction = (typeof aggregationFunctions)[number];

/** How a date label field is grouped. */
export const dateGroupings = ["DAY", "WEEK", "MONTH", "QUARTER", "YEAR"] as const;
export type DateGrouping = (typeof dateGroupings)[number];

/**
 * One label of a chart. `key` is the grouped value as text (null for records without one): a date bucket's first
 * day as YYYY-MM-DD when the label is a grouped date, else the value itself. `text` is the value as the viewer reads
 * it (a list option's label in the request's language); the web app formats grouped dates itself, by `dateGrouping`.
 */
export type WidgetLabel = { key: string | null; text: string | null };

/** One count configuration's values, one per label (null where the aggregate has no value). */
export type WidgetSeries = { key: string; description: string; values: (number | null)[] };

export type WidgetColumn = { key: string; label: string; type: string };

export type KpiWidgetData = {
  type: "KPI";
  description: string;
  aggregationFunction: AggregationFunction;
  value: number | null;
};

export type ChartWidgetData = {
  type: ChartWidgetType;
  /** The label field's name, for the axis and the data table's first column. */
  labelTitle: string;
  dateGrouping: DateGrouping | null;
  labels: WidgetLabel[];
  series: WidgetSeries[];
};

export type TableWidgetData = {
  type: "TABLE";
  columns: WidgetColumn[];
  rows: Record<string, unknown>[];
  page: number;
  size: number;
  totalElements: number;
};

export type WidgetData = KpiWidgetData | ChartWidgetData | TableWidgetData;
