import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { overviewBlocksApi as routes } from "../contract/overview-blocks.api.ts";
import { contractRoutes } from "../http/contract-route.ts";
import * as service from "./overview-blocks.service.ts";

/** Which blocks each entity's 360-overview shows, in which order, as `overviewBlocksApi` declares it. */
export const overviewBlocksRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  serve(routes.get, (request) =>
    service.overviewBlocks(app.db, request.actor, request.params.schema, request.params.table),
  );
  serve(routes.save, (request) =>
    service.saveOverviewBlocks(app.db, request.actor, request.params.schema, request.params.table, request.body),
  );
};
