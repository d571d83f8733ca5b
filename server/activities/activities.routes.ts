import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { activitiesApi as routes } from "../contract/activities.api.ts";
import { contractRoute } from "../http/contract-route.ts";
import * as service from "./activities.service.ts";

/** A record's activities timeline, as `activitiesApi` declares it. */
export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(routes.ofRecord),
    handler: async (request) => {
      const { schema, table, id } = request.params;
      const { page, size, kind } = request.query;
      return service.activitiesOf(
        app.db,
        request.actor,
        { schemaKey: schema, tableKey: table, uuidKey: id },
        { kinds: kind, page, size },
      );
    },
  });
};
