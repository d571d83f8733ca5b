import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bulkDataApi as routes } from "../contract/bulk-data.api.ts";
import { contentDisposition } from "../files/downloads.ts";
import { uploadReader } from "../files/uploads.ts";
import { contractRoute, contractRoutes } from "../http/contract-route.ts";
import { resolveEntity } from "../records/records.service.ts";
import * as service from "./imports.service.ts";
import { CONTENT_TYPES } from "./sheets.ts";

export interface ImportsRoutesOptions {
  /** The largest file an import takes (MAX_IMPORT_MB). */
  maxImportMegabytes: number;
}

/**
 * Bulk imports (server/contract/bulk-data.ts), as `bulkDataApi` declares them: templates and uploads per entity, at
 * /{schema}/{entity} and, as the spec has it for custom entities, /{schema}/table/{entity}; the imports themselves
 * under /core/bulk_data/imports. Static path segments win over parameters in Fastify's router, so these are never
 * read as a record's id.
 */
export const importsRoutes: FastifyPluginAsyncZod<ImportsRoutesOptions> = async (app, options) => {
  const serve = contractRoutes(app);
  // The generic path, and the spec's for a custom entity.
  for (const route of [routes.importTemplate, routes.importTableTemplate]) {
    app.route({
      ...contractRoute(route),
      handler: async (request, reply) => {
        const entity = await resolveEntity(app.db, request.params.schema, request.params.entity);
        const { format, lang } = request.query;
        const template = await service.importTemplate(app, request.actor, entity, format, lang);
        return reply
          .header("content-type", CONTENT_TYPES[format])
          .header("content-disposition", contentDisposition("attachment", template.fileName))
          .send(template.body);
      },
    });
  }

  for (const route of [routes.initiateImport, routes.initiateTableImport]) {
    serve.created(route, async (request) => {
      const entity = await resolveEntity(app.db, request.params.schema, request.params.entity);
      const upload = uploadReader(request, app.storage);
      return service.initiateImport(app, request.actor, upload, entity, options.maxImportMegabytes, request.query.lang);
    });
  }

  for (const [route, active] of [
    [routes.recentImports, false],
    [routes.activeImports, true],
  ] as const) {
    serve(route, (request) => service.listImports(app, request.actor, request.query, active));
  }

  serve(routes.getImport, (request) => service.getImport(app, request.actor, request.params.id));
  serve(routes.updateMapping, (request) => service.updateMapping(app, request.actor, request.params.id, request.body));
  serve.noContent(routes.discardImport, (request) => service.discardImport(app, request.actor, request.params.id));
  serve(routes.checkImport, (request) => service.checkImport(app, request.actor, request.params.id));
  serve(routes.startImport, (request) => service.startImport(app, request.actor, request.params.id));
  serve(routes.stopImport, (request) => service.stopImport(app, request.actor, request.params.id));

  app.route({
    ...contractRoute(routes.importErrors),
    handler: async (request, reply) => {
      const file = await service.errorFile(app, request.actor, request.params.id);
      return reply
        .header("content-type", CONTENT_TYPES[file.format])
        .header("content-disposition", contentDisposition("attachment", file.fileName))
        .send(file.stream);
    },
  });
};
