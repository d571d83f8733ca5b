import { z } from "zod";
import {
  groupAdminSchema,
  groupInputSchema,
  groupListQuerySchema,
  groupMemberPageSchema,
  groupMembersInputSchema,
} from "./iam.ts";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "./records.ts";
import { apiRoute } from "./route.ts";

const tags = ["groups"];
const idParams = z.object({ id: z.uuid() });
const noContent = { 204: z.null() };

/**
 * Groups of users as the settings administer them: read with the settings, changed with Update on them. Assigning
 * groups to records is `/api/core/groups` (server/assignments/).
 */
export const groupsApi = {
  list: apiRoute({
    method: "GET",
    path: "/iam/groups",
    tags,
    summary: "Groups by name, searched from 3 characters, with how many members each has",
    querystring: groupListQuerySchema,
    response: {
      200: z.object({
        content: z.array(groupAdminSchema),
        totalElements: z.number(),
        page: z.number(),
        size: z.number(),
      }),
    },
  }),
  create: apiRoute({
    method: "POST",
    path: "/iam/groups",
    tags,
    summary: "A new group",
    body: groupInputSchema,
    response: { 201: groupAdminSchema },
  }),
  group: apiRoute({
    method: "GET",
    path: "/iam/groups/:id",
    tags,
    summary: "One group",
    params: idParams,
    response: { 200: groupAdminSchema },
  }),
  rename: apiRoute({
    method: "PUT",
    path: "/iam/groups/:id",
    tags,
    summary: "Rename a group",
    params: idParams,
    body: groupInputSchema,
    response: { 200: groupAdminSchema },
  }),
  delete: apiRoute({
    method: "DELETE",
    path: "/iam/groups/:id",
    tags,
    summary: "Delete a group, with its memberships and its assignments to records",
    params: idParams,
    response: noContent,
  }),
  members: apiRoute({
    method: "GET",
    path: "/iam/groups/:id/members",
    tags,
    summary: "A group's members by name",
    params: idParams,
    querystring: z.object({
      page: z.coerce.number().int().min(0).default(0),
      size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    }),
    response: { 200: groupMemberPageSchema },
  }),
  addMembers: apiRoute({
    method: "POST",
    path: "/iam/groups/:id/members",
    tags,
    summary: 'Add users to a group ("User already exist" for a member)',
    params: idParams,
    body: groupMembersInputSchema,
    response: noContent,
  }),
  removeMember: apiRoute({
    method: "DELETE",
    path: "/iam/groups/:id/members/:userId",
    tags,
    summary: "Remove a user from a group",
    params: z.object({ id: z.uuid(), userId: z.uuid() }),
    response: noContent,
  }),
};
