import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { EXPORT_JOB } from "../bulk-data/exports.jobs.ts";
import {
  dataSourceInputSchema,
  dataSourceListQuerySchema,
  dataSourcePageSchema,
  dataSourceSchema,
  queryDefinitionSchema,
  queryExportQuerySchema,
  queryResultPageSchema,
  queryTypes,
  resultColumnSchema,
  runQuerySchema,
  savedQueryInputSchema,
  savedQueryListQuerySchema,
  savedQueryPageSchema,
  savedQuerySchema,
  searchCatalogSchema,
} from "../contract/advanced-search.ts";
import { exportSchema } from "../contract/bulk-data.ts";
import { DomainError } from "../http/errors.ts";
import * as service from "./advanced-search.service.ts";
import { initiateQueryExport } from "./query-export.ts";

const security = [{ bearer: [] }];
const tags = ["advanced search"];
const dataSourceTags = ["data sources"];
const typeParams = z.object({ queryType: z.enum(queryTypes) });
const idParams = typeParams.extend({ id: z.string().max(64) });
const dataSourceParams = z.object({ id: z.string().max(64) });

/** "definition.entities[0].filters[1].paramValue": the names Conform gives a nested form's fields. */
export function conformName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, part) => {
    if (typeof part === "number") return `${name}[${part}]`;
    return name === "" ? String(part) : `${name}.${String(part)}`;
  }, "");
}

/**
 * The body read with its schema, its problems named as the web form names its fields (the route's own validation is
 * attached, not thrown, so that these names replace the generic ones).
 */
function parsed<T extends z.ZodType>(schema: T, body: unknown, objectName: string): z.infer<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new DomainError(
    400,
    "MethodArgumentNotValidException",
    "Validation failed",
    result.error.issues.map((issue) => ({
      field: conformName(issue.path) || objectName,
      defaultMessage: issue.message,
      objectName,
    })),
  );
}

/**
 * Advanced search (contract/advanced-search.ts lists every path): the catalog, saved global and personal queries, runs
 * and exports under /api/advanced_search, and data sources under /api/dashboards/core.
 */
export const advancedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const path of ["/advanced_search/entities", "/dashboards/core/datasource/entities"]) {
    app.get(
      path,
      {
        schema: {
          tags: path.startsWith("/dashboards") ? dataSourceTags : tags,
          summary:
            "The entities the user may read, their active shown fields (with operations and options), and the relationships that join them",
          security,
          response: { 200: searchCatalogSchema },
        },
      },
      async (request) => service.catalog(app.db, request.actor),
    );
  }

  app.post(
    "/advanced_search/run",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Run a definition that is not saved (the builder's preview): a page of its rows, and the total",
        security,
        querystring: runQuerySchema,
        body: queryDefinitionSchema,
        response: { 200: queryResultPageSchema },
      },
    },
    async (request) => {
      const paging = parsed(runQuerySchema, request.query, "query");
      const definition = parsed(queryDefinitionSchema, request.body, "definition");
      return service.preview(app.db, request.actor, definition, paging);
    },
  );

  app.get(
    "/advanced_search/:queryType",
    {
      schema: {
        tags,
        summary: "Saved queries of a type (personal: the user's own), newest change first; q from 3 characters",
        security,
        params: typeParams,
        querystring: savedQueryListQuerySchema,
        response: { 200: savedQueryPageSchema },
      },
    },
    async (request) => service.listSavedQueries(app.db, request.actor, request.params.queryType, request.query),
  );

  app.post(
    "/advanced_search/:queryType",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Save a query of the type",
        security,
        params: typeParams,
        body: savedQueryInputSchema,
        response: { 201: savedQuerySchema },
      },
    },
    async (request, reply) => {
      const { queryType } = parsed(typeParams, request.params, "path");
      const input = parsed(savedQueryInputSchema, request.body, "query");
      return reply.status(201).send(await service.createSavedQuery(app.db, request.actor, queryType, input));
    },
  );

  app.get(
    "/advanced_search/:queryType/:id",
    {
      schema: {
        tags,
        summary: "A saved query (another user's personal query is not found)",
        security,
        params: idParams,
        response: { 200: savedQuerySchema },
      },
    },
    async (request) => service.getSavedQuery(app.db, request.actor, request.params.queryType, request.params.id),
  );

  app.put(
    "/advanced_search/:queryType/:id",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Change a saved query's name, description and definition",
        security,
        params: idParams,
        body: savedQueryInputSchema,
        response: { 200: savedQuerySchema },
      },
    },
    async (request) => {
      const { queryType, id } = parsed(idParams, request.params, "path");
      const input = parsed(savedQueryInputSchema, request.body, "query");
      return service.updateSavedQuery(app.db, request.actor, queryType, id, input);
    },
  );

  app.delete(
    "/advanced_search/:queryType/:id",
    {
      schema: { tags, summary: "Delete a saved query", security, params: idParams },
    },
    async (request, reply) => {
      await service.deleteSavedQuery(app.db, request.actor, request.params.queryType, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/advanced_search/:queryType/:id/run",
    {
      schema: {
        tags,
        summary: "Run a saved query: a page of its rows, and the total",
        security,
        params: idParams,
        querystring: runQuerySchema,
        response: { 200: queryResultPageSchema },
      },
    },
    async (request) =>
      service.runSavedQuery(app.db, request.actor, request.params.queryType, request.params.id, request.query),
  );

  app.put(
    "/advanced_search/:queryType/:id/initiate_export",
    {
      schema: {
        tags,
        summary:
          "Export a saved query's whole result to .xlsx or .csv (lang=en|nb for the headers, else the user's language); a job writes the file, listed with the other exports; 202 with the export",
        security,
        params: idParams,
        querystring: queryExportQuerySchema,
        response: { 202: exportSchema },
      },
    },
    async (request, reply) => {
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
  );

  app.get(
    "/dashboards/core/datasource",
    {
      schema: {
        tags: dataSourceTags,
        summary: "Data sources, newest change first; q from 3 characters; size up to 200",
        security,
        querystring: dataSourceListQuerySchema,
        response: { 200: dataSourcePageSchema },
      },
    },
    async (request) => service.listDataSources(app.db, request.actor, request.query),
  );

  app.get(
    "/dashboards/core/datasource/fields/:id",
    {
      schema: {
        tags: dataSourceTags,
        summary: "A data source's columns that widgets may use: key, labels, type, options",
        security,
        params: dataSourceParams,
        response: { 200: z.array(resultColumnSchema) },
      },
    },
    async (request) => service.dataSourceFields(app.db, request.actor, request.params.id),
  );

  app.post(
    "/dashboards/core/datasource-advanced",
    {
      attachValidation: true,
      schema: {
        tags: dataSourceTags,
        summary:
          'Save a data source; 400 DatasourceValidationException "No Results Found" when its query gives no rows',
        security,
        body: dataSourceInputSchema,
        response: { 201: dataSourceSchema },
      },
    },
    async (request, reply) => {
      const input = parsed(dataSourceInputSchema, request.body, "datasource");
      return reply.status(201).send(await service.createDataSource(app.db, request.actor, input));
    },
  );

  app.get(
    "/dashboards/core/datasource-advanced/:id",
    {
      schema: {
        tags: dataSourceTags,
        summary: "A data source",
        security,
        params: dataSourceParams,
        response: { 200: dataSourceSchema },
      },
    },
    async (request) => service.getDataSource(app.db, request.actor, request.params.id),
  );

  app.put(
    "/dashboards/core/datasource-advanced/:id",
    {
      attachValidation: true,
      schema: {
        tags: dataSourceTags,
        summary: 'Change a data source; 400 "No Results Found" when its query gives no rows',
        security,
        params: dataSourceParams,
        body: dataSourceInputSchema,
        response: { 200: dataSourceSchema },
      },
    },
    async (request) => {
      const { id } = parsed(dataSourceParams, request.params, "path");
      const input = parsed(dataSourceInputSchema, request.body, "datasource");
      return service.updateDataSource(app.db, request.actor, id, input);
    },
  );

  app.delete(
    "/dashboards/core/datasource-advanced/:id",
    {
      schema: { tags: dataSourceTags, summary: "Delete a data source", security, params: dataSourceParams },
    },
    async (request, reply) => {
      await service.deleteDataSource(app.db, request.actor, request.params.id);
      return reply.status(204).send();
    },
  );
};
