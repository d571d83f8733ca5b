import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { dashboardsApi as routes } from "../contract/dashboards.api.ts";
import { widgetDataInputSchema } from "../contract/dashboards.ts";
import { contractRoutes } from "../http/contract-route.ts";
import * as dashboards from "./dashboards.service.ts";
import * as widgets from "./widgets.service.ts";

/** Widgets and categorized dashboards (spec §7 `/api/dashboards/{scope}`), as `dashboardsApi` declares them. */
export const dashboardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  serve(routes.view, (request) =>
    dashboards.viewDashboard(
      app.db,
      request.actor,
      request.params.id,
      request.query.lang,
      request.query.data === "true",
    ),
  );

  // A change to a dashboard's widgets answers the dashboard as it is then.
  serve.created(routes.placeWidget, async (request) => {
    const { id, widgetId } = request.params;
    await dashboards.placeWidget(app.db, request.actor, id, widgetId, request.body);
    return dashboards.viewDashboard(app.db, request.actor, id, request.query.lang);
  });
  serve(routes.movePlacement, async (request) => {
    const { id, widgetId } = request.params;
    await dashboards.movePlacement(app.db, request.actor, id, widgetId, request.body);
    return dashboards.viewDashboard(app.db, request.actor, id, request.query.lang);
  });
  serve(routes.removePlacement, async (request) => {
    const { id, widgetId } = request.params;
    await dashboards.removePlacement(app.db, request.actor, id, widgetId);
    return dashboards.viewDashboard(app.db, request.actor, id, request.query.lang);
  });

  const recordData = (input: z.input<typeof widgetDataInputSchema>) => widgetDataInputSchema.parse(input);
  serve(routes.recordWidgetData, (request) => {
    const { id, widgetId, table, recordId } = request.params;
    const widget = { dashboardId: id, widgetId, table, recordId };
    return dashboards.recordWidgetData(app.db, request.actor, widget, recordData({ lang: request.query.lang }));
  });
  serve(routes.askRecordWidgetData, (request) => {
    const { id, widgetId, table, recordId } = request.params;
    const widget = { dashboardId: id, widgetId, table, recordId };
    return dashboards.recordWidgetData(app.db, request.actor, widget, request.body);
  });

  serve(routes.seenDashboards, (request) =>
    dashboards.seenDashboards(app.db, request.actor, {
      mainList: request.query.mainList === "true",
      showInCompany: request.query.showInCompany === "true",
      showInContact: request.query.showInContact === "true",
    }),
  );
  serve(routes.defaultDashboard, (request) => dashboards.defaultDashboard(app.db, request.actor));
  serve(routes.setDefaultDashboard, (request) =>
    dashboards.setDefaultDashboard(app.db, request.actor, request.body.dashboardUuid),
  );

  serve(routes.listDashboards, (request) => dashboards.listDashboards(app.db, request.actor, request.query.q));
  serve.created(routes.createDashboard, (request) => dashboards.createDashboard(app.db, request.actor, request.body));
  serve(routes.getDashboard, (request) => dashboards.getDashboard(app.db, request.actor, request.params.id));
  serve(routes.changeDashboard, (request) =>
    dashboards.changeDashboard(app.db, request.actor, request.params.id, request.body),
  );
  serve.noContent(routes.deleteDashboard, (request) =>
    dashboards.deleteDashboard(app.db, request.actor, request.params.id),
  );

  serve(routes.listWidgets, (request) => widgets.listWidgets(app.db, request.actor, request.query));
  serve.created(routes.createWidget, (request) => widgets.createWidget(app.db, request.actor, request.body));
  serve(routes.getWidget, (request) => widgets.getWidget(app.db, request.actor, request.params.id));
  serve(routes.changeWidget, (request) => widgets.changeWidget(app.db, request.actor, request.params.id, request.body));
  serve.noContent(routes.deleteWidget, (request) => widgets.deleteWidget(app.db, request.actor, request.params.id));
  serve(routes.previewWidget, (request) => widgets.previewWidget(app.db, request.actor, request.body));
  serve(routes.widgetData, (request) => widgets.widgetData(app.db, request.actor, request.params.id, request.body));
  serve(routes.filterValues, (request) =>
    widgets.filterValues(app.db, request.actor, request.params.id, request.params.field, request.query),
  );
};
