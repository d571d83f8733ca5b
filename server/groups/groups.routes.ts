import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  groupAdminSchema,
  groupInputSchema,
  groupListQuerySchema,
  groupMemberPageSchema,
  groupMembersInputSchema,
} from "../contract/iam.ts";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "../contract/records.ts";
import * as service from "./groups.service.ts";

const idParams = z.object({ id: z.uuid() });
const security = [{ bearer: [] }];

/**
 * Groups of users as the settings administer them: read with the settings, changed with Update on them. Assigning
 * groups to records is `/api/core/groups` (server/assignments/).
 */
export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/iam/groups",
    {
      schema: {
        tags: ["groups"],
        summary: "Groups by name, searched from 3 characters, with how many members each has",
        security,
        querystring: groupListQuerySchema,
        response: {
          200: z.object({
            content: z.array(groupAdminSchema),
            totalElements: z.number(),
            page: z.number(),
            size: z.number(),
          }),
        },
      },
    },
    async (request) => service.listGroups(app.db, request.actor, request.query),
  );

  app.post(
    "/iam/groups",
    {
      schema: {
        tags: ["groups"],
        summary: "A new group",
        security,
        body: groupInputSchema,
        response: { 201: groupAdminSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createGroup(app.db, request.actor, request.body.name)),
  );

  app.get(
    "/iam/groups/:id",
    {
      schema: {
        tags: ["groups"],
        summary: "One group",
        security,
        params: idParams,
        response: { 200: groupAdminSchema },
      },
    },
    async (request) => service.getGroup(app.db, request.actor, request.params.id),
  );

  app.put(
    "/iam/groups/:id",
    {
      schema: {
        tags: ["groups"],
        summary: "Rename a group",
        security,
        params: idParams,
        body: groupInputSchema,
        response: { 200: groupAdminSchema },
      },
    },
    async (request) => service.renameGroup(app.db, request.actor, request.params.id, request.body.name),
  );

  app.delete(
    "/iam/groups/:id",
    {
      schema: {
        tags: ["groups"],
        summary: "Delete a group, with its memberships and its assignments to records",
        security,
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteGroup(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/iam/groups/:id/members",
    {
      schema: {
        tags: ["groups"],
        summary: "A group's members by name",
        security,
        params: idParams,
        querystring: z.object({
          page: z.coerce.number().int().min(0).default(0),
          size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
        }),
        response: { 200: groupMemberPageSchema },
      },
    },
    async (request) =>
      service.listMembers(app.db, request.actor, request.params.id, request.query.page, request.query.size),
  );

  app.post(
    "/iam/groups/:id/members",
    {
      schema: {
        tags: ["groups"],
        summary: 'Add users to a group ("User already exist" for a member)',
        security,
        params: idParams,
        body: groupMembersInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.addMembers(app.db, request.actor, request.params.id, request.body.userUuids);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/iam/groups/:id/members/:userId",
    {
      schema: {
        tags: ["groups"],
        summary: "Remove a user from a group",
        security,
        params: z.object({ id: z.uuid(), userId: z.uuid() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.removeMember(app.db, request.actor, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );
};
