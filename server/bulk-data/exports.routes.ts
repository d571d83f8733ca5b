import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { exportPageSchema, exportQuerySchema, exportSchema } from "../contract/bulk-data.ts";
import { contentDisposition } from "../files/downloads.ts";
import { fieldKeysQuery, listFilterQuery, listFiltersOf } from "../records/list-query.ts";
import { resolveEntity } from "../records/records.service.ts";
import { EXPORT_JOB } from "./exports.jobs.ts";
import * as service from "./exports.service.ts";

const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const security = [{ bearer: [] }];
const tags = ["bulk data"];

/** The export's own parameters and the list's, which are read exactly as the list reads them. */
const initiateQuery = exportQuerySchema.extend({
  ...listFilterQuery,
  fields: fieldKeysQuery,
});

const pageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * Exports (spec §7 bulk data): PUT …/initiate_export on any entity's path, and the user's recent exports and their
 * files under /api/core/bulk_data/exports. Static segments win over the record routes' `:id` in Fastify's router.
 */
export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The generic path, and the spec's for a custom entity.
  for (const path of ["/:schema/:entity/initiate_export", "/:schema/table/:entity/initiate_export"]) {
    app.put(
      path,
      {
        schema: {
          tags,
          summary:
            "Export an entity's records to .xlsx or .csv: scope=all, or listed (the list's q, sort, statusId, filter.<key>, open, overdue); fields=a,b (the visible ones, else all); lang=en|nb for the headers and file name (else the user's language). A job writes the file; 202 with the export",
          security,
          params: z.object({ schema: key, entity: key }),
          querystring: initiateQuery,
          response: { 202: exportSchema },
        },
      },
      async (request, reply) => {
        const entity = await resolveEntity(app.db, request.params.schema, request.params.entity);
        const { scope, format, fields, lang } = request.query;
        const exported = await service.initiateExport(
          app.db,
          (exportId) => app.jobs.send(EXPORT_JOB, { exportId }),
          request.actor,
          entity,
          { scope, format, fields, lang, list: listFiltersOf(request.query) },
        );
        return reply.status(202).send(exported);
      },
    );
  }

  app.get(
    "/core/bulk_data/exports/recent",
    {
      schema: {
        tags,
        summary: "The signed-in user's exports, newest first",
        security,
        querystring: pageQuery,
        response: { 200: exportPageSchema },
      },
    },
    async (request) => service.recentExports(app.db, request.actor, request.query.page, request.query.size),
  );

  app.get(
    "/core/bulk_data/exports/download/:id",
    {
      schema: {
        tags,
        summary: "A ready export's file (the user's own); 410 once expired, 409 while it is being written",
        security,
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const file = await service.exportFile(app.db, request.actor, request.params.id);
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", contentDisposition("attachment", file.fileName))
        .header("content-length", file.size)
        .header("cache-control", "private, no-cache")
        .header("x-content-type-options", "nosniff")
        .send(app.storage.read(file.key));
    },
  );
};
