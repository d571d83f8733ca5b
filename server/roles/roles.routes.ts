import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { rolesApi as routes } from "../contract/roles.api.ts";
import { contractRoute } from "../http/contract-route.ts";
import * as service from "./roles.service.ts";

/** Roles and their permission matrices (spec §6), as `rolesApi` declares them. */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(routes.list),
    handler: async (request) => service.listRoles(app.db, request.actor),
  });

  app.route({
    ...contractRoute(routes.create),
    handler: async (request, reply) =>
      reply.status(201).send(await service.createRole(app.db, request.actor, request.body)),
  });

  app.route({
    ...contractRoute(routes.role),
    handler: async (request) => service.getRole(app.db, request.actor, request.params.id),
  });

  app.route({
    ...contractRoute(routes.rename),
    handler: async (request) => service.renameRole(app.db, request.actor, request.params.id, request.body.name),
  });

  app.route({
    ...contractRoute(routes.delete),
    handler: async (request, reply) => {
      await service.deleteRole(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...contractRoute(routes.permissions),
    handler: async (request) => service.permissionMatrix(app.db, request.actor, request.params.id),
  });

  app.route({
    ...contractRoute(routes.savePermissions),
    handler: async (request) => service.savePermissionMatrix(app.db, request.actor, request.params.id, request.body),
  });
};
