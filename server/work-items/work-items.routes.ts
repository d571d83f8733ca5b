import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { workItemsApi as routes } from "../contract/work-items.api.ts";
import { contractRoute } from "../http/contract-route.ts";
import * as service from "./work-items.service.ts";

/**
 * Inquiries' and to-dos' links to a contact and one of its companies (crm.{inquiry,todo}_company_contact), and their
 * settings, as `workItemsApi` declares them.
 */
export const workItemsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(routes.links),
    handler: async (request) => service.linksOf(app.db, request.actor, request.params.table, request.params.id),
  });

  app.route({
    ...contractRoute(routes.addLink),
    handler: async (request, reply) => {
      const link = await service.addLink(app.db, request.actor, request.params.table, request.params.id, request.body);
      return reply.status(201).send(link);
    },
  });

  app.route({
    ...contractRoute(routes.removeLink),
    handler: async (request, reply) => {
      await service.removeLink(app.db, request.actor, request.params.table, request.params.linkId);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...contractRoute(routes.createLinked),
    handler: async (request, reply) => {
      const { values, statusId, link } = request.body;
      const item = await service.createLinked(app.db, request.actor, request.params.table, { values, statusId }, link);
      return reply.status(201).send(item);
    },
  });

  app.route({
    ...contractRoute(routes.itemsOf),
    handler: async (request) => {
      const { table, ownerTable, ownerId } = request.params;
      return service.itemsOf(
        app.db,
        request.actor,
        table,
        { tableKey: ownerTable, id: ownerId },
        request.query.page,
        request.query.size,
      );
    },
  });

  app.route({
    ...contractRoute(routes.referenceNumberStart),
    handler: async (request) => service.referenceNumberStart(app.db, request.actor, request.params.table),
  });

  app.route({
    ...contractRoute(routes.setReferenceNumberStart),
    handler: async (request) =>
      service.setReferenceNumberStart(app.db, request.actor, request.params.table, request.body.next),
  });

  app.route({
    ...contractRoute(routes.defaults),
    handler: async (request) => service.workItemDefaults(app.db, request.actor, request.params.table),
  });

  app.route({
    ...contractRoute(routes.setDefaults),
    handler: async (request) => service.setWorkItemDefaults(app.db, request.actor, request.params.table, request.body),
  });
};
