import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  permissionMatrixInputSchema,
  permissionMatrixSchema,
  roleInputSchema,
  roleNameSchema,
  roleSchema,
} from "../contract/iam.ts";
import * as service from "./roles.service.ts";

const idParams = z.object({ id: z.uuid() });
const security = [{ bearer: [] }];

/** Roles and their permission matrices (spec §6): read with the settings, changed with Update on them. */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/iam/roles",
    {
      schema: {
        tags: ["roles"],
        summary: "Every role, with how many users hold it",
        security,
        response: { 200: z.array(roleSchema) },
      },
    },
    async (request) => service.listRoles(app.db, request.actor),
  );

  app.post(
    "/iam/roles",
    {
      schema: {
        tags: ["roles"],
        summary: "A new role, empty or a copy of another's permissions",
        security,
        body: roleInputSchema,
        response: { 201: roleSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createRole(app.db, request.actor, request.body)),
  );

  app.get(
    "/iam/roles/:id",
    { schema: { tags: ["roles"], summary: "One role", security, params: idParams, response: { 200: roleSchema } } },
    async (request) => service.getRole(app.db, request.actor, request.params.id),
  );

  app.put(
    "/iam/roles/:id",
    {
      schema: {
        tags: ["roles"],
        summary: "Rename a role (not a built-in one)",
        security,
        params: idParams,
        body: roleNameSchema,
        response: { 200: roleSchema },
      },
    },
    async (request) => service.renameRole(app.db, request.actor, request.params.id, request.body.name),
  );

  app.delete(
    "/iam/roles/:id",
    {
      schema: {
        tags: ["roles"],
        summary: 'Delete a role that no user holds ("Role in use" otherwise)',
        security,
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteRole(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/iam/roles/:id/permissions",
    {
      schema: {
        tags: ["roles"],
        summary: "A role's permission matrix: every resource with the operations the role has",
        security,
        params: idParams,
        response: { 200: permissionMatrixSchema },
      },
    },
    async (request) => service.permissionMatrix(app.db, request.actor, request.params.id),
  );

  app.put(
    "/iam/roles/:id/permissions",
    {
      schema: {
        tags: ["roles"],
        summary: "Save a role's whole permission matrix",
        security,
        params: idParams,
        body: permissionMatrixInputSchema,
        response: { 200: permissionMatrixSchema },
      },
    },
    async (request) => service.savePermissionMatrix(app.db, request.actor, request.params.id, request.body),
  );
};
