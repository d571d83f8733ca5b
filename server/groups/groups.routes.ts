import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { groupsApi as routes } from "../contract/groups.api.ts";
import { contractRoutes } from "../http/contract-route.ts";
import * as service from "./groups.service.ts";

/** Groups of users as the settings administer them, as `groupsApi` declares them. */
export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  serve(routes.list, (request) => service.listGroups(app.db, request.actor, request.query));
  serve.created(routes.create, (request) => service.createGroup(app.db, request.actor, request.body.name));
  serve(routes.group, (request) => service.getGroup(app.db, request.actor, request.params.id));
  serve(routes.rename, (request) => service.renameGroup(app.db, request.actor, request.params.id, request.body.name));
  serve.noContent(routes.delete, (request) => service.deleteGroup(app.db, request.actor, request.params.id));

  serve(routes.members, (request) =>
    service.listMembers(app.db, request.actor, request.params.id, request.query.page, request.query.size),
  );
  serve.noContent(routes.addMembers, (request) =>
    service.addMembers(app.db, request.actor, request.params.id, request.body.userUuids),
  );
  serve.noContent(routes.removeMember, (request) =>
    service.removeMember(app.db, request.actor, request.params.id, request.params.userId),
  );
};
