import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { shortcutsApi as routes } from "../contract/shortcuts.api.ts";
import { contractRoute } from "../http/contract-route.ts";
import * as service from "./shortcuts.service.ts";

/** Shortcuts (spec §7 `/api/shortcuts`), as `shortcutsApi` declares them. */
export const shortcutsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(routes.userShortcuts),
    handler: async (request) => service.userShortcuts(app.db, request.actor),
  });

  app.route({
    ...contractRoute(routes.setVisibility),
    handler: async (request) =>
      service.setVisibility(app.db, request.actor, request.params.id, request.query.visible === "true"),
  });

  app.route({
    ...contractRoute(routes.order),
    handler: async (request) => service.orderShortcuts(app.db, request.actor, request.body),
  });

  app.route({
    ...contractRoute(routes.addOwn),
    handler: async (request, reply) =>
      reply.status(201).send(await service.addOwn(app.db, request.actor, request.body)),
  });

  app.route({
    ...contractRoute(routes.changeOwn),
    handler: async (request) => service.changeOwn(app.db, request.actor, request.params.id, request.body),
  });

  app.route({
    ...contractRoute(routes.deleteOwn),
    handler: async (request, reply) => {
      await service.deleteOwn(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...contractRoute(routes.listShared),
    handler: async (request) => service.listShared(app.db, request.actor),
  });

  app.route({
    ...contractRoute(routes.getShared),
    handler: async (request) => service.getShared(app.db, request.actor, request.params.id),
  });

  app.route({
    ...contractRoute(routes.createShared),
    handler: async (request, reply) =>
      reply.status(201).send(await service.createShared(app.db, request.actor, request.body)),
  });

  app.route({
    ...contractRoute(routes.changeShared),
    handler: async (request) => service.changeShared(app.db, request.actor, request.params.id, request.body),
  });

  app.route({
    ...contractRoute(routes.deleteShared),
    handler: async (request, reply) => {
      await service.deleteShared(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  });
};
