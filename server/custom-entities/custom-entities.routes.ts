import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { customEntityInputSchema, customEntitySchema, entityNamesSchema } from "../contract/custom-entities.ts";
import * as service from "./custom-entities.service.ts";

const security = [{ bearer: [] }];
const tags = ["custom entities"];
const keyParams = z.object({ key: z.string().max(64) });

/** Custom entities (spec §2 `/custom-entity/{key}`): tables of records an administrator makes at run time. */
export const customEntitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/custom_entities",
    {
      schema: {
        tags,
        summary: "Every custom entity, with its number of custom fields and records (settings)",
        security,
        response: { 200: z.array(customEntitySchema) },
      },
    },
    async (request) => service.listCustomEntities(app.db, request.actor),
  );

  app.get(
    "/custom_entities/:key",
    {
      schema: {
        tags,
        summary: "One custom entity",
        security,
        params: keyParams,
        response: { 200: customEntitySchema },
      },
    },
    async (request) => service.getCustomEntity(app.db, request.actor, request.params.key),
  );

  app.post(
    "/custom_entities",
    {
      schema: {
        tags,
        summary:
          "Make a custom entity: its table in custom_schema and its first custom fields (at least one), in one transaction",
        security,
        body: customEntityInputSchema,
        response: { 201: customEntitySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createCustomEntity(app.db, request.actor, request.body)),
  );

  app.put(
    "/custom_entities/:key",
    {
      schema: {
        tags,
        summary: "Rename a custom entity or change its icon",
        security,
        params: keyParams,
        body: entityNamesSchema,
        response: { 200: customEntitySchema },
      },
    },
    async (request) => service.renameCustomEntity(app.db, request.actor, request.params.key, request.body),
  );

  app.delete(
    "/custom_entities/:key",
    {
      schema: {
        tags,
        summary: 'Delete a custom entity without records, with its table ("This custom entity already have data")',
        security,
        params: keyParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteCustomEntity(app.db, request.actor, request.params.key);
      return reply.status(204).send(null);
    },
  );
};
