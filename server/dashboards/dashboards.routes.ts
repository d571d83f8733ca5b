import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
} from "../contract/dashboards.ts";
import * as dashboards from "./dashboards.service.ts";
import * as widgets from "./widgets.service.ts";

const security = [{ bearer: [] }];
const tags = ["dashboards"];
const base = "/dashboards/core";
const idParams = z.object({ id: z.string().max(64) });
const placementParams = z.object({ id: z.string().max(64), widgetId: z.string().max(64) });
const langQuery = z.object({ lang: z.enum(["en", "nb"]).default("en") });
// Widget data is a union of shapes the contract types; the route passes it through as it is.
const widgetData = z.any();
const dashboardView = z.any();
// A data call without a body asks with no choices.
const dataBody = z.preprocess((body) => body ?? {}, widgetDataInputSchema);

/**
 * Widgets and categorized dashboards (spec §7 `/api/dashboards/{scope}`, contract/dashboards.ts lists the paths).
 * Data sources, under the same base, are the advanced search's.
 */
export const dashboardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${base}/view/:id`,
    {
      schema: {
        tags,
        summary: "A dashboard the user's groups see, its widgets placed, each with its data or the error it answers",
        security,
        params: idParams,
        // data=false: the layout alone, for a record's tab, which asks each widget's data for its record.
        querystring: langQuery.extend({ data: z.enum(["true", "false"]).default("true") }),
        response: { 200: dashboardView },
      },
    },
    async (request) =>
      dashboards.viewDashboard(
        app.db,
        request.actor,
        request.params.id,
        request.query.lang,
        request.query.data === "true",
      ),
  );

  app.post(
    `${base}/view/:id/widgets/:widgetId`,
    {
      schema: {
        tags,
        summary: "Place a widget on a dashboard, at a position with a width and height (System_Settings Update)",
        security,
        params: placementParams,
        body: placementInputSchema,
        querystring: langQuery,
        response: { 201: dashboardView },
      },
    },
    async (request, reply) => {
      const { id, widgetId } = request.params;
      await dashboards.placeWidget(app.db, request.actor, id, widgetId, request.body);
      return reply.status(201).send(await dashboards.viewDashboard(app.db, request.actor, id, request.query.lang));
    },
  );

  app.put(
    `${base}/view/:id/widgets/:widgetId`,
    {
      schema: {
        tags,
        summary: "Move or resize a widget on a dashboard (System_Settings Update)",
        security,
        params: placementParams,
        body: placementInputSchema,
        querystring: langQuery,
        response: { 200: dashboardView },
      },
    },
    async (request) => {
      const { id, widgetId } = request.params;
      await dashboards.movePlacement(app.db, request.actor, id, widgetId, request.body);
      return dashboards.viewDashboard(app.db, request.actor, id, request.query.lang);
    },
  );

  app.delete(
    `${base}/view/:id/widgets/:widgetId`,
    {
      schema: {
        tags,
        summary: "Take a widget off a dashboard (System_Settings Update); the widget stays",
        security,
        params: placementParams,
        querystring: langQuery,
        response: { 200: dashboardView },
      },
    },
    async (request) => {
      const { id, widgetId } = request.params;
      await dashboards.removePlacement(app.db, request.actor, id, widgetId);
      return dashboards.viewDashboard(app.db, request.actor, id, request.query.lang);
    },
  );

  const recordParams = placementParams.extend({
    table: z.enum(recordDashboardTables),
    recordId: z.string().max(64),
  });
  const recordData = (input: z.input<typeof widgetDataInputSchema>) => widgetDataInputSchema.parse(input);
  app.get(
    `${base}/view/:id/widgets/:widgetId/:table/:recordId`,
    {
      schema: {
        tags,
        summary: "A dashboard widget's data counting only the rows joined to one company or contact",
        security,
        params: recordParams,
        querystring: langQuery,
        response: { 200: widgetData },
      },
    },
    async (request) => {
      const { id, widgetId, table, recordId } = request.params;
      return dashboards.recordWidgetData(
        app.db,
        request.actor,
        { dashboardId: id, widgetId, table, recordId },
        recordData({ lang: request.query.lang }),
      );
    },
  );

  app.post(
    `${base}/view/:id/widgets/:widgetId/:table/:recordId`,
    {
      schema: {
        tags,
        summary: "The same, with the viewer's filter values and a table's page",
        security,
        params: recordParams,
        body: dataBody,
        response: { 200: widgetData },
      },
    },
    async (request) => {
      const { id, widgetId, table, recordId } = request.params;
      return dashboards.recordWidgetData(
        app.db,
        request.actor,
        { dashboardId: id, widgetId, table, recordId },
        request.body,
      );
    },
  );

  app.get(
    `${base}/categories/view`,
    {
      schema: {
        tags,
        summary: "The dashboards the user sees: for the menu (mainList), a company's or a contact's dashboard tab",
        security,
        querystring: categoriesViewQuerySchema,
        response: { 200: z.array(dashboardSummarySchema) },
      },
    },
    async (request) =>
      dashboards.seenDashboards(app.db, request.actor, {
        mainList: request.query.mainList === "true",
        showInCompany: request.query.showInCompany === "true",
        showInContact: request.query.showInContact === "true",
      }),
  );

  app.get(
    `${base}/categories/default`,
    {
      schema: {
        tags,
        summary: "The user's default dashboard: their own choice, else the workspace's; null when they see neither",
        security,
        response: { 200: dashboardSummarySchema.nullable() },
      },
    },
    async (request) => dashboards.defaultDashboard(app.db, request.actor),
  );

  app.put(
    `${base}/categories/default`,
    {
      schema: {
        tags,
        summary: "Choose the user's own default dashboard (null goes back to the workspace's)",
        security,
        body: defaultDashboardInputSchema,
        response: { 200: dashboardSummarySchema.nullable() },
      },
    },
    async (request) => dashboards.setDefaultDashboard(app.db, request.actor, request.body.dashboardUuid),
  );

  app.get(
    `${base}/categories`,
    {
      schema: {
        tags,
        summary: "Every categorized dashboard, with its groups (System_Settings Read)",
        security,
        querystring: z.object({ q: z.string().max(255).optional() }),
        response: { 200: z.array(dashboardSchema) },
      },
    },
    async (request) => dashboards.listDashboards(app.db, request.actor, request.query.q),
  );

  app.post(
    `${base}/categories`,
    {
      schema: {
        tags,
        summary: "Add a categorized dashboard (System_Settings Update)",
        security,
        body: dashboardInputSchema,
        response: { 201: dashboardSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await dashboards.createDashboard(app.db, request.actor, request.body)),
  );

  app.get(
    `${base}/categories/:id`,
    {
      schema: {
        tags,
        summary: "One categorized dashboard (System_Settings Read)",
        security,
        params: idParams,
        response: { 200: dashboardSchema },
      },
    },
    async (request) => dashboards.getDashboard(app.db, request.actor, request.params.id),
  );

  app.put(
    `${base}/categories/:id`,
    {
      schema: {
        tags,
        summary: "Change a categorized dashboard: name, flags, groups, default (System_Settings Update)",
        security,
        params: idParams,
        body: dashboardInputSchema,
        response: { 200: dashboardSchema },
      },
    },
    async (request) => dashboards.changeDashboard(app.db, request.actor, request.params.id, request.body),
  );

  app.delete(
    `${base}/categories/:id`,
    {
      schema: {
        tags,
        summary: "Delete a categorized dashboard; its widgets stay (System_Settings Update)",
        security,
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await dashboards.deleteDashboard(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${base}/widget`,
    {
      schema: {
        tags,
        summary: "The widgets, by name (Widget Read); page=999999 answers every widget in one page",
        security,
        querystring: widgetListQuerySchema,
        response: { 200: widgetPageSchema },
      },
    },
    async (request) => widgets.listWidgets(app.db, request.actor, request.query),
  );

  app.post(
    `${base}/widget`,
    {
      schema: {
        tags,
        summary: "Add a widget (Widget Create; Read on its data source's entities)",
        security,
        body: widgetInputSchema,
        response: { 201: widgetSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await widgets.createWidget(app.db, request.actor, request.body)),
  );

  app.get(
    `${base}/widget/:id`,
    {
      schema: {
        tags,
        summary: "One widget (Widget Read)",
        security,
        params: idParams,
        response: { 200: widgetSchema },
      },
    },
    async (request) => widgets.getWidget(app.db, request.actor, request.params.id),
  );

  app.put(
    `${base}/widget/:id`,
    {
      schema: {
        tags,
        summary: "Change a widget (Widget Update)",
        security,
        params: idParams,
        body: widgetInputSchema,
        response: { 200: widgetSchema },
      },
    },
    async (request) => widgets.changeWidget(app.db, request.actor, request.params.id, request.body),
  );

  app.delete(
    `${base}/widget/:id`,
    {
      schema: {
        tags,
        summary: "Delete a widget; it leaves the dashboards it is on (Widget Delete)",
        security,
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await widgets.deleteWidget(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${base}/widget/preview`,
    {
      schema: {
        tags,
        summary: "An unsaved widget's data, for the builder's preview (Widget Create or Update; Read on its entities)",
        security,
        body: widgetPreviewInputSchema,
        response: { 200: widgetData },
      },
    },
    async (request) => widgets.previewWidget(app.db, request.actor, request.body),
  );

  app.post(
    `${base}/widget/:id/data`,
    {
      schema: {
        tags,
        summary: "A widget's data for the viewer, with their filter values (Widget Read; Read on its entities)",
        security,
        params: idParams,
        body: dataBody,
        response: { 200: widgetData },
      },
    },
    async (request) => widgets.widgetData(app.db, request.actor, request.params.id, request.body),
  );

  app.get(
    `${base}/widget-specific/:id/values/:field`,
    {
      schema: {
        tags,
        summary: "The values a viewer may choose for one of a widget's adjustable filter fields (at most 200)",
        security,
        params: z.object({ id: z.string().max(64), field: z.string().max(200) }),
        querystring: langQuery.extend({ q: z.string().max(255).optional() }),
        response: { 200: z.array(filterValueSchema) },
      },
    },
    async (request) =>
      widgets.filterValues(app.db, request.actor, request.params.id, request.params.field, request.query),
  );
};
