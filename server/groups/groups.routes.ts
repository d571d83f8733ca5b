import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { groupsApi as routes } from "../contract/groups.api.ts";
import { contractRoute } from "../http/contract-route.ts";
import * as service from "./groups.service.ts";

/** Groups of users as the settings administer them, as `groupsApi` declares them. */
export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(routes.list),
    handler: async (request) => service.listGroups(app.db, request.actor, request.query),
  });

  app.route({
    ...contractRoute(routes.create),
    handler: async (request, reply) =>
      reply.status(201).send(await service.createGroup(app.db, request.actor, request.body.name)),
  });

  app.route({
    ...contractRoute(routes.group),
    handler: async (request) => service.getGroup(app.db, request.actor, request.params.id),
  });

  app.route({
    ...contractRoute(routes.rename),
    handler: async (request) => service.renameGroup(app.db, request.actor, request.params.id, request.body.name),
  });

  app.route({
    ...contractRoute(routes.delete),
    handler: async (request, reply) => {
      await service.deleteGroup(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...contractRoute(routes.members),
    handler: async (request) =>
      service.listMembers(app.db, request.actor, request.params.id, request.query.page, request.query.size),
  });

  app.route({
    ...contractRoute(routes.addMembers),
    handler: async (request, reply) => {
      await service.addMembers(app.db, request.actor, request.params.id, request.body.userUuids);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...contractRoute(routes.removeMember),
    handler: async (request, reply) => {
      await service.removeMember(app.db, request.actor, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  });
};
