import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { entityRefSchema as entityRef, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "../contract/records.ts";
import * as service from "./assignments.service.ts";

const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const security = [{ bearer: [] }];
const group = z.object({ uuid: z.string(), groupUuid: z.string(), name: z.string() });
const assignedUser = z.object({ uuid: z.string(), firstName: z.string(), lastName: z.string(), category: z.null() });
const recordParams = z.object({ schema: key, table: key, id: z.string().max(64) });

/** Users and groups assigned to records (the notification-assignment section). */
export const assignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/core/groups",
    {
      schema: {
        tags: ["assignment"],
        summary: "Groups, optionally searched by name (3+ characters)",
        security,
        querystring: z.object({
          q: z.string().max(255).optional(),
          page: z.coerce.number().int().min(0).default(0),
          size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
        }),
        response: {
          200: z.object({ content: z.array(group), totalElements: z.number(), page: z.number(), size: z.number() }),
        },
      },
    },
    async (request) =>
      service.searchGroups(app.db, request.actor, request.query.q, request.query.page, request.query.size),
  );

  app.get(
    "/core/groups/autocomplete",
    {
      schema: {
        tags: ["assignment"],
        summary: "Groups matching a query of 3+ characters",
        security,
        querystring: z.object({ query: z.string().max(255).optional() }),
        response: { 200: z.array(group) },
      },
    },
    async (request) => {
      const term = request.query.query?.trim() ?? "";
      if (term.length < 3) return [];
      return (await service.searchGroups(app.db, request.actor, term, 0, service.AUTOCOMPLETE_SIZE)).content;
    },
  );

  app.get(
    "/core/groups/:schema/:table/:id",
    {
      schema: {
        tags: ["assignment"],
        summary: "Groups assigned to a record",
        security,
        params: recordParams,
        response: { 200: z.array(group) },
      },
    },
    async (request) => {
      const { schema, table, id } = request.params;
      return service.assignedGroups(app.db, request.actor, { schemaKey: schema, tableKey: table, uuidKey: id });
    },
  );

  app.post(
    "/core/groups/:groupId/assign_to_entities",
    {
      schema: {
        tags: ["assignment"],
        summary: "Assign a group to records",
        security,
        params: z.object({ groupId: z.string().max(64) }),
        body: z.object({ assignToEntities: z.array(entityRef).min(1).max(200) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.assign(
        app.db,
        request.actor,
        { kind: "group", id: request.params.groupId },
        request.body.assignToEntities,
      );
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/core/groups/:groupId/remove_from_entities",
    {
      schema: {
        tags: ["assignment"],
        summary: "Remove a group from records",
        security,
        params: z.object({ groupId: z.string().max(64) }),
        body: z.object({ removeFromEntities: z.array(entityRef).min(1).max(200) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.unassign(
        app.db,
        request.actor,
        { kind: "group", id: request.params.groupId },
        request.body.removeFromEntities,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/iam/users/employees/autocomplete",
    {
      schema: {
        tags: ["assignment"],
        summary: "Users matching a query of 3+ characters",
        security,
        querystring: z.object({ query: z.string().max(255).optional() }),
        response: {
          200: z.array(z.object({ uuid: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() })),
        },
      },
    },
    async (request) => service.autocompleteUsers(app.db, request.actor, request.query.query),
  );

  app.get(
    "/iam/users/:schema/:table/:id",
    {
      schema: {
        tags: ["assignment"],
        summary: "Users assigned to a record",
        security,
        params: recordParams,
        response: { 200: z.array(assignedUser) },
      },
    },
    async (request) => {
      const { schema, table, id } = request.params;
      return service.assignedUsers(app.db, request.actor, { schemaKey: schema, tableKey: table, uuidKey: id });
    },
  );

  app.post(
    "/iam/users/:id/assign_to_entities",
    {
      schema: {
        tags: ["assignment"],
        summary: "Assign a user to records",
        security,
        params: z.object({ id: z.string().max(64) }),
        body: z.object({ assignToEntities: z.array(entityRef).min(1).max(200) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.assign(
        app.db,
        request.actor,
        { kind: "user", id: request.params.id },
        request.body.assignToEntities,
      );
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/iam/users/:id/remove_from_entities",
    {
      schema: {
        tags: ["assignment"],
        summary: "Remove a user from records",
        security,
        params: z.object({ id: z.string().max(64) }),
        body: z.object({ removeFromEntities: z.array(entityRef).min(1).max(200) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.unassign(
        app.db,
        request.actor,
        { kind: "user", id: request.params.id },
        request.body.removeFromEntities,
      );
      return reply.status(204).send(null);
    },
  );
};
