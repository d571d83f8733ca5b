import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordsApi as routes } from "../contract/records.api.ts";
import { contractRoutes } from "../http/contract-route.ts";
import { listFiltersOf } from "./list-query.ts";
import * as service from "./records.service.ts";

/** The generic resource service (every entity's records at /api/{schema}/{entity}), as `recordsApi` declares it. */
export const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  /** The entity a route's path names, by its schema and key. */
  const entityOf = (params: { schema: string; entity: string }) =>
    service.resolveEntity(app.db, params.schema, params.entity);

  serve(routes.history, async (request) => {
    const entity = await entityOf(request.params);
    const { id, page, size } = request.query;
    return service.recordHistory(app.db, request.actor, entity, id, page, size);
  });

  serve(routes.info, async (request) => {
    const entity = await entityOf(request.params);
    service.assertCanRead(request.actor, entity);
    return service.entityInfo(await service.withOptions(app.db, entity));
  });

  serve(routes.list, async (request) => {
    const entity = await entityOf(request.params);
    const { page, size, fields, connections } = request.query;
    return service.listRecords(app.db, request.actor, entity, {
      ...listFiltersOf(request.query),
      page,
      size,
      fields,
      withConnections: connections === "true",
    });
  });

  serve(routes.get, async (request) =>
    service.getRecord(app.db, request.actor, await entityOf(request.params), request.params.id),
  );

  serve.created(routes.create, async (request) => {
    const { values, statusId } = request.body;
    return service.createRecord(app.db, request.actor, await entityOf(request.params), values, statusId);
  });

  // PUT replaces the values; PATCH changes only those it names.
  for (const [route, partial] of [
    [routes.replace, false],
    [routes.change, true],
  ] as const) {
    serve(route, async (request) => {
      const { values, statusId } = request.body;
      const entity = await entityOf(request.params);
      return service.updateRecord(app.db, request.actor, entity, request.params.id, values, partial, statusId);
    });
  }

  serve.noContent(routes.delete, async (request) =>
    service.deleteRecord(app.db, request.actor, await entityOf(request.params), request.params.id),
  );
};
