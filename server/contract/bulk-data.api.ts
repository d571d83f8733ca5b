import { z } from "zod";
import {
  bulkFormats,
  bulkLanguageSchema,
  exportPageSchema,
  exportQuerySchema,
  exportSchema,
  importDetailSchema,
  importListQuerySchema,
  importMappingInputSchema,
  importPageSchema,
  importSchema,
} from "./bulk-data.ts";
import { fieldKeysQuery, listFilterQuery } from "./records.ts";
import { apiRoute } from "./route.ts";

const tags = ["bulk data"];
const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const entityParams = z.object({ schema: key, entity: key });
const importParams = z.object({ id: z.string().max(64) });

const initiateImport = {
  method: "POST",
  tags,
  summary:
    "Upload a file to import (multipart: file; optional mode, matchField, mapping as a JSON array, start=true, lang); lang (en, nb) may also be in the query",
  params: entityParams,
  querystring: z.object({ lang: bulkLanguageSchema.optional() }),
  response: { 201: importDetailSchema },
} as const;

/** The export's own parameters and the list's, which are read exactly as the list reads them. */
const initiateQuery = exportQuerySchema.extend({
  ...listFilterQuery,
  fields: fieldKeysQuery,
});

const initiateExport = {
  method: "PUT",
  tags,
  summary:
    "Export an entity's records to .xlsx or .csv: scope=all, or listed (the list's q, sort, statusId, filter.<key>, open, overdue); fields=a,b (the visible ones, else all); lang=en|nb for the headers and file name (else the user's language). A job writes the file; 202 with the export",
  params: entityParams,
  querystring: initiateQuery,
  response: { 202: exportSchema },
} as const;

const importTemplate = {
  method: "GET",
  tags,
  summary: "The entity's import template: one column per importable field, in the user's language or lang's (en, nb)",
  params: entityParams,
  querystring: z.object({ format: z.enum(bulkFormats).default("xlsx"), lang: bulkLanguageSchema.optional() }),
  response: {},
} as const;

/**
 * Bulk imports and exports (contract/bulk-data.ts lists every path): uploads and exports per entity, at
 * /{schema}/{entity} and, as the spec has it for custom entities, /{schema}/table/{entity}; the imports and exports
 * themselves under /core/bulk_data. The upload is multipart, so it has no body schema: the web app streams it on
 * (`upload`). The template, an import's error file and an export's file answer files, which the web app streams on
 * (`stream`).
 */
export const bulkDataApi = {
  importTemplate: apiRoute({ ...importTemplate, path: "/:schema/:entity/import_template" }),
  importTableTemplate: apiRoute({ ...importTemplate, path: "/:schema/table/:entity/import_template" }),
  initiateImport: apiRoute({ ...initiateImport, path: "/:schema/:entity/initiate_import" }),
  initiateTableImport: apiRoute({ ...initiateImport, path: "/:schema/table/:entity/initiate_import" }),
  importErrors: apiRoute({
    method: "GET",
    path: "/core/bulk_data/imports/:id/errors",
    tags,
    summary: "The rows that failed, in the file's format, with an Error column",
    params: importParams,
    response: {},
  }),
  recentImports: apiRoute({
    method: "GET",
    path: "/core/bulk_data/imports/recent",
    tags,
    summary: "Imports, newest first: one's own, or everyone's with Import Update",
    querystring: importListQuerySchema,
    response: { 200: importPageSchema },
  }),
  activeImports: apiRoute({
    method: "GET",
    path: "/core/bulk_data/imports/active",
    tags,
    summary: "Imports under way: one's own, or everyone's with Import Update",
    querystring: importListQuerySchema,
    response: { 200: importPageSchema },
  }),
  getImport: apiRoute({
    method: "GET",
    path: "/core/bulk_data/imports/:id",
    tags,
    summary: "An import, with its columns' mapping and, while it is mapped, a preview",
    params: importParams,
    response: { 200: importDetailSchema },
  }),
  updateMapping: apiRoute({
    method: "PUT",
    path: "/core/bulk_data/imports/:id",
    tags,
    summary: "Map the columns, choose the mode and the match field; previewed again",
    params: importParams,
    body: importMappingInputSchema,
    response: { 200: importDetailSchema },
  }),
  discardImport: apiRoute({
    method: "DELETE",
    path: "/core/bulk_data/imports/:id",
    tags,
    summary: "Discard an import still being mapped",
    params: importParams,
    response: { 204: z.null() },
  }),
  checkImport: apiRoute({
    method: "POST",
    path: "/core/bulk_data/imports/:id/check",
    tags,
    summary:
      "Check the whole file with the saved mapping, in the background: its rows, those with errors and the first errors, before the import starts",
    params: importParams,
    response: { 200: importSchema },
  }),
  startImport: apiRoute({
    method: "POST",
    path: "/core/bulk_data/imports/:id/start",
    tags,
    summary: "Start an import; one not checked with its mapping is checked first, by the same job",
    params: importParams,
    response: { 200: importSchema },
  }),
  stopImport: apiRoute({
    method: "POST",
    path: "/core/bulk_data/imports/:id/stop",
    tags,
    summary: "Stop an import after the batch under way",
    params: importParams,
    response: { 200: importSchema },
  }),
  initiateExport: apiRoute({ ...initiateExport, path: "/:schema/:entity/initiate_export" }),
  initiateTableExport: apiRoute({ ...initiateExport, path: "/:schema/table/:entity/initiate_export" }),
  recentExports: apiRoute({
    method: "GET",
    path: "/core/bulk_data/exports/recent",
    tags,
    summary: "The signed-in user's exports, newest first",
    querystring: z.object({
      page: z.coerce.number().int().min(0).default(0),
      size: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: { 200: exportPageSchema },
  }),
  exportFile: apiRoute({
    method: "GET",
    path: "/core/bulk_data/exports/download/:id",
    tags,
    summary: "A ready export's file (the user's own); 410 once expired, 409 while it is being written",
    params: z.object({ id: z.string().max(64) }),
    response: {},
  }),
};
