import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { activitiesApi as routes } from "../contract/activities.api.ts";
import { contractRoutes } from "../http/contract-route.ts";
import { recordOfPath } from "../http/record-path.ts";
import * as service from "./activities.service.ts";

/** A record's activities timeline, as `activitiesApi` declares it. */
export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoutes(app)(routes.ofRecord, (request) => {
    const { page, size, kind } = request.query;
    return service.activitiesOf(app.db, request.actor, recordOfPath(request.params), { kinds: kind, page, size });
  });
};
