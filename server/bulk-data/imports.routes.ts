import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  bulkFormats,
  bulkLanguageSchema,
  importDetailSchema,
  importListQuerySchema,
  importMappingInputSchema,
  importPageSchema,
  importSchema,
} from "../contract/bulk-data.ts";
import { contentDisposition } from "../files/downloads.ts";
import { resolveEntity } from "../records/records.service.ts";
import * as service from "./imports.service.ts";
import { CONTENT_TYPES } from "./sheets.ts";

const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const entityParams = z.object({ schema: key, entity: key });
const importParams = z.object({ id: z.string().max(64) });
const security = [{ bearer: [] }];
const tags = ["bulk data"];

export interface ImportsRoutesOptions {
  /** The largest file an import takes (MAX_IMPORT_MB). */
  maxImportMegabytes: number;
}

/**
 * Bulk imports (server/contract/bulk-data.ts): templates and uploads per entity, at /{schema}/{entity} and, as the
 * spec has it for custom entities, /{schema}/table/{entity}; the imports themselves under /core/bulk_data/imports.
 * Static path segments win over parameters in Fastify's router, so these are never read as a record's id.
 */
export const importsRoutes: FastifyPluginAsyncZod<ImportsRoutesOptions> = async (app, options) => {
  for (const prefix of ["/:schema/:entity", "/:schema/table/:entity"]) {
    app.get(
      `${prefix}/import_template`,
      {
        schema: {
          tags,
          summary:
            "The entity's import template: one column per importable field, in the user's language or lang's (en, nb)",
          security,
          params: entityParams,
          querystring: z.object({ format: z.enum(bulkFormats).default("xlsx"), lang: bulkLanguageSchema.optional() }),
        },
      },
      async (request, reply) => {
        const entity = await resolveEntity(app.db, request.params.schema, request.params.entity);
        const { format, lang } = request.query;
        const template = await service.importTemplate(app, request.actor, entity, format, lang);
        return reply
          .header("content-type", CONTENT_TYPES[format])
          .header("content-disposition", contentDisposition("attachment", template.fileName))
          .send(template.body);
      },
    );

    app.post(
      `${prefix}/initiate_import`,
      {
        schema: {
          tags,
          summary:
            "Upload a file to import (multipart: file; optional mode, matchField, mapping as a JSON array, start=true, lang); lang (en, nb) may also be in the query",
          security,
          params: entityParams,
          querystring: z.object({ lang: bulkLanguageSchema.optional() }),
          response: { 201: importDetailSchema },
        },
      },
      async (request, reply) => {
        const entity = await resolveEntity(app.db, request.params.schema, request.params.entity);
        const detail = await service.initiateImport(
          app,
          request,
          entity,
          options.maxImportMegabytes,
          request.query.lang,
        );
        return reply.status(201).send(detail);
      },
    );
  }

  for (const list of ["recent", "active"] as const) {
    app.get(
      `/core/bulk_data/imports/${list}`,
      {
        schema: {
          tags,
          summary:
            list === "recent"
              ? "Imports, newest first: one's own, or everyone's with Import Update"
              : "Imports under way: one's own, or everyone's with Import Update",
          security,
          querystring: importListQuerySchema,
          response: { 200: importPageSchema },
        },
      },
      async (request) => service.listImports(app, request.actor, request.query, list === "active"),
    );
  }

  app.get(
    "/core/bulk_data/imports/:id",
    {
      schema: {
        tags,
        summary: "An import, with its columns' mapping and, while it is mapped, a preview",
        security,
        params: importParams,
        response: { 200: importDetailSchema },
      },
    },
    async (request) => service.getImport(app, request.actor, request.params.id),
  );

  app.put(
    "/core/bulk_data/imports/:id",
    {
      schema: {
        tags,
        summary: "Map the columns, choose the mode and the match field; previewed again",
        security,
        params: importParams,
        body: importMappingInputSchema,
        response: { 200: importDetailSchema },
      },
    },
    async (request) => service.updateMapping(app, request.actor, request.params.id, request.body),
  );

  app.delete(
    "/core/bulk_data/imports/:id",
    {
      schema: {
        tags,
        summary: "Discard an import still being mapped",
        security,
        params: importParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.discardImport(app, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/core/bulk_data/imports/:id/check",
    {
      schema: {
        tags,
        summary:
          "Check the whole file with the saved mapping, in the background: its rows, those with errors and the first errors, before the import starts",
        security,
        params: importParams,
        response: { 200: importSchema },
      },
    },
    async (request) => service.checkImport(app, request.actor, request.params.id),
  );

  app.post(
    "/core/bulk_data/imports/:id/start",
    {
      schema: {
        tags,
        summary: "Start an import; one not checked with its mapping is checked first, by the same job",
        security,
        params: importParams,
        response: { 200: importSchema },
      },
    },
    async (request) => service.startImport(app, request.actor, request.params.id),
  );

  app.post(
    "/core/bulk_data/imports/:id/stop",
    {
      schema: {
        tags,
        summary: "Stop an import after the batch under way",
        security,
        params: importParams,
        response: { 200: importSchema },
      },
    },
    async (request) => service.stopImport(app, request.actor, request.params.id),
  );

  app.get(
    "/core/bulk_data/imports/:id/errors",
    {
      schema: {
        tags,
        summary: "The rows that failed, in the file's format, with an Error column",
        security,
        params: importParams,
      },
    },
    async (request, reply) => {
      const file = await service.errorFile(app, request.actor, request.params.id);
      return reply
        .header("content-type", CONTENT_TYPES[file.format])
        .header("content-disposition", contentDisposition("attachment", file.fileName))
        .send(file.stream);
    },
  );
};
