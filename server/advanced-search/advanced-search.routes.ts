import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { EXPORT_JOB } from "../bulk-data/exports.jobs.ts";
import { advancedSearchApi as routes } from "../contract/advanced-search.api.ts";
import {
  dataSourceInputSchema,
  queryDefinitionSchema,
  runQuerySchema,
  savedQueryInputSchema,
} from "../contract/advanced-search.ts";
import { contractRoutes } from "../http/contract-route.ts";
import { DomainError } from "../http/errors.ts";
import * as service from "./advanced-search.service.ts";
import { initiateQueryExport } from "./query-export.ts";

// The path's parameters as the routes declare them, read again by the routes that name their problems (`parsed`).
const typeParams = routes.createSavedQuery.params;
const idParams = routes.updateSavedQuery.params;
const dataSourceParams = routes.updateDataSource.params;

/**
 * The body read with its schema, its problems named by their whole path (`definition.entities.0.filters.1.paramValue`;
 * the route's own validation is attached, not thrown, so that these names replace the generic ones).
 */
function parsed<T extends z.ZodType>(schema: T, body: unknown, objectName: string): z.infer<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new DomainError(
    400,
    "MethodArgumentNotValidException",
    "Validation failed",
    result.error.issues.map((issue) => ({
      field: issue.path.map(String).join(".") || objectName,
      defaultMessage: issue.message,
      objectName,
    })),
  );
}

/**
 * Advanced search (contract/advanced-search.ts lists every path), as `advancedSearchApi` declares it. The routes that
 * save attach their validation rather than throw it, and read their input themselves (`parsed`).
 */
export const advancedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  const attachValidation = { attachValidation: true };

  for (const route of [routes.catalog, routes.dataSourceCatalog]) {
    serve(route, (request) => service.catalog(app.db, request.actor));
  }

  serve(
    routes.run,
    (request) => {
      const paging = parsed(runQuerySchema, request.query, "query");
      const definition = parsed(queryDefinitionSchema, request.body, "definition");
      return service.preview(app.db, request.actor, definition, paging);
    },
    attachValidation,
  );

  serve(routes.listSavedQueries, (request) =>
    service.listSavedQueries(app.db, request.actor, request.params.queryType, request.query),
  );
  serve.created(
    routes.createSavedQuery,
    (request) => {
      const { queryType } = parsed(typeParams, request.params, "path");
      const input = parsed(savedQueryInputSchema, request.body, "query");
      return service.createSavedQuery(app.db, request.actor, queryType, input);
    },
    attachValidation,
  );
  serve(routes.getSavedQuery, (request) =>
    service.getSavedQuery(app.db, request.actor, request.params.queryType, request.params.id),
  );
  serve(
    routes.updateSavedQuery,
    (request) => {
      const { queryType, id } = parsed(idParams, request.params, "path");
      const input = parsed(savedQueryInputSchema, request.body, "query");
      return service.updateSavedQuery(app.db, request.actor, queryType, id, input);
    },
    attachValidation,
  );
  serve.noContent(routes.deleteSavedQuery, (request) =>
    service.deleteSavedQuery(app.db, request.actor, request.params.queryType, request.params.id),
  );
  serve(routes.runSavedQuery, (request) =>
    service.runSavedQuery(app.db, request.actor, request.params.queryType, request.params.id, request.query),
  );
  serve.accepted(routes.exportSavedQuery, (request) =>
    initiateQueryExport(
      app.db,
      (exportId) => app.jobs.send(EXPORT_JOB, { exportId }),
      request.actor,
      request.params.queryType,
      request.params.id,
      request.query,
    ),
  );

  serve(routes.listDataSources, (request) => service.listDataSources(app.db, request.actor, request.query));
  serve(routes.dataSourceFields, (request) => service.dataSourceFields(app.db, request.actor, request.params.id));
  serve.created(
    routes.createDataSource,
    (request) =>
      service.createDataSource(app.db, request.actor, parsed(dataSourceInputSchema, request.body, "datasource")),
    attachValidation,
  );
  serve(routes.getDataSource, (request) => service.getDataSource(app.db, request.actor, request.params.id));
  serve(
    routes.updateDataSource,
    (request) => {
      const { id } = parsed(dataSourceParams, request.params, "path");
      const input = parsed(dataSourceInputSchema, request.body, "datasource");
      return service.updateDataSource(app.db, request.actor, id, input);
    },
    attachValidation,
  );
  serve.noContent(routes.deleteDataSource, (request) =>
    service.deleteDataSource(app.db, request.actor, request.params.id),
  );
};
