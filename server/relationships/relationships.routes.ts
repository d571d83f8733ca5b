import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PAGE_SIZE_MAX } from "../contract/records.ts";
import {
  recordConnectionsSchema,
  relationshipChangeSchema,
  relationshipInputSchema,
  relationshipSchema,
} from "../contract/relationships.ts";
import * as service from "./relationships.service.ts";

const security = [{ bearer: [] }];
const tags = ["relationships"];
const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const idParams = z.object({ id: z.string().max(64) });
const recordParams = z.object({ schema: key, table: key, id: z.string().max(64) });

/** Relationships between entities (spec §3) and a record's connections through them. */
export const relationshipsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/relationships",
    {
      schema: {
        tags,
        summary: "Every relationship, built-in and custom, with how many links each has (settings)",
        security,
        response: { 200: z.array(relationshipSchema) },
      },
    },
    async (request) => service.listRelationships(app.db, request.actor),
  );

  app.get(
    "/relationships/:id",
    {
      schema: { tags, summary: "One relationship", security, params: idParams, response: { 200: relationshipSchema } },
    },
    async (request) => service.getRelationship(app.db, request.actor, request.params.id),
  );

  app.post(
    "/relationships",
    {
      schema: {
        tags,
        summary:
          "Relate two entities (one-to-one, one-to-many, many-to-one, many-to-many), with a link table of its own",
        security,
        body: relationshipInputSchema,
        response: { 201: relationshipSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRelationship(app.db, request.actor, request.body)),
  );

  app.put(
    "/relationships/:id",
    {
      schema: {
        tags,
        summary: "Change a relationship's labels, names, visibility and favorite flag; its entities and type stay",
        security,
        params: idParams,
        body: relationshipChangeSchema,
        response: { 200: relationshipSchema },
      },
    },
    async (request) => service.updateRelationship(app.db, request.actor, request.params.id, request.body),
  );

  app.delete(
    "/relationships/:id",
    {
      schema: {
        tags,
        summary:
          'Delete a relationship no records are linked by ("Failed to delete. This relationship is currently in use.")',
        security,
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteRelationship(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/data/connections/:schema/:table/:id",
    {
      schema: {
        tags,
        summary:
          "A record's connections: each relationship shown to the user, with the newest linked records and the count; or a page of one relationship's (`relationship`)",
        security,
        params: recordParams,
        querystring: z.object({
          relationship: z.uuid().optional(),
          page: z.coerce.number().int().min(0).max(100_000).default(0),
          size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
        }),
        response: { 200: recordConnectionsSchema },
      },
    },
    async (request) => {
      const { schema, table, id } = request.params;
      const { relationship, page, size } = request.query;
      return service.connectionsOfRecord(
        app.db,
        request.actor,
        { schemaKey: schema, tableKey: table, uuidKey: id },
        { relationshipId: relationship, page, size },
      );
    },
  );

  app.get(
    "/data/from/:schema/:table/:id/all_related_custom_entities",
    {
      schema: {
        tags,
        summary: "The custom entities a record is related to, with its linked records of each",
        security,
        params: recordParams,
        response: {
          200: z.array(
            recordConnectionsSchema.element.shape.other.extend({
              relationshipId: z.string(),
              totalElements: z.number().int(),
              records: z.array(z.object({ uuid: z.string(), rowName: z.string() })),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { schema, table, id } = request.params;
      return service.relatedCustomEntities(app.db, request.actor, { schemaKey: schema, tableKey: table, uuidKey: id });
    },
  );
};
