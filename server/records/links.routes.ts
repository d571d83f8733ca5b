import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  metaStatusSchema,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  recordSchema,
  SEARCH_MIN_LENGTH,
} from "../contract/records.ts";
import { DomainError } from "../http/errors.ts";
import * as links from "./links.service.ts";
import * as service from "./records.service.ts";

const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const security = [{ bearer: [] }];

const linkSchema = z.looseObject({ uuid: z.string(), role: z.string() });

/** Links between records (such as a contact's role at a company) and records' statuses. */
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

  const kind = z.enum(["status", "priority", "category", "source"]);

  app.get(
    "/metastatus/:schema/:table",
    {
      schema: {
        tags: ["statuses"],
        summary: "An entity's statuses, or with kind its priorities (in rank order), categories or sources",
        security,
        params: z.object({ schema: key, table: key }),
        querystring: z.object({ kind: kind.default("status") }),
        response: { 200: z.array(metaStatusSchema) },
      },
    },
    async (request) => {
      const entity = await service.resolveEntity(app.db, request.params.schema, request.params.table);
      return service.listStatuses(app.db, request.actor, entity, request.query.kind);
    },
  );

  app.get(
    "/metastatus/category/:schema/:table",
    {
      schema: {
        tags: ["statuses"],
        summary: "An entity's categories",
        security,
        params: z.object({ schema: key, table: key }),
        response: { 200: z.array(metaStatusSchema) },
      },
    },
    async (request) => {
      const entity = await service.resolveEntity(app.db, request.params.schema, request.params.table);
      return service.listStatuses(app.db, request.actor, entity, "category");
    },
  );

  app.get(
    "/metastatus/:schema/:table/autocomplete",
    {
      schema: {
        tags: ["statuses"],
        summary: "An entity's categories (or another kind) whose name holds the query (3+ characters, trimmed)",
        security,
        params: z.object({ schema: key, table: key }),
        querystring: z.object({ query: z.string().max(255).default(""), kind: kind.default("category") }),
        response: { 200: z.array(metaStatusSchema) },
      },
    },
    async (request) => {
      const entity = await service.resolveEntity(app.db, request.params.schema, request.params.table);
      const query = request.query.query.trim().toLocaleLowerCase();
      if (query.length < SEARCH_MIN_LENGTH) return [];
      const all = await service.listStatuses(app.db, request.actor, entity, request.query.kind);
      return all.filter((s) => `${s.nameEn}\n${s.nameNb}`.toLocaleLowerCase().includes(query));
    },
  );

  app.get(
    "/metastatus/default/:schema/:table",
    {
      schema: {
        tags: ["statuses"],
        summary: "An entity's default status (or, with kind, its default priority, category or source)",
        security,
        params: z.object({ schema: key, table: key }),
        querystring: z.object({ kind: kind.default("status") }),
        response: { 200: metaStatusSchema },
      },
    },
    async (request) => {
      const entity = await service.resolveEntity(app.db, request.params.schema, request.params.table);
      const all = await service.listStatuses(app.db, request.actor, entity, request.query.kind);
      const status = all.find((s) => s.isDefault);
      if (!status) throw new DomainError(404, "NotFoundException", "No default status");
      return status;
    },
  );

  app.get(
    "/metastatus/:schema/:table/:id/get",
    {
      schema: {
        tags: ["statuses"],
        summary: "A record's status",
        security,
        params: z.object({ schema: key, table: key, id: z.string().max(64) }),
        response: { 200: metaStatusSchema.nullable() },
      },
    },
    async (request) => {
      const entity = await service.resolveEntity(app.db, request.params.schema, request.params.table);
      const record = await service.getRecord(app.db, request.actor, entity, request.params.id);
      const statuses = await service.listStatuses(app.db, request.actor, entity);
      return statuses.find((s) => s.metaStatusId === record.statusId) ?? null;
    },
  );
};
