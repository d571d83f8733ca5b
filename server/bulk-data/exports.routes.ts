import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bulkDataApi as routes } from "../contract/bulk-data.api.ts";
import { contentDisposition } from "../files/downloads.ts";
import { contractRoute, contractRoutes } from "../http/contract-route.ts";
import { listFiltersOf } from "../records/list-query.ts";
import { resolveEntity } from "../records/records.service.ts";
import { EXPORT_JOB } from "./exports.jobs.ts";
import * as service from "./exports.service.ts";

/**
 * Exports (spec §7 bulk data), as `bulkDataApi` declares them: PUT …/initiate_export on any entity's path, and the
 * user's recent exports and their files under /api/core/bulk_data/exports. Static segments win over the record
 * routes' `:id` in Fastify's router.
 */
export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  // The generic path, and the spec's for a custom entity.
  for (const route of [routes.initiateExport, routes.initiateTableExport]) {
    serve.accepted(route, async (request) => {
      const entity = await resolveEntity(app.db, request.params.schema, request.params.entity);
      const { scope, format, fields, lang } = request.query;
      return service.initiateExport(
        app.db,
        (exportId) => app.jobs.send(EXPORT_JOB, { exportId }),
        request.actor,
        entity,
        { scope, format, fields, lang, list: listFiltersOf(request.query) },
      );
    });
  }

  serve(routes.recentExports, (request) =>
    service.recentExports(app.db, request.actor, request.query.page, request.query.size),
  );

  app.route({
    ...contractRoute(routes.exportFile),
    handler: async (request, reply) => {
      const file = await service.exportFile(app.db, request.actor, request.params.id);
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", contentDisposition("attachment", file.fileName))
        .header("content-length", file.size)
        .header("cache-control", "private, no-cache")
        .header("x-content-type-options", "nosniff")
        .send(app.storage.read(file.key));
    },
  });
};
