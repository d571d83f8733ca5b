import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recentApi as routes } from "../contract/recent.api.ts";
import { contractRoutes } from "../http/contract-route.ts";
import { recentRecords } from "./recent.service.ts";

/** The records the signed-in user changed last, as `recentApi` declares them. */
export const recentRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoutes(app)(routes.records, (request) => recentRecords(app.db, request.actor, request.query.size));
};
