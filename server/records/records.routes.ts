import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordsApi as routes } from "../contract/records.api.ts";
import { contractRoute } from "../http/contract-route.ts";
import { listFiltersOf } from "./list-query.ts";
import * as service from "./records.service.ts";

/** The generic resource service (every entity's records at /api/{schema}/{entity}), as `recordsApi` declares it. */
export const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(routes.history),
    handler: async (request) => {
      const entity = await service.resolveEntity(app.db, request.params.schema, request.params.entity);
      const { id, page, size } = request.query;
      return service.recordHistory(app.db, request.actor, entity, id, page, size);
    },
  });

  app.route({
    ...contractRoute(routes.info),
    handler: async (request) => {
      const entity = await service.resolveEntity(app.db, request.params.schema, request.params.entity);
      service.assertCanRead(request.actor, entity);
      return service.entityInfo(await service.withOptions(app.db, entity));
    },
  });

  app.route({
    ...contractRoute(routes.list),
    handler: async (request) => {
      const entity = await service.resolveEntity(app.db, request.params.schema, request.params.entity);
      const { page, size, fields, connections } = request.query;
      return service.listRecords(app.db, request.actor, entity, {
        ...listFiltersOf(request.query),
        page,
        size,
        fields,
        withConnections: connections === "true",
      });
    },
  });

  app.route({
    ...contractRoute(routes.get),
    handler: async (request) => {
      const entity = await service.resolveEntity(app.db, request.params.schema, request.params.entity);
      return service.getRecord(app.db, request.actor, entity, request.params.id);
    },
  });

  app.route({
    ...contractRoute(routes.create),
    handler: async (request, reply) => {
      const entity = await service.resolveEntity(app.db, request.params.schema, request.params.entity);
      const record = await service.createRecord(
        app.db,
        request.actor,
        entity,
        request.body.values,
        request.body.statusId,
      );
      return reply.status(201).send(record);
    },
  });

  // PUT replaces the values; PATCH changes only those it names.
  for (const [route, partial] of [
    [routes.replace, false],
    [routes.change, true],
  ] as const) {
    app.route({
      ...contractRoute(route),
      handler: async (request) => {
        const entity = await service.resolveEntity(app.db, request.params.schema, request.params.entity);
        return service.updateRecord(
          app.db,
          request.actor,
          entity,
          request.params.id,
          request.body.values,
          partial,
          request.body.statusId,
        );
      },
    });
  }

  app.route({
    ...contractRoute(routes.delete),
    handler: async (request, reply) => {
      const entity = await service.resolveEntity(app.db, request.params.schema, request.params.entity);
      await service.deleteRecord(app.db, request.actor, entity, request.params.id);
      return reply.status(204).send(null);
    },
  });
};
