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
import { contractRoute } from "../http/contract-route.ts";
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
  for (const route of [routes.catalog, routes.dataSourceCatalog]) {
    app.route({
      ...contractRoute(route),
      handler: async (request) => service.catalog(app.db, request.actor),
    });
  }

  app.route({
    ...contractRoute(routes.run),
    attachValidation: true,
    handler: async (request) => {
      const paging = parsed(runQuerySchema, request.query, "query");
      const definition = parsed(queryDefinitionSchema, request.body, "definition");
      return service.preview(app.db, request.actor, definition, paging);
    },
  });

  app.route({
    ...contractRoute(routes.listSavedQueries),
    handler: async (request) =>
      service.listSavedQueries(app.db, request.actor, request.params.queryType, request.query),
  });

  app.route({
    ...contractRoute(routes.createSavedQuery),
    attachValidation: true,
    handler: async (request, reply) => {
      const { queryType } = parsed(typeParams, request.params, "path");
      const input = parsed(savedQueryInputSchema, request.body, "query");
      return reply.status(201).send(await service.createSavedQuery(app.db, request.actor, queryType, input));
    },
  });

  app.route({
    ...contractRoute(routes.getSavedQuery),
    handler: async (request) =>
      service.getSavedQuery(app.db, request.actor, request.params.queryType, request.params.id),
  });

  app.route({
    ...contractRoute(routes.updateSavedQuery),
    attachValidation: true,
    handler: async (request) => {
      const { queryType, id } = parsed(idParams, request.params, "path");
      const input = parsed(savedQueryInputSchema, request.body, "query");
      return service.updateSavedQuery(app.db, request.actor, queryType, id, input);
    },
  });

  app.route({
    ...contractRoute(routes.deleteSavedQuery),
    handler: async (request, reply) => {
      await service.deleteSavedQuery(app.db, request.actor, request.params.queryType, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...contractRoute(routes.runSavedQuery),
    handler: async (request) =>
      service.runSavedQuery(app.db, request.actor, request.params.queryType, request.params.id, request.query),
  });

  app.route({
    ...contractRoute(routes.exportSavedQuery),
    handler: async (request, reply) => {
      const exported = await initiateQueryExport(
        app.db,
        (exportId) => app.jobs.send(EXPORT_JOB, { exportId }),
        request.actor,
        request.params.queryType,
        request.params.id,
        request.query,
      );
      return reply.status(202).send(exported);
    },
  });

  app.route({
    ...contractRoute(routes.listDataSources),
    handler: async (request) => service.listDataSources(app.db, request.actor, request.query),
  });

  app.route({
    ...contractRoute(routes.dataSourceFields),
    handler: async (request) => service.dataSourceFields(app.db, request.actor, request.params.id),
  });

  app.route({
    ...contractRoute(routes.createDataSource),
    attachValidation: true,
    handler: async (request, reply) => {
      const input = parsed(dataSourceInputSchema, request.body, "datasource");
      return reply.status(201).send(await service.createDataSource(app.db, request.actor, input));
    },
  });

  app.route({
    ...contractRoute(routes.getDataSource),
    handler: async (request) => service.getDataSource(app.db, request.actor, request.params.id),
  });

  app.route({
    ...contractRoute(routes.updateDataSource),
    attachValidation: true,
    handler: async (request) => {
      const { id } = parsed(dataSourceParams, request.params, "path");
      const input = parsed(dataSourceInputSchema, request.body, "datasource");
      return service.updateDataSource(app.db, request.actor, id, input);
    },
  });

  app.route({
    ...contractRoute(routes.deleteDataSource),
    handler: async (request, reply) => {
      await service.deleteDataSource(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  });
};
