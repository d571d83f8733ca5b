import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { entityOrderApi as routes } from "../contract/entity-order.api.ts";
import { contractRoute } from "../http/contract-route.ts";
import * as service from "./entity-order.service.ts";

/** The order of an entity's fields (spec §7 entity order), as `entityOrderApi` declares it. */
export const entityOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(routes.get),
    handler: async (request) =>
      service.getEntityOrder(app.db, request.actor, request.params.schema, request.params.table),
  });

  app.route({
    ...contractRoute(routes.set),
    handler: async (request) => {
      const { schema, table } = request.params;
      return service.setEntityOrder(app.db, request.actor, schema, table, request.body);
    },
  });
};
