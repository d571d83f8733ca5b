import { z } from "zod";
import { entityRefSchema as entityRef, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "./records.ts";
import { apiRoute } from "./route.ts";

const tags = ["assignment"];
const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const group = z.object({ uuid: z.string(), groupUuid: z.string(), name: z.string() });
const assignedUser = z.object({ uuid: z.string(), firstName: z.string(), lastName: z.string(), category: z.null() });
const recordParams = z.object({ schema: key, table: key, id: z.string().max(64) });
const groupParams = z.object({ groupId: z.string().max(64) });
const userParams = z.object({ id: z.string().max(64) });
const assignBody = z.object({ assignToEntities: z.array(entityRef).min(1).max(200) });
const removeBody = z.object({ removeFromEntities: z.array(entityRef).min(1).max(200) });
const done = { 204: z.null() };

/** Users and groups assigned to records (the notification-assignment section). */
export const assignmentsApi = {
  groups: apiRoute({
    method: "GET",
    path: "/core/groups",
    tags,
    summary: "Groups, optionally searched by name (3+ characters)",
    querystring: z.object({
      q: z.string().max(255).optional(),
      page: z.coerce.number().int().min(0).default(0),
      size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    }),
    response: {
      200: z.object({ content: z.array(group), totalElements: z.number(), page: z.number(), size: z.number() }),
    },
  }),
  groupsAutocomplete: apiRoute({
    method: "GET",
    path: "/core/groups/autocomplete",
    tags,
    summary: "Groups matching a query of 3+ characters",
    querystring: z.object({ query: z.string().max(255).optional() }),
    response: { 200: z.array(group) },
  }),
  assignedGroups: apiRoute({
    method: "GET",
    path: "/core/groups/:schema/:table/:id",
    tags,
    summary: "Groups assigned to a record",
    params: recordParams,
    response: { 200: z.array(group) },
  }),
  assignGroup: apiRoute({
    method: "POST",
    path: "/core/groups/:groupId/assign_to_entities",
    tags,
    summary: "Assign a group to records",
    params: groupParams,
    body: assignBody,
    response: done,
  }),
  removeGroup: apiRoute({
    method: "DELETE",
    path: "/core/groups/:groupId/remove_from_entities",
    tags,
    summary: "Remove a group from records",
    params: groupParams,
    body: removeBody,
    response: done,
  }),
  usersAutocomplete: apiRoute({
    method: "GET",
    path: "/iam/users/employees/autocomplete",
    tags,
    summary: "Users matching a query of 3+ characters",
    querystring: z.object({ query: z.string().max(255).optional() }),
    response: {
      200: z.array(z.object({ uuid: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() })),
    },
  }),
  assignedUsers: apiRoute({
    method: "GET",
    path: "/iam/users/:schema/:table/:id",
    tags,
    summary: "Users assigned to a record",
    params: recordParams,
    response: { 200: z.array(assignedUser) },
  }),
  assignUser: apiRoute({
    method: "POST",
    path: "/iam/users/:id/assign_to_entities",
    tags,
    summary: "Assign a user to records",
    params: userParams,
    body: assignBody,
    response: done,
  }),
  removeUser: apiRoute({
    method: "DELETE",
    path: "/iam/users/:id/remove_from_entities",
    tags,
    summary: "Remove a user from records",
    params: userParams,
    body: removeBody,
    response: done,
  }),
};
