import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { dashboardsApi as routes } from "../contract/dashboards.api.ts";
import { widgetDataInputSchema } from "../contract/dashboards.ts";
import { contractRoute } from "../http/contract-route.ts";
import * as dashboards from "./dashboards.service.ts";
import * as widgets from "./widgets.service.ts";

/** Widgets and categorized dashboards (spec §7 `/api/dashboards/{scope}`), as `dashboardsApi` declares them. */
export const dashboardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(routes.view),
    handler: async (request) =>
      dashboards.viewDashboard(
        app.db,
        request.actor,
        request.params.id,
        request.query.lang,
        request.query.data === "true",
      ),
  });

  app.route({
    ...contractRoute(routes.placeWidget),
    handler: async (request, reply) => {
      const { id, widgetId } = request.params;
      await dashboards.placeWidget(app.db, request.actor, id, widgetId, request.body);
      return reply.status(201).send(await dashboards.viewDashboard(app.db, request.actor, id, request.query.lang));
    },
  });

  app.route({
    ...contractRoute(routes.movePlacement),
    handler: async (request) => {
      const { id, widgetId } = request.params;
      await dashboards.movePlacement(app.db, request.actor, id, widgetId, request.body);
      return dashboards.viewDashboard(app.db, request.actor, id, request.query.lang);
    },
  });

  app.route({
    ...contractRoute(routes.removePlacement),
    handler: async (request) => {
      const { id, widgetId } = request.params;
      await dashboards.removePlacement(app.db, request.actor, id, widgetId);
      return dashboards.viewDashboard(app.db, request.actor, id, request.query.lang);
    },
  });

  const recordData = (input: z.input<typeof widgetDataInputSchema>) => widgetDataInputSchema.parse(input);
  app.route({
    ...contractRoute(routes.recordWidgetData),
    handler: async (request) => {
      const { id, widgetId, table, recordId } = request.params;
      return dashboards.recordWidgetData(
        app.db,
        request.actor,
        { dashboardId: id, widgetId, table, recordId },
        recordData({ lang: request.query.lang }),
      );
    },
  });

  app.route({
    ...contractRoute(routes.askRecordWidgetData),
    handler: async (request) => {
      const { id, widgetId, table, recordId } = request.params;
      return dashboards.recordWidgetData(
        app.db,
        request.actor,
        { dashboardId: id, widgetId, table, recordId },
        request.body,
      );
    },
  });

  app.route({
    ...contractRoute(routes.seenDashboards),
    handler: async (request) =>
      dashboards.seenDashboards(app.db, request.actor, {
        mainList: request.query.mainList === "true",
        showInCompany: request.query.showInCompany === "true",
        showInContact: request.query.showInContact === "true",
      }),
  });

  app.route({
    ...contractRoute(routes.defaultDashboard),
    handler: async (request) => dashboards.defaultDashboard(app.db, request.actor),
  });

  app.route({
    ...contractRoute(routes.setDefaultDashboard),
    handler: async (request) => dashboards.setDefaultDashboard(app.db, request.actor, request.body.dashboardUuid),
  });

  app.route({
    ...contractRoute(routes.listDashboards),
    handler: async (request) => dashboards.listDashboards(app.db, request.actor, request.query.q),
  });

  app.route({
    ...contractRoute(routes.createDashboard),
    handler: async (request, reply) =>
      reply.status(201).send(await dashboards.createDashboard(app.db, request.actor, request.body)),
  });

  app.route({
    ...contractRoute(routes.getDashboard),
    handler: async (request) => dashboards.getDashboard(app.db, request.actor, request.params.id),
  });

  app.route({
    ...contractRoute(routes.changeDashboard),
    handler: async (request) => dashboards.changeDashboard(app.db, request.actor, request.params.id, request.body),
  });

  app.route({
    ...contractRoute(routes.deleteDashboard),
    handler: async (request, reply) => {
      await dashboards.deleteDashboard(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...contractRoute(routes.listWidgets),
    handler: async (request) => widgets.listWidgets(app.db, request.actor, request.query),
  });

  app.route({
    ...contractRoute(routes.createWidget),
    handler: async (request, reply) =>
      reply.status(201).send(await widgets.createWidget(app.db, request.actor, request.body)),
  });

  app.route({
    ...contractRoute(routes.getWidget),
    handler: async (request) => widgets.getWidget(app.db, request.actor, request.params.id),
  });

  app.route({
    ...contractRoute(routes.changeWidget),
    handler: async (request) => widgets.changeWidget(app.db, request.actor, request.params.id, request.body),
  });

  app.route({
    ...contractRoute(routes.deleteWidget),
    handler: async (request, reply) => {
      await widgets.deleteWidget(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...contractRoute(routes.previewWidget),
    handler: async (request) => widgets.previewWidget(app.db, request.actor, request.body),
  });

  app.route({
    ...contractRoute(routes.widgetData),
    handler: async (request) => widgets.widgetData(app.db, request.actor, request.params.id, request.body),
  });

  app.route({
    ...contractRoute(routes.filterValues),
    handler: async (request) =>
      widgets.filterValues(app.db, request.actor, request.params.id, request.params.field, request.query),
  });
};
