import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { linksApi as routes } from "../contract/links.api.ts";
import { contractRoute } from "../http/contract-route.ts";
import * as links from "./links.service.ts";

/** Links between records (such as a contact's role at a company), as `linksApi` declares them. */
export const linksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(routes.linkedRecords),
    handler: async (request) => {
      const { schema, table, ownerTable, ownerId } = request.params;
      const { page, size } = request.query;
      return links.linkedRecords(
        app.db,
        request.actor,
        { schemaKey: schema, tableKey: table },
        { tableKey: ownerTable, id: ownerId },
        page,
        size,
      );
    },
  });

  app.route({
    ...contractRoute(routes.link),
    handler: async (request, reply) => {
      const link = await links.createLink(
        app.db,
        request.actor,
        request.params.schema,
        request.params.table,
        request.body,
      );
      return reply.status(201).send(link);
    },
  });

  app.route({
    ...contractRoute(routes.unlink),
    handler: async (request, reply) => {
      await links.deleteLink(app.db, request.actor, request.params.schema, request.params.table, request.params.id);
      return reply.status(204).send(null);
    },
  });
};
