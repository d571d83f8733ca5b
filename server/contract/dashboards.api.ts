import { z } from "zod";
import {
  categoriesViewQuerySchema,
  dashboardInputSchema,
  dashboardSchema,
  dashboardSummarySchema,
  defaultDashboardInputSchema,
  filterValueSchema,
  placementInputSchema,
  recordDashboardTables,
  widgetDataInputSchema,
  widgetInputSchema,
  widgetListQuerySchema,
  widgetPageSchema,
  widgetPreviewInputSchema,
  widgetSchema,
} from "./dashboards.ts";
import { apiRoute } from "./route.ts";

const tags = ["dashboards"];
const idParams = z.object({ id: z.string().max(64) });
const placementParams = z.object({ id: z.string().max(64), widgetId: z.string().max(64) });
const recordParams = placementParams.extend({
  table: z.enum(recordDashboardTables),
  recordId: z.string().max(64),
});
const langQuery = z.object({ lang: z.enum(["en", "nb"]).default("en") });
// Widget data is a union of shapes the contract types (WidgetData, DashboardView); the route passes it through as it is.
const widgetData = z.any();
const dashboardView = z.any();
// A data call without a body asks with no choices.
const dataBody = z.preprocess((body) => body ?? {}, widgetDataInputSchema);
const deleted = { 204: z.null() };

/**
 * Widgets and categorized dashboards (spec §7 `/api/dashboards/{scope}`, contract/dashboards.ts lists the paths).
 * Data sources, under the same base, are the advanced search's (advancedSearchApi).
 */
export const dashboardsApi = {
  view: apiRoute({
    method: "GET",
    path: "/dashboards/core/view/:id",
    tags,
    summary: "A dashboard the user's groups see, its widgets placed, each with its data or the error it answers",
    params: idParams,
    // data=false: the layout alone, for a record's tab, which asks each widget's data for its record.
    querystring: langQuery.extend({ data: z.enum(["true", "false"]).default("true") }),
    response: { 200: dashboardView },
  }),
  placeWidget: apiRoute({
    method: "POST",
    path: "/dashboards/core/view/:id/widgets/:widgetId",
    tags,
    summary: "Place a widget on a dashboard, at a position with a width and height (System_Settings Update)",
    params: placementParams,
    body: placementInputSchema,
    querystring: langQuery,
    response: { 201: dashboardView },
  }),
  movePlacement: apiRoute({
    method: "PUT",
    path: "/dashboards/core/view/:id/widgets/:widgetId",
    tags,
    summary: "Move or resize a widget on a dashboard (System_Settings Update)",
    params: placementParams,
    body: placementInputSchema,
    querystring: langQuery,
    response: { 200: dashboardView },
  }),
  removePlacement: apiRoute({
    method: "DELETE",
    path: "/dashboards/core/view/:id/widgets/:widgetId",
    tags,
    summary: "Take a widget off a dashboard (System_Settings Update); the widget stays",
    params: placementParams,
    querystring: langQuery,
    response: { 200: dashboardView },
  }),
  recordWidgetData: apiRoute({
    method: "GET",
    path: "/dashboards/core/view/:id/widgets/:widgetId/:table/:recordId",
    tags,
    summary: "A dashboard widget's data counting only the rows joined to one company or contact",
    params: recordParams,
    querystring: langQuery,
    response: { 200: widgetData },
  }),
  askRecordWidgetData: apiRoute({
    method: "POST",
    path: "/dashboards/core/view/:id/widgets/:widgetId/:table/:recordId",
    tags,
    summary: "The same, with the viewer's filter values and a table's page",
    params: recordParams,
    body: dataBody,
    response: { 200: widgetData },
  }),
  seenDashboards: apiRoute({
    method: "GET",
    path: "/dashboards/core/categories/view",
    tags,
    summary: "The dashboards the user sees: for the menu (mainList), a company's or a contact's dashboard tab",
    querystring: categoriesViewQuerySchema,
    response: { 200: z.array(dashboardSummarySchema) },
  }),
  defaultDashboard: apiRoute({
    method: "GET",
    path: "/dashboards/core/categories/default",
    tags,
    summary: "The user's default dashboard: their own choice, else the workspace's; null when they see neither",
    response: { 200: dashboardSummarySchema.nullable() },
  }),
  setDefaultDashboard: apiRoute({
    method: "PUT",
    path: "/dashboards/core/categories/default",
    tags,
    summary: "Choose the user's own default dashboard (null goes back to the workspace's)",
    body: defaultDashboardInputSchema,
    response: { 200: dashboardSummarySchema.nullable() },
  }),
  listDashboards: apiRoute({
    method: "GET",
    path: "/dashboards/core/categories",
    tags,
    summary: "Every categorized dashboard, with its groups (System_Settings Read)",
    querystring: z.object({ q: z.string().max(255).optional() }),
    response: { 200: z.array(dashboardSchema) },
  }),
  createDashboard: apiRoute({
    method: "POST",
    path: "/dashboards/core/categories",
    tags,
    summary: "Add a categorized dashboard (System_Settings Update)",
    body: dashboardInputSchema,
    response: { 201: dashboardSchema },
  }),
  getDashboard: apiRoute({
    method: "GET",
    path: "/dashboards/core/categories/:id",
    tags,
    summary: "One categorized dashboard (System_Settings Read)",
    params: idParams,
    response: { 200: dashboardSchema },
  }),
  changeDashboard: apiRoute({
    method: "PUT",
    path: "/dashboards/core/categories/:id",
    tags,
    summary: "Change a categorized dashboard: name, flags, groups, default (System_Settings Update)",
    params: idParams,
    body: dashboardInputSchema,
    response: { 200: dashboardSchema },
  }),
  deleteDashboard: apiRoute({
    method: "DELETE",
    path: "/dashboards/core/categories/:id",
    tags,
    summary: "Delete a categorized dashboard; its widgets stay (System_Settings Update)",
    params: idParams,
    response: deleted,
  }),
  listWidgets: apiRoute({
    method: "GET",
    path: "/dashboards/core/widget",
    tags,
    summary: "The widgets, by name (Widget Read); page=999999 answers every widget in one page",
    querystring: widgetListQuerySchema,
    response: { 200: widgetPageSchema },
  }),
  createWidget: apiRoute({
    method: "POST",
    path: "/dashboards/core/widget",
    tags,
    summary: "Add a widget (Widget Create; Read on its data source's entities)",
    body: widgetInputSchema,
    response: { 201: widgetSchema },
  }),
  getWidget: apiRoute({
    method: "GET",
    path: "/dashboards/core/widget/:id",
    tags,
    summary: "One widget (Widget Read)",
    params: idParams,
    response: { 200: widgetSchema },
  }),
  changeWidget: apiRoute({
    method: "PUT",
    path: "/dashboards/core/widget/:id",
    tags,
    summary: "Change a widget (Widget Update)",
    params: idParams,
    body: widgetInputSchema,
    response: { 200: widgetSchema },
  }),
  deleteWidget: apiRoute({
    method: "DELETE",
    path: "/dashboards/core/widget/:id",
    tags,
    summary: "Delete a widget; it leaves the dashboards it is on (Widget Delete)",
    params: idParams,
    response: deleted,
  }),
  previewWidget: apiRoute({
    method: "POST",
    path: "/dashboards/core/widget/preview",
    tags,
    summary: "An unsaved widget's data, for the builder's preview (Widget Create or Update; Read on its entities)",
    body: widgetPreviewInputSchema,
    response: { 200: widgetData },
  }),
  widgetData: apiRoute({
    method: "POST",
    path: "/dashboards/core/widget/:id/data",
    tags,
    summary: "A widget's data for the viewer, with their filter values (Widget Read; Read on its entities)",
    params: idParams,
    body: dataBody,
    response: { 200: widgetData },
  }),
  filterValues: apiRoute({
    method: "GET",
    path: "/dashboards/core/widget-specific/:id/values/:field",
    tags,
    summary: "The values a viewer may choose for one of a widget's adjustable filter fields (at most 200)",
    params: z.object({ id: z.string().max(64), field: z.string().max(200) }),
    querystring: langQuery.extend({ q: z.string().max(255).optional() }),
    response: { 200: z.array(filterValueSchema) },
  }),
};
