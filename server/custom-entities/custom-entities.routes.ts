import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { customEntitiesApi as routes } from "../contract/custom-entities.api.ts";
import { contractRoutes } from "../http/contract-route.ts";
import * as service from "./custom-entities.service.ts";

/** Custom entities (spec §2 `/custom-entity/{key}`), as `customEntitiesApi` declares them. */
export const customEntitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  serve(routes.list, (request) => service.listCustomEntities(app.db, request.actor));
  serve(routes.get, (request) => service.getCustomEntity(app.db, request.actor, request.params.key));
  serve.created(routes.create, (request) => service.createCustomEntity(app.db, request.actor, request.body));
  serve(routes.rename, (request) =>
    service.renameCustomEntity(app.db, request.actor, request.params.key, request.body),
  );
  serve.noContent(routes.delete, (request) => service.deleteCustomEntity(app.db, request.actor, request.params.key));
};
