import { z } from "zod";
import {
  permissionMatrixInputSchema,
  permissionMatrixSchema,
  roleInputSchema,
  roleNameSchema,
  roleSchema,
} from "./iam.ts";
import { apiRoute } from "./route.ts";

const tags = ["roles"];
const idParams = z.object({ id: z.uuid() });

/** Roles and their permission matrices (spec §6): read with the settings, changed with Update on them. */
export const rolesApi = {
  list: apiRoute({
    method: "GET",
    path: "/iam/roles",
    tags,
    summary: "Every role, with how many users hold it",
    response: { 200: z.array(roleSchema) },
  }),
  create: apiRoute({
    method: "POST",
    path: "/iam/roles",
    tags,
    summary: "A new role, empty or a copy of another's permissions",
    body: roleInputSchema,
    response: { 201: roleSchema },
  }),
  role: apiRoute({
    method: "GET",
    path: "/iam/roles/:id",
    tags,
    summary: "One role",
    params: idParams,
    response: { 200: roleSchema },
  }),
  rename: apiRoute({
    method: "PUT",
    path: "/iam/roles/:id",
    tags,
    summary: "Rename a role (not a built-in one)",
    params: idParams,
    body: roleNameSchema,
    response: { 200: roleSchema },
  }),
  delete: apiRoute({
    method: "DELETE",
    path: "/iam/roles/:id",
    tags,
    summary: 'Delete a role that no user holds ("Role in use" otherwise)',
    params: idParams,
    response: { 204: z.null() },
  }),
  permissions: apiRoute({
    method: "GET",
    path: "/iam/roles/:id/permissions",
    tags,
    summary: "A role's permission matrix: every resource with the operations the role has",
    params: idParams,
    response: { 200: permissionMatrixSchema },
  }),
  savePermissions: apiRoute({
    method: "PUT",
    path: "/iam/roles/:id/permissions",
    tags,
    summary: "Save a role's whole permission matrix",
    params: idParams,
    body: permissionMatrixInputSchema,
    response: { 200: permissionMatrixSchema },
  }),
};
