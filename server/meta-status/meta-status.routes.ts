import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { metaStatusApi as routes } from "../contract/meta-status.api.ts";
import { SEARCH_MIN_LENGTH } from "../contract/records.ts";
import { contractRoutes } from "../http/contract-route.ts";
import { DomainError } from "../http/errors.ts";
import * as records from "../records/records.service.ts";
import * as service from "./meta-status.service.ts";

/**
 * Statuses, priorities, categories and sources (meta statuses, spec §7 /api/metastatus), as `metaStatusApi` declares
 * them.
 */
export const metaStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  serve(routes.listSettings, (request) => {
    const { schema, table } = request.query;
    const entity = schema && table ? { schemaKey: schema, tableKey: table } : undefined;
    return service.listMetaStatusSettings(app.db, request.actor, request.params.kind, entity);
  });
  serve(routes.entities, (request) => service.listMetaStatusEntities(app.db, request.actor, request.params.kind));
  serve.created(routes.create, (request) => {
    const { schema, table, ...input } = request.body;
    const entity = { schemaKey: schema, tableKey: table };
    return service.createMetaStatus(app.db, request.actor, request.params.kind, entity, input);
  });
  serve(routes.change, (request) =>
    service.updateMetaStatus(app.db, request.actor, request.params.kind, request.params.id, request.body),
  );
  serve.noContent(routes.delete, (request) =>
    service.deleteMetaStatus(app.db, request.actor, request.params.kind, request.params.id),
  );

  /** The entity a route's path names, by its schema and table. */
  const entityOf = (params: { schema: string; table: string }) =>
    records.resolveEntity(app.db, params.schema, params.table);

  serve(routes.ofEntity, async (request) =>
    records.listStatuses(app.db, request.actor, await entityOf(request.params), request.query.kind),
  );
  serve(routes.categories, async (request) =>
    records.listStatuses(app.db, request.actor, await entityOf(request.params), "category"),
  );
  serve(routes.autocomplete, async (request) => {
    const entity = await entityOf(request.params);
    const query = request.query.query.trim().toLocaleLowerCase();
    if (query.length < SEARCH_MIN_LENGTH) return [];
    const all = await records.listStatuses(app.db, request.actor, entity, request.query.kind);
    return all.filter((s) => `${s.nameEn}\n${s.nameNb}`.toLocaleLowerCase().includes(query));
  });
  serve(routes.entityDefault, async (request) => {
    const entity = await entityOf(request.params);
    const all = await records.listStatuses(app.db, request.actor, entity, request.query.kind);
    const status = all.find((s) => s.isDefault);
    if (!status) throw new DomainError(404, "NotFoundException", "No default status");
    return status;
  });
  serve(routes.ofRecord, async (request) => {
    const entity = await entityOf(request.params);
    const record = await records.getRecord(app.db, request.actor, entity, request.params.id);
    const statuses = await records.listStatuses(app.db, request.actor, entity);
    return statuses.find((s) => s.metaStatusId === record.statusId) ?? null;
  });
};
