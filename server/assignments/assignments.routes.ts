import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { assignmentsApi as routes } from "../contract/assignments.api.ts";
import { contractRoutes } from "../http/contract-route.ts";
import { recordOfPath } from "../http/record-path.ts";
import * as service from "./assignments.service.ts";

/** Users and groups assigned to records (the notification-assignment section), as `assignmentsApi` declares them. */
export const assignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  /** The group or the user a route's path names, to assign to records or take off them. */
  const groupOf = (params: { groupId: string }) => ({ kind: "group", id: params.groupId }) as const;
  const userOf = (params: { id: string }) => ({ kind: "user", id: params.id }) as const;

  serve(routes.groups, (request) =>
    service.searchGroups(app.db, request.actor, request.query.q, request.query.page, request.query.size),
  );
  serve(routes.groupsAutocomplete, async (request) => {
    const term = request.query.query?.trim() ?? "";
    if (term.length < 3) return [];
    return (await service.searchGroups(app.db, request.actor, term, 0, service.AUTOCOMPLETE_SIZE)).content;
  });
  serve(routes.assignedGroups, (request) =>
    service.assignedGroups(app.db, request.actor, recordOfPath(request.params)),
  );
  serve.noContent(routes.assignGroup, (request) =>
    service.assign(app.db, request.actor, groupOf(request.params), request.body.assignToEntities),
  );
  serve.noContent(routes.removeGroup, (request) =>
    service.unassign(app.db, request.actor, groupOf(request.params), request.body.removeFromEntities),
  );

  serve(routes.usersAutocomplete, (request) => service.autocompleteUsers(app.db, request.actor, request.query.query));
  serve(routes.assignedUsers, (request) => service.assignedUsers(app.db, request.actor, recordOfPath(request.params)));
  serve.noContent(routes.assignUser, (request) =>
    service.assign(app.db, request.actor, userOf(request.params), request.body.assignToEntities),
  );
  serve.noContent(routes.removeUser, (request) =>
    service.unassign(app.db, request.actor, userOf(request.params), request.body.removeFromEntities),
  );
};
