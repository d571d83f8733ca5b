import { Box, HStack, Stat } from "@chakra-ui/react";
import type { ComponentType } from "react";
import { useLocation } from "react-router";
import type { FieldDefinition, FieldType } from "../../../server/contract/fields.ts";
import { standaloneField } from "../../../server/contract/standalone-field.ts";
import type {
  AggregationFunction,
  ChartWidgetData,
  ChartWidgetType,
  KpiWidgetData,
  TableWidgetData,
  WidgetColumn,
  WidgetData,
  WidgetType,
} from "../../../server/contract/widget-data.ts";
import { useDateSettings } from "../../utils/date-settings.ts";
import { type Language, useLanguage } from "../../utils/i18n.ts";
import { formatNumber } from "../../utils/numbers.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { DataTable, type DataTableColumn } from "../data-table.tsx";
import { EmptyState } from "../empty-state.tsx";
import { ListFooter } from "../list-footer.tsx";
import { type ValueSettings, valueText } from "../value-text.ts";
import { type WhenReached, whenReached } from "../when-reached.tsx";
import type { ChartProps } from "./chart-frame.tsx";
import { drawnSeries, hasChartValues, type LabelTexts, labelText } from "./chart-labels.ts";
import { chartColor } from "./chart-palette.ts";
import { type WidgetSize, widgetSizes } from "./chart-sizes.ts";

/**
 * nivo and the d3 modules it draws with load once the user reaches a chart (a pointer over it, a touch, the focus),
 * each chart type in a chunk of its own (beside the parts they share): the home page and dashboards do not wait for
 * them, and a dashboard of bar charts does not load the line chart's. The server renders a chart in place (it waits
 * for all content), its SVG shows as the server drew it, as without JavaScript, and it hydrates, with its tooltips and
 * its scaling to a narrow column, once its chunk has arrived (`whenReached`).
 */
const chartModules = {
  BAR: () => import("./bar-chart.tsx"),
  GROUPED_BAR: () => import("./bar-chart.tsx"),
  LINE: () => import("./line-chart.tsx"),
  MULTILINE: () => import("./line-chart.tsx"),
  PIE: () => import("./pie-chart.tsx"),
  TREE: () => import("./tree-chart.tsx"),
} satisfies Record<ChartWidgetType, () => Promise<{ default: ComponentType<ChartProps> }>>;

/** A chart's box while its code loads, when it is drawn in the browser (a client navigation). */
const chartBox = ({ size }: ChartProps) => (
  <Box style={{ width: widgetSizes[size].width, height: widgetSizes[size].height, maxWidth: "100%" }} />
);
const BarChart = whenReached(chartModules.BAR, chartBox);
const LineChart = whenReached(chartModules.LINE, chartBox);
const PieChart = whenReached(chartModules.PIE, chartBox);
const TreeChart = whenReached(chartModules.TREE, chartBox);
const charts: Record<ChartWidgetType, WhenReached<ChartProps>> = {
  BAR: BarChart,
  GROUPED_BAR: BarChart,
  LINE: LineChart,
  MULTILINE: LineChart,
  PIE: PieChart,
  TREE: TreeChart,
};

/** Starts loading the code of the charts a page is about to show. */
export function preloadCharts(types: readonly WidgetType[]) {
  for (const type of new Set(types)) if (type in charts) charts[type as ChartWidgetType].load();
}

export interface WidgetViewProps {
  data: WidgetData;
  /** The widget's name: the chart's accessible name and its data table's caption. */
  title: string;
  /** The chart's fixed size (`widgetSizes`); on a narrow column it scrolls, or scales down once JavaScript runs. */
  size?: WidgetSize;
  /** TABLE: the URL parameter of the table's page (from 1), one per table, so several tables on a page keep theirs. */
  pageParam?: string;
}

/**
 * What a dashboard widget shows, drawn on the server so that it is there without JavaScript: a KPI's number, a table
 * of records, or a chart (line, bar, grouped bar, multiline, pie, treemap) as SVG, with its data as a table under it.
 * Texts, numbers and dates are in the page's language; colours follow the skin.
 */
export function WidgetView({ data, title, size = "md", pageParam = "page" }: WidgetViewProps) {
  switch (data.type) {
    case "KPI":
      return <KpiView data={data} />;
    case "TABLE":
      return <TableView data={data} pageParam={pageParam} />;
    default:
      return <ChartView data={data} title={title} size={size} />;
  }
}

const aggregationKeys: Record<AggregationFunction, string> = {
  COUNT: "charts.count",
  SUM: "charts.sum",
  AVG: "charts.average",
  MIN: "charts.min",
  MAX: "charts.max",
};

function KpiView({ data }: { data: KpiWidgetData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const empty = data.value === null || !Number.isFinite(data.value);
  return (
    <Stat.Root size="lg" data-testid="widget-kpi">
      <Stat.Label>{data.description}</Stat.Label>
      <Stat.ValueText>{empty ? "—" : formatNumber(data.value as number, language)}</Stat.ValueText>
      {/* A definition list holds only terms and definitions: the note is a second definition of the figure. */}
      <Stat.HelpText as="dd">
        {t(aggregationKeys[data.aggregationFunction])}
        {empty && ` · ${t("charts.noData")}`}
      </Stat.HelpText>
    </Stat.Root>
  );
}

function useLabelTexts(): LabelTexts {
  const { t } = useTranslation();
  const language = useLanguage();
  return {
    language,
    empty: t("charts.empty"),
    week: (week, year) => t("charts.week", { week, year: String(year) }),
    quarter: (quarter, year) => t("charts.quarter", { quarter, year: String(year) }),
  };
}

function ChartView({ data, title, size }: { data: ChartWidgetData; title: string; size: WidgetSize }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const texts = useLabelTexts();
  if (!hasChartValues(data)) return <EmptyState title={t("charts.noData")} />;
  const labels = data.labels.map((label) => labelText(label, data.dateGrouping, texts));
  const series = drawnSeries(data);
  const legend =
    data.type === "GROUPED_BAR" || data.type === "MULTILINE"
      ? series.map((s) => s.description)
      : data.type === "PIE" && size === "sm"
        ? labels
        : null;
  const Chart = charts[data.type];
  return (
    <Box as="figure" data-testid="widget-chart">
      <Chart data={data} labels={labels} title={title} size={size} language={language} />
      {legend && <Legend items={legend} />}
      <ViewData data={data} labels={labels} title={title} language={language} />
    </Box>
  );
}

/** Which colour stands for what, as text beside a swatch: the series of a grouped chart, the slices of a small pie. */
function Legend({ items }: { items: string[] }) {
  return (
    <HStack as="ul" wrap="wrap" gap="1" columnGap="4" listStyleType="none" fontSize="sm" mt="2">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a legend's items are its series or labels, in their order
        <HStack as="li" key={index} gap="1.5">
          <Box as="span" aria-hidden width="3" height="3" borderRadius="sm" style={{ background: chartColor(index) }} />
          {item}
        </HStack>
      ))}
    </HStack>
  );
}

/** The chart's numbers as a table, folded under it: for screen readers, and for anyone who wants the exact values. */
function ViewData({
  data,
  labels,
  title,
  language,
}: {
  data: ChartWidgetData;
  labels: string[];
  title: string;
  language: Language;
}) {
  const { t } = useTranslation();
  const series = drawnSeries(data);
  return (
    <Box as="details" mt="2" data-testid="widget-data">
      <Box as="summary" cursor="pointer" fontSize="sm" color="fg.muted" width="fit-content">
        {t("charts.viewData")}
      </Box>
      {/* Plain elements with the stylesheet's classes, as Chakra's Table renders them: a dashboard holds hundreds of
          these cells, and styles resolved per cell were a fifth of its render. */}
      <div className="ws-chart-data-scroll">
        <table className="chakra-table__root ws-chart-data">
          <caption className="chakra-table__caption ws-chart-data-caption">{title}</caption>
          <thead className="chakra-table__header">
            <tr className="chakra-table__row ws-table-row">
              <th scope="col" className="chakra-table__columnHeader ws-table-column-header">
                {data.labelTitle}
              </th>
              {series.map((s, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: series keys come from the API and need not be unique
                <th key={index} scope="col" className="chakra-table__columnHeader ws-table-column-header">
                  {s.description}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="chakra-table__body">
            {labels.map((label, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: labels are rows in the API's order; two may read alike
              <tr key={row}>
                <th scope="row">{label}</th>
                {series.map((s, column) => {
                  const value = s.values[row] ?? null;
                  // biome-ignore lint/suspicious/noArrayIndexKey: one cell per series, in order
                  return <td key={column}>{value === null ? "—" : formatNumber(value, language)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Box>
  );
}

/** The field types whose values `valueText` writes in a way of their own; other columns show their value as it is. */
const typedColumns = new Set<string>(["Date", "DateTime", "Percent", "Bool", "Number", "MultiSelect"]);

/** A table column as the field `valueText` reads: its type, without options or settings. */
function columnField(column: WidgetColumn): FieldDefinition {
  return standaloneField({
    key: column.key,
    labelEn: column.label,
    labelNb: column.label,
    type: (typedColumns.has(column.type) ? column.type : "Text") as FieldType,
  });
}

type TableRow = { index: number; values: Record<string, unknown> };

/** A TABLE widget: its records' columns, values shown as lists show them, and a list's footer when it has pages. */
function TableView({ data, pageParam }: { data: TableWidgetData; pageParam: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const settings: ValueSettings = { ...useDateSettings(), yes: t("common.yes"), no: t("common.no") };
  const size = Math.max(1, data.size);
  const lastPage = Math.max(1, Math.ceil(data.totalElements / size));
  const pageTo = (page: number) => {
    const params = new URLSearchParams(location.search);
    if (page <= 1) params.delete(pageParam);
    else params.set(pageParam, String(page));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  const columns = data.columns.map(columnField).map(
    (field): DataTableColumn<TableRow> => ({
      key: field.key,
      header: field.labelEn,
      cell: (row) => valueText(field, row.values[field.key], settings) || "—",
    }),
  );
  return (
    <Box data-testid="widget-table">
      <DataTable
        rows={data.rows.map((values, index) => ({ index, values }))}
        rowKey={(row) => String(row.index)}
        empty={t("charts.noData")}
        columns={columns}
      />
      {lastPage > 1 && (
        <ListFooter
          page={data.page + 1}
          lastPage={lastPage}
          pageSize={size}
          total={data.totalElements}
          exact
          pageTo={pageTo}
        />
      )}
    </Box>
  );
}
