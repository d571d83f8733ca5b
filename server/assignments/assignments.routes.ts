import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { assignmentsApi as routes } from "../contract/assignments.api.ts";
import { contractRoute } from "../http/contract-route.ts";
import * as service from "./assignments.service.ts";

/** Users and groups assigned to records (the notification-assignment section), as `assignmentsApi` declares them. */
export const assignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(routes.groups),
    handler: async (request) =>
      service.searchGroups(app.db, request.actor, request.query.q, request.query.page, request.query.size),
  });

  app.route({
    ...contractRoute(routes.groupsAutocomplete),
    handler: async (request) => {
      const term = request.query.query?.trim() ?? "";
      if (term.length < 3) return [];
      return (await service.searchGroups(app.db, request.actor, term, 0, service.AUTOCOMPLETE_SIZE)).content;
    },
  });

  app.route({
    ...contractRoute(routes.assignedGroups),
    handler: async (request) => {
      const { schema, table, id } = request.params;
      return service.assignedGroups(app.db, request.actor, { schemaKey: schema, tableKey: table, uuidKey: id });
    },
  });

  app.route({
    ...contractRoute(routes.assignGroup),
    handler: async (request, reply) => {
      await service.assign(
        app.db,
        request.actor,
        { kind: "group", id: request.params.groupId },
        request.body.assignToEntities,
      );
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...contractRoute(routes.removeGroup),
    handler: async (request, reply) => {
      await service.unassign(
        app.db,
        request.actor,
        { kind: "group", id: request.params.groupId },
        request.body.removeFromEntities,
      );
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...contractRoute(routes.usersAutocomplete),
    handler: async (request) => service.autocompleteUsers(app.db, request.actor, request.query.query),
  });

  app.route({
    ...contractRoute(routes.assignedUsers),
    handler: async (request) => {
      const { schema, table, id } = request.params;
      return service.assignedUsers(app.db, request.actor, { schemaKey: schema, tableKey: table, uuidKey: id });
    },
  });

  app.route({
    ...contractRoute(routes.assignUser),
    handler: async (request, reply) => {
      await service.assign(
        app.db,
        request.actor,
        { kind: "user", id: request.params.id },
        request.body.assignToEntities,
      );
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...contractRoute(routes.removeUser),
    handler: async (request, reply) => {
      await service.unassign(
        app.db,
        request.actor,
        { kind: "user", id: request.params.id },
        request.body.removeFromEntities,
      );
      return reply.status(204).send(null);
    },
  });
};
