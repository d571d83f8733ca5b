import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notificationsApi as routes } from "../contract/notifications.api.ts";
import { contractRoute } from "../http/contract-route.ts";
import * as service from "./notifications.service.ts";

/**
 * The signed-in user's own notifications and their settings (spec §7 /api/notifications), as `notificationsApi`
 * declares them.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(routes.settings),
    handler: async (request) => service.listSettings(app.db, request.actor),
  });

  app.route({
    ...contractRoute(routes.saveSettings),
    handler: async (request) => service.updateSettings(app.db, request.actor, request.body),
  });

  app.route({
    ...contractRoute(routes.toggleSetting),
    handler: async (request) => service.toggleSetting(app.db, request.actor, request.params.id, request.body?.enabled),
  });

  app.route({
    ...contractRoute(routes.readAll),
    handler: async (request, reply) => {
      await service.readAll(app.db, request.actor);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...contractRoute(routes.unread),
    handler: async (request) => service.unread(app.db, request.actor),
  });

  app.route({
    ...contractRoute(routes.read),
    handler: async (request) => service.read(app.db, request.actor, request.params.id),
  });

  app.route({
    ...contractRoute(routes.recent),
    handler: async (request) => service.recent(app.db, request.actor, request.query.page, request.query.size),
  });
};
