import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { entityOrderApi as routes } from "../contract/entity-order.api.ts";
import { contractRoutes } from "../http/contract-route.ts";
import * as service from "./entity-order.service.ts";

/** The order of an entity's fields (spec §7 entity order), as `entityOrderApi` declares it. */
export const entityOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  serve(routes.get, (request) =>
    service.getEntityOrder(app.db, request.actor, request.params.schema, request.params.table),
  );
  serve(routes.set, (request) =>
    service.setEntityOrder(app.db, request.actor, request.params.schema, request.params.table, request.body),
  );
};
