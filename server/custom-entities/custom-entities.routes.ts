import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { customEntitiesApi as routes } from "../contract/custom-entities.api.ts";
import { contractRoute } from "../http/contract-route.ts";
import * as service from "./custom-entities.service.ts";

/** Custom entities (spec §2 `/custom-entity/{key}`), as `customEntitiesApi` declares them. */
export const customEntitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(routes.list),
    handler: async (request) => service.listCustomEntities(app.db, request.actor),
  });

  app.route({
    ...contractRoute(routes.get),
    handler: async (request) => service.getCustomEntity(app.db, request.actor, request.params.key),
  });

  app.route({
    ...contractRoute(routes.create),
    handler: async (request, reply) =>
      reply.status(201).send(await service.createCustomEntity(app.db, request.actor, request.body)),
  });

  app.route({
    ...contractRoute(routes.rename),
    handler: async (request) => service.renameCustomEntity(app.db, request.actor, request.params.key, request.body),
  });

  app.route({
    ...contractRoute(routes.delete),
    handler: async (request, reply) => {
      await service.deleteCustomEntity(app.db, request.actor, request.params.key);
      return reply.status(204).send(null);
    },
  });
};
