import type { RouterContextProvider } from "react-router";
import { dashboardsApi } from "../../../server/contract/dashboards.api.ts";
import type { DashboardView, FilterValue, PlacedWidget, WidgetDataInput } from "../../../server/contract/dashboards.ts";
import type { WidgetData } from "../../../server/contract/widget-data.ts";
import { getLocale } from "../../middleware/i18next.server.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { serverMessage } from "../../utils/api-errors.ts";
import { filterParam, pageParam } from "./dashboard-params.ts";

type Client = ReturnType<typeof api>;

/**
 * An adjustable filter field offers its values as a select up to this many; past it (the API gives at most 200) a
 * select is a long scroll, and a text input is quicker.
 */
const SELECT_VALUES_MAX = 50;

/** One filter a viewer may set on a widget: its URL parameter, the value in force, and the choices when few. */
export interface WidgetFilterControl {
  field: string;
  /** The field's name in the page's language. */
  label: string;
  param: string;
  value: string;
  options: FilterValue[] | null;
}

export interface DashboardWidget {
  uuid: string;
  name: string;
  description: string;
  type: PlacedWidget["widget"]["type"];
  width: number;
  height: number;
  data: WidgetData | null;
  error: PlacedWidget["error"];
  filters: WidgetFilterControl[];
  /** TABLE: its page's URL parameter. */
  pageParam: string;
}

export interface DashboardScreenData {
  dashboard: DashboardView["dashboard"];
  widgets: DashboardWidget[];
  /** EmptyDashboardException's text when the dashboard has no widgets. */
  empty: string | null;
  /** The URL's parameters that are some widget's, kept by each widget's filter form. */
  kept: [string, string][];
}

/** Where a widget's data comes from when the viewer's choices (or the record's tab) ask for more than the view has. */
export type WidgetDataSource = { kind: "view" } | { kind: "record"; table: "company" | "contact"; recordId: string };

/** The fields a viewer may filter a widget by: its adjustable filters' fields and its customizable fields, once each. */
function filterFields(widget: PlacedWidget["widget"]): string[] {
  return [...new Set([...widget.adjustableFilters.map((filter) => filter.field), ...widget.customizableFilterFields])];
}

function errorOf(error: unknown): NonNullable<PlacedWidget["error"]> {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      exceptionName: error.body.exceptionName ?? "",
      message: serverMessage(error.body) || "",
    };
  }
  throw error;
}

/**
 * A dashboard as its page shows it: one `view/{id}` call gives every widget placed with its data for the viewer. A
 * widget asks again only for what the view could not know: the viewer's filter values or a table's later page (its
 * URL parameters), or, on a record's tab, the rows of that record. Each adjustable field's values are read for its
 * select. A widget whose data fails shows its error; the others show.
 */
export async function loadDashboard(
  context: Readonly<RouterContextProvider>,
  id: string,
  url: URL,
  source: WidgetDataSource = { kind: "view" },
): Promise<DashboardScreenData> {
  const client = api(context);
  const lang = getLocale(context);
  // A dashboard the user's groups may not see answers 404, which the page answers too.
  // A record's tab asks each widget's data for its record: the view's own data would go unused.
  const layoutOnly = source.kind === "record" ? "false" : undefined;
  const view: DashboardView = await client.call(dashboardsApi.view, {
    params: { id },
    query: { lang, data: layoutOnly },
  });
  const widgets = await Promise.all(
    view.widgets.map((placed) => loadWidget(client, view.dashboard.uuid, placed, url, lang, source)),
  );
  const ownParams = new Set(widgets.flatMap((widget) => [widget.pageParam, ...widget.filters.map((f) => f.param)]));
  return {
    dashboard: view.dashboard,
    widgets,
    empty: view.empty?.message ?? null,
    kept: [...url.searchParams].filter(([key]) => ownParams.has(key)),
  };
}

async function loadWidget(
  client: Client,
  dashboardId: string,
  placed: PlacedWidget,
  url: URL,
  lang: "en" | "nb",
  source: WidgetDataSource,
): Promise<DashboardWidget> {
  const { widget } = placed;
  const fields = filterFields(widget);
  const page =
    placed.widget.type === "TABLE"
      ? Math.max(1, Math.floor(Number(url.searchParams.get(pageParam(widget.uuid)))) || 1)
      : 1;
  // A parameter present but empty leaves that filter out; an absent one keeps the widget's own value.
  const filterValues = fields.flatMap((field) => {
    const value = url.searchParams.get(filterParam(widget.uuid, field));
    return value === null ? [] : [{ field, value: value.trim() || null }];
  });
  // Without Widget Read (403) nothing of the widget can be read: neither its data nor its filters' values.
  const readable = placed.error?.status !== 403;
  const asksAgain = readable && (source.kind === "record" || filterValues.length > 0 || page > 1);
  const input: WidgetDataInput = {
    filterValues,
    page: page - 1,
    size: placed.data?.type === "TABLE" ? placed.data.size : 20,
    lang,
  };
  const asked = (): Promise<WidgetData> =>
    source.kind === "record"
      ? client.call(dashboardsApi.askRecordWidgetData, {
          params: { id: dashboardId, widgetId: widget.uuid, table: source.table, recordId: source.recordId },
          body: input,
        })
      : client.call(dashboardsApi.widgetData, { params: { id: widget.uuid }, body: input });
  const [answer, options] = await Promise.all([
    asksAgain
      ? asked().then(
          (data) => ({ data, error: null }),
          (caught: unknown) => ({ data: null, error: errorOf(caught) }),
        )
      : { data: placed.data, error: placed.error },
    readable ? Promise.all(fields.map((field) => filterOptions(client, widget.uuid, field, lang))) : [],
  ]);
  const { data, error } = answer;
  return {
    uuid: widget.uuid,
    name: widget.name,
    description: widget.description,
    type: widget.type,
    width: placed.width,
    height: placed.height,
    data,
    error,
    pageParam: pageParam(widget.uuid),
    filters: readable
      ? fields.map((field, index) => {
          const param = filterParam(widget.uuid, field);
          const given = url.searchParams.get(param);
          const stored = widget.adjustableFilters.find((filter) => filter.field === field)?.paramValue ?? "";
          const label = widget.filterLabels[field] ?? field;
          return { field, label, param, value: given ?? stored ?? "", options: options[index] ?? null };
        })
      : [],
  };
}

/** The values a viewer may choose for a field, when few enough for a select; null for a text input. */
async function filterOptions(client: Client, widgetId: string, field: string, lang: "en" | "nb") {
  try {
    const values = await client.call(dashboardsApi.filterValues, { params: { id: widgetId, field }, query: { lang } });
    return values.length <= SELECT_VALUES_MAX ? values : null;
  } catch (error) {
    // The values are a comfort: without them the viewer types the value.
    if (error instanceof Response) throw error;
    return null;
  }
}
