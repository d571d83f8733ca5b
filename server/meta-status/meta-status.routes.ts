import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  metaStatusEntitySchema,
  metaStatusInputSchema,
  metaStatusKindSchema,
  metaStatusSettingSchema,
} from "../contract/meta-status.ts";
import { metaStatusSchema, SEARCH_MIN_LENGTH } from "../contract/records.ts";
import { DomainError } from "../http/errors.ts";
import * as records from "../records/records.service.ts";
import * as service from "./meta-status.service.ts";

const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const security = [{ bearer: [] }];
const tags = ["statuses"];

/**
 * Statuses, priorities, categories and sources (meta statuses, spec §7 /api/metastatus): an entity's active ones for
 * its forms and lists, and the generic service on /metastatus/{kind} by which the settings keep them.
 */
export const metaStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/metastatus/:kind",
    {
      schema: {
        tags,
        summary: "Every status (or priority, category, source) with inactive ones, of one entity or all (settings)",
        security,
        params: z.object({ kind: metaStatusKindSchema }),
        querystring: z.object({ schema: key.optional(), table: key.optional() }),
        response: { 200: z.array(metaStatusSettingSchema) },
      },
    },
    async (request) => {
      const { schema, table } = request.query;
      const entity = schema && table ? { schemaKey: schema, tableKey: table } : undefined;
      return service.listMetaStatusSettings(app.db, request.actor, request.params.kind, entity);
    },
  );

  app.get(
    "/metastatus/:kind/entities",
    {
      schema: {
        tags,
        summary: "The entities that have statuses (or priorities, categories, sources), for the settings",
        security,
        params: z.object({ kind: metaStatusKindSchema }),
        response: { 200: z.array(metaStatusEntitySchema) },
      },
    },
    async (request) => service.listMetaStatusEntities(app.db, request.actor, request.params.kind),
  );

  app.post(
    "/metastatus/:kind",
    {
      schema: {
        tags,
        summary: "Add a status (or priority, category, source) to an entity; a new default replaces the old one",
        security,
        params: z.object({ kind: metaStatusKindSchema }),
        body: z.intersection(metaStatusInputSchema, z.object({ schema: key, table: key })),
        response: { 201: metaStatusSettingSchema },
      },
    },
    async (request, reply) => {
      const { schema, table, ...input } = request.body;
      const created = await service.createMetaStatus(
        app.db,
        request.actor,
        request.params.kind,
        { schemaKey: schema, tableKey: table },
        input,
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    "/metastatus/:kind/:id",
    {
      schema: {
        tags,
        summary: "Change a status (or priority, category, source); a default must be active",
        security,
        params: z.object({ kind: metaStatusKindSchema, id: z.string().max(64) }),
        body: metaStatusInputSchema,
        response: { 200: metaStatusSettingSchema },
      },
    },
    async (request) =>
      service.updateMetaStatus(app.db, request.actor, request.params.kind, request.params.id, request.body),
  );

  app.delete(
    "/metastatus/:kind/:id",
    {
      schema: {
        tags,
        summary:
          "Delete an inactive status (or priority, category, source) that is not the default and no record holds",
        security,
        params: z.object({ kind: metaStatusKindSchema, id: z.string().max(64) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteMetaStatus(app.db, request.actor, request.params.kind, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/metastatus/:schema/:table",
    {
      schema: {
        tags,
        summary: "An entity's statuses, or with kind its priorities (in rank order), categories or sources",
        security,
        params: z.object({ schema: key, table: key }),
        querystring: z.object({ kind: metaStatusKindSchema.default("status") }),
        response: { 200: z.array(metaStatusSchema) },
      },
    },
    async (request) => {
      const entity = await records.resolveEntity(app.db, request.params.schema, request.params.table);
      return records.listStatuses(app.db, request.actor, entity, request.query.kind);
    },
  );

  app.get(
    "/metastatus/category/:schema/:table",
    {
      schema: {
        tags,
        summary: "An entity's categories",
        security,
        params: z.object({ schema: key, table: key }),
        response: { 200: z.array(metaStatusSchema) },
      },
    },
    async (request) => {
      const entity = await records.resolveEntity(app.db, request.params.schema, request.params.table);
      return records.listStatuses(app.db, request.actor, entity, "category");
    },
  );

  app.get(
    "/metastatus/:schema/:table/autocomplete",
    {
      schema: {
        tags,
        summary: "An entity's categories (or another kind) whose name holds the query (3+ characters, trimmed)",
        security,
        params: z.object({ schema: key, table: key }),
        querystring: z.object({
          query: z.string().max(255).default(""),
          kind: metaStatusKindSchema.default("category"),
        }),
        response: { 200: z.array(metaStatusSchema) },
      },
    },
    async (request) => {
      const entity = await records.resolveEntity(app.db, request.params.schema, request.params.table);
      const query = request.query.query.trim().toLocaleLowerCase();
      if (query.length < SEARCH_MIN_LENGTH) return [];
      const all = await records.listStatuses(app.db, request.actor, entity, request.query.kind);
      return all.filter((s) => `${s.nameEn}\n${s.nameNb}`.toLocaleLowerCase().includes(query));
    },
  );

  app.get(
    "/metastatus/default/:schema/:table",
    {
      schema: {
        tags,
        summary: "An entity's default status (or, with kind, its default priority, category or source)",
        security,
        params: z.object({ schema: key, table: key }),
        querystring: z.object({ kind: metaStatusKindSchema.default("status") }),
        response: { 200: metaStatusSchema },
      },
    },
    async (request) => {
      const entity = await records.resolveEntity(app.db, request.params.schema, request.params.table);
      const all = await records.listStatuses(app.db, request.actor, entity, request.query.kind);
      const status = all.find((s) => s.isDefault);
      if (!status) throw new DomainError(404, "NotFoundException", "No default status");
      return status;
    },
  );

  app.get(
    "/metastatus/:schema/:table/:id/get",
    {
      schema: {
        tags,
        summary: "A record's status",
        security,
        params: z.object({ schema: key, table: key, id: z.string().max(64) }),
        response: { 200: metaStatusSchema.nullable() },
      },
    },
    async (request) => {
      const entity = await records.resolveEntity(app.db, request.params.schema, request.params.table);
      const record = await records.getRecord(app.db, request.actor, entity, request.params.id);
      const statuses = await records.listStatuses(app.db, request.actor, entity);
      return statuses.find((s) => s.metaStatusId === record.statusId) ?? null;
    },
  );
};
