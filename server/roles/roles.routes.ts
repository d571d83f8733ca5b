import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { rolesApi as routes } from "../contract/roles.api.ts";
import { contractRoutes } from "../http/contract-route.ts";
import * as service from "./roles.service.ts";

/** Roles and their permission matrices (spec §6), as `rolesApi` declares them. */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  serve(routes.list, (request) => service.listRoles(app.db, request.actor));
  serve.created(routes.create, (request) => service.createRole(app.db, request.actor, request.body));
  serve(routes.role, (request) => service.getRole(app.db, request.actor, request.params.id));
  serve(routes.rename, (request) => service.renameRole(app.db, request.actor, request.params.id, request.body.name));
  serve.noContent(routes.delete, (request) => service.deleteRole(app.db, request.actor, request.params.id));
  serve(routes.permissions, (request) => service.permissionMatrix(app.db, request.actor, request.params.id));
  serve(routes.savePermissions, (request) =>
    service.savePermissionMatrix(app.db, request.actor, request.params.id, request.body),
  );
};
