import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notificationsApi as routes } from "../contract/notifications.api.ts";
import { contractRoutes } from "../http/contract-route.ts";
import * as service from "./notifications.service.ts";

/**
 * The signed-in user's own notifications and their settings (spec §7 /api/notifications), as `notificationsApi`
 * declares them.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  serve(routes.settings, (request) => service.listSettings(app.db, request.actor));
  serve(routes.saveSettings, (request) => service.updateSettings(app.db, request.actor, request.body));
  serve(routes.toggleSetting, (request) =>
    service.toggleSetting(app.db, request.actor, request.params.id, request.body?.enabled),
  );
  serve.noContent(routes.readAll, (request) => service.readAll(app.db, request.actor));
  serve(routes.unread, (request) => service.unread(app.db, request.actor));
  serve(routes.read, (request) => service.read(app.db, request.actor, request.params.id));
  serve(routes.recent, (request) => service.recent(app.db, request.actor, request.query.page, request.query.size));
};
