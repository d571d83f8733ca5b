import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { metaStatusApi as routes } from "../contract/meta-status.api.ts";
import { SEARCH_MIN_LENGTH } from "../contract/records.ts";
import { contractRoute } from "../http/contract-route.ts";
import { DomainError } from "../http/errors.ts";
import * as records from "../records/records.service.ts";
import * as service from "./meta-status.service.ts";

/**
 * Statuses, priorities, categories and sources (meta statuses, spec §7 /api/metastatus), as `metaStatusApi` declares
 * them.
 */
export const metaStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(routes.listSettings),
    handler: async (request) => {
      const { schema, table } = request.query;
      const entity = schema && table ? { schemaKey: schema, tableKey: table } : undefined;
      return service.listMetaStatusSettings(app.db, request.actor, request.params.kind, entity);
    },
  });

  app.route({
    ...contractRoute(routes.entities),
    handler: async (request) => service.listMetaStatusEntities(app.db, request.actor, request.params.kind),
  });

  app.route({
    ...contractRoute(routes.create),
    handler: async (request, reply) => {
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
  });

  app.route({
    ...contractRoute(routes.change),
    handler: async (request) =>
      service.updateMetaStatus(app.db, request.actor, request.params.kind, request.params.id, request.body),
  });

  app.route({
    ...contractRoute(routes.delete),
    handler: async (request, reply) => {
      await service.deleteMetaStatus(app.db, request.actor, request.params.kind, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...contractRoute(routes.ofEntity),
    handler: async (request) => {
      const entity = await records.resolveEntity(app.db, request.params.schema, request.params.table);
      return records.listStatuses(app.db, request.actor, entity, request.query.kind);
    },
  });

  app.route({
    ...contractRoute(routes.categories),
    handler: async (request) => {
      const entity = await records.resolveEntity(app.db, request.params.schema, request.params.table);
      return records.listStatuses(app.db, request.actor, entity, "category");
    },
  });

  app.route({
    ...contractRoute(routes.autocomplete),
    handler: async (request) => {
      const entity = await records.resolveEntity(app.db, request.params.schema, request.params.table);
      const query = request.query.query.trim().toLocaleLowerCase();
      if (query.length < SEARCH_MIN_LENGTH) return [];
      const all = await records.listStatuses(app.db, request.actor, entity, request.query.kind);
      return all.filter((s) => `${s.nameEn}\n${s.nameNb}`.toLocaleLowerCase().includes(query));
    },
  });

  app.route({
    ...contractRoute(routes.entityDefault),
    handler: async (request) => {
      const entity = await records.resolveEntity(app.db, request.params.schema, request.params.table);
      const all = await records.listStatuses(app.db, request.actor, entity, request.query.kind);
      const status = all.find((s) => s.isDefault);
      if (!status) throw new DomainError(404, "NotFoundException", "No default status");
      return status;
    },
  });

  app.route({
    ...contractRoute(routes.ofRecord),
    handler: async (request) => {
      const entity = await records.resolveEntity(app.db, request.params.schema, request.params.table);
      const record = await records.getRecord(app.db, request.actor, entity, request.params.id);
      const statuses = await records.listStatuses(app.db, request.actor, entity);
      return statuses.find((s) => s.metaStatusId === record.statusId) ?? null;
    },
  });
};
