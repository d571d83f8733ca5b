import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { relationshipsApi as routes } from "../contract/relationships.api.ts";
import { contractRoute } from "../http/contract-route.ts";
import * as service from "./relationships.service.ts";

/** Relationships between entities (spec §3) and a record's connections through them, as `relationshipsApi` declares. */
export const relationshipsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(routes.list),
    handler: async (request) => service.listRelationships(app.db, request.actor),
  });

  app.route({
    ...contractRoute(routes.get),
    handler: async (request) => service.getRelationship(app.db, request.actor, request.params.id),
  });

  app.route({
    ...contractRoute(routes.create),
    handler: async (request, reply) =>
      reply.status(201).send(await service.createRelationship(app.db, request.actor, request.body)),
  });

  app.route({
    ...contractRoute(routes.change),
    handler: async (request) => service.updateRelationship(app.db, request.actor, request.params.id, request.body),
  });

  app.route({
    ...contractRoute(routes.delete),
    handler: async (request, reply) => {
      await service.deleteRelationship(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...contractRoute(routes.connections),
    handler: async (request) => {
      const { schema, table, id } = request.params;
      const { relationship, page, size } = request.query;
      return service.connectionsOfRecord(
        app.db,
        request.actor,
        { schemaKey: schema, tableKey: table, uuidKey: id },
        { relationshipId: relationship, page, size },
      );
    },
  });

  app.route({
    ...contractRoute(routes.relatedCustomEntities),
    handler: async (request) => {
      const { schema, table, id } = request.params;
      return service.relatedCustomEntities(app.db, request.actor, { schemaKey: schema, tableKey: table, uuidKey: id });
    },
  });
};
