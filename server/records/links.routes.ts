import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, recordSchema } from "../contract/records.ts";
import * as links from "./links.service.ts";

const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const security = [{ bearer: [] }];

const linkSchema = z.looseObject({ uuid: z.string(), role: z.string() });

/** Links between records (such as a contact's role at a company). */
export const linksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/data/from/:schema/:table/of/:ownerTable/:ownerId",
    {
      schema: {
        tags: ["connections"],
        summary: "Records of one entity linked to a record of another, with each link's role",
        security,
        params: z.object({ schema: key, table: key, ownerTable: key, ownerId: z.string().max(64) }),
        querystring: z.object({
          page: z.coerce.number().int().min(0).default(0),
          size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
        }),
        response: {
          200: z.object({
            content: z.array(z.object({ link: linkSchema, record: recordSchema })),
            totalElements: z.number().int(),
            page: z.number().int(),
            size: z.number().int(),
          }),
        },
      },
    },
    async (request) => {
      const { schema, table, ownerTable, ownerId } = request.params;
      const { page, size } = request.query;
      return links.linkedRecords(
        app.db,
        request.actor,
        { schemaKey: schema, tableKey: table },
        { tableKey: ownerTable, id: ownerId },
        page,
        size,
      );
    },
  );

  app.post(
    "/data/links/:schema/:table",
    {
      schema: {
        tags: ["connections"],
        summary: "Link two records with a role (side 1 and side 2 as the relationship defines them)",
        security,
        params: z.object({ schema: key, table: key }),
        body: z.object({ id1: z.string().max(64), id2: z.string().max(64), role: z.string().max(255).nullish() }),
        response: { 201: linkSchema },
      },
    },
    async (request, reply) => {
      const link = await links.createLink(
        app.db,
        request.actor,
        request.params.schema,
        request.params.table,
        request.body,
      );
      return reply.status(201).send(link);
    },
  );

  app.delete(
    "/data/links/:schema/:table/:id",
    {
      schema: {
        tags: ["connections"],
        summary: "Remove a link",
        security,
        params: z.object({ schema: key, table: key, id: z.string().max(64) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await links.deleteLink(app.db, request.actor, request.params.schema, request.params.table, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
