import { z } from "zod";

/**
 * Bulk imports and exports (spec §1, §4 Import, §7 bulk data). Paths, for any entity at /api/{schema}/{entity} (a
 * custom entity also at the spec's /api/{schema}/table/{entity}):
 *
 * - GET  .../import_template?format=xlsx|csv&lang     the template, headers in the user's language (or lang's)
 * - POST .../initiate_import?lang (multipart: file; optional fields mode, matchField, mapping as JSON, start=true,
 *        lang) 201 ImportDetail: the upload with its columns matched to fields and a preview; with start=true it is
 *        queued. Its language (the error file's column and names) is lang's, else the user's.
 * - PUT  .../initiate_export?scope&format&fields&q&sort&statusId&filter.{key}&lang   202 ExportDto
 *
 * `lang` (en or nb) is the page's language, which the web app passes: a file follows the page it was asked from,
 * whatever the user's stored language (the company's default, or none).
 *
 * and under /api/core/bulk_data:
 *
 * - GET    imports/recent, imports/active   ?schemaAndTableName&status&page&size   ImportPage (own; all with Import
 *          Update, the administrators)
 * - GET    imports/{id}                     ImportDetail (the preview while it is being mapped)
 * - PUT    imports/{id}                     ImportMappingInput -> ImportDetail (mapping, mode, match field; re-previewed)
 * - POST   imports/{id}/check               -> ImportDto: the whole file is checked with the saved mapping, in the
 *                                           background (check.status checking, then checked or failed); the first
 *                                           errors come with the detail (checkErrors)
 * - POST   imports/{id}/start               -> ImportDto, queued (status importing); an import not checked yet is
 *                                           checked first, by the same job
 * - POST   imports/{id}/stop                -> ImportDto (stops after the batch under way)
 * - DELETE imports/{id}                     discards an import still being mapped (204)
 * - GET    imports/{id}/errors              the rows that failed, in the file's format, with an Error column
 * - GET    exports/recent                   ?page&size   ExportPage (own)
 * - GET    exports/download/{id}            the file
 *
 * Rights: Import Create to import (and the entity's Create for new records, Update for changed ones), Import Read
 * to see imports; Export Create to export (and the entity's Read), Export Read to see and download recent exports.
 */

export const importStatuses = ["importing", "success", "failed", "stopped", "no_operation", "unknown"] as const;
export type ImportStatus = (typeof importStatuses)[number];

export const importModes = ["create", "update", "upsert"] as const;
export type ImportMode = (typeof importModes)[number];

export const bulkFormats = ["xlsx", "csv"] as const;
export type BulkFormat = (typeof bulkFormats)[number];

/** The languages a file's headers, names and error texts come in. */
export const bulkLanguages = ["en", "nb"] as const;
export type BulkLanguage = (typeof bulkLanguages)[number];
/** The optional `lang` of templates, imports and exports: overrides the user's stored language. */
export const bulkLanguageSchema = z.enum(bulkLanguages);

/** Where a check of the whole file is: under way, done (its counts and first errors), or stopped by the file. */
export const importCheckStatuses = ["checking", "checked", "failed"] as const;
export type ImportCheckStatus = (typeof importCheckStatuses)[number];

export const exportStatuses = ["exporting", "ready", "failed", "expired"] as const;
export type ExportStatus = (typeof exportStatuses)[number];

/** Rows written in one transaction: the unit an import resumes from. */
export const IMPORT_BATCH_SIZE = 1000;
/** Rows of the file shown, with their errors, while the columns are mapped. */
export const IMPORT_PREVIEW_ROWS = 5;
/** Errors a check keeps to show before the import starts (the error file, after it, has every refused row). */
export const IMPORT_CHECK_ERRORS = 50;

/** What a match column may be besides a unique field: the record's id. */
export const MATCH_BY_ID = "id";

export { bulkDataTexts, importLimits } from "./bulk-data-texts.ts";

const userRefSchema = z.object({ uuid: z.string(), firstName: z.string(), lastName: z.string() });

export const importSchema = z.object({
  id: z.string(),
  schema: z.string(),
  tableName: z.string(),
  /** "schema.table", as the lists filter by it. */
  schemaAndTableName: z.string(),
  fileName: z.string(),
  format: z.enum(bulkFormats),
  fileSize: z.number().int(),
  mode: z.enum(importModes),
  matchField: z.string().nullable(),
  /** Null while the columns are being mapped. */
  status: z.enum(importStatuses).nullable(),
  totalRows: z.number().int().nullable(),
  processedRows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  /** Whether rows failed and their file can be downloaded. */
  hasErrorFile: z.boolean(),
  stopRequested: z.boolean(),
  /** Why a failed import failed. */
  message: z.string().nullable(),
  /**
   * The check of the whole file with the saved mapping (null status: not checked, or remapped since): how many rows
   * it has read, how many of them would be refused, and, when the file itself stops it, why and at which row.
   */
  check: z.object({
    status: z.enum(importCheckStatuses).nullable(),
    checkedRows: z.number().int(),
    errorRows: z.number().int(),
    message: z.string().nullable(),
    rowNumber: z.number().int().nullable(),
  }),
  createdBy: userRefSchema,
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportDto = z.infer<typeof importSchema>;

export const importPageSchema = z.object({
  content: z.array(importSchema),
  totalElements: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type ImportPage = z.infer<typeof importPageSchema>;

/** A field a column may fill. */
export const importFieldSchema = z.object({
  key: z.string(),
  labelEn: z.string(),
  labelNb: z.string(),
  type: z.string(),
  required: z.boolean(),
  unique: z.boolean(),
});

export const importPreviewRowSchema = z.object({
  /** The row's number in the file (the header is row 1). */
  rowNumber: z.number().int(),
  cells: z.array(z.string()),
  /** What would refuse the row: field keys as the record API names them, with the spec's texts. */
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});

export const importDetailSchema = z.object({
  import: importSchema,
  /** The file's header row, and per column the field it fills (null: left out). */
  columns: z.array(z.object({ index: z.number().int(), header: z.string(), fieldKey: z.string().nullable() })),
  fields: z.array(importFieldSchema),
  /** Fields a record can be found by for update: "id" and the unique ones. */
  matchFields: z.array(z.string()),
  /** The first rows, with their errors under the current mapping (empty once it has started). */
  preview: z.array(importPreviewRowSchema),
  /** The check's first errors, in file order: the row, the column that holds the field (null: none), the text. */
  checkErrors: z.array(
    z.object({
      rowNumber: z.number().int(),
      column: z.number().int().nullable(),
      field: z.string(),
      message: z.string(),
    }),
  ),
});
export type ImportDetail = z.infer<typeof importDetailSchema>;

export const importMappingInputSchema = z.object({
  /** Per column of the file, the field key it fills, or null. */
  mapping: z.array(z.string().max(63).nullable()).max(2000),
  mode: z.enum(importModes),
  matchField: z.string().max(63).nullish(),
});
export type ImportMappingInput = z.infer<typeof importMappingInputSchema>;

export const importListQuerySchema = z.object({
  schemaAndTableName: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,62}\.[a-z][a-z0-9_]{0,62}$/)
    .optional(),
  status: z.enum(importStatuses).optional(),
  /** Spec §7's other form: a schema, and its tables' keys comma-separated ("company,contact"). */
  schema: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,62}$/)
    .optional(),
  tableNames: z
    .string()
    .max(2000)
    .regex(/^[a-z][a-z0-9_]{0,62}(,[a-z][a-z0-9_]{0,62})*$/)
    .transform((text) => text.split(","))
    .optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const exportSchema = z.object({
  id: z.string(),
  schema: z.string(),
  tableName: z.string(),
  schemaAndTableName: z.string(),
  format: z.enum(bulkFormats),
  status: z.enum(exportStatuses),
  /**
   * "all" records, as "listed" (the list's search, filters and sort), a saved advanced search "query"'s result, or a
   * web "form"'s submissions.
   */
  scope: z.enum(["all", "listed", "query", "form"]),
  /** The saved query a "query" export is of (null for the others, or once the query is deleted). */
  savedQueryId: z.string().nullable().optional(),
  rowCount: z.number().int().nullable(),
  fileName: z.string(),
  fileSize: z.number().int().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ExportDto = z.infer<typeof exportSchema>;

export const exportPageSchema = z.object({
  content: z.array(exportSchema),
  totalElements: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type ExportPage = z.infer<typeof exportPageSchema>;

/** PUT initiate_export's query, besides the list's own (q, sort, statusId, filter.{key}). */
export const exportQuerySchema = z.looseObject({
  scope: z.enum(["all", "listed"]).default("all"),
  format: z.enum(bulkFormats).default("xlsx"),
  /** The visible fields, comma-separated; all importable fields when absent. */
  fields: z.string().max(2000).optional(),
  q: z.string().max(255).optional(),
  sort: z.string().max(100).optional(),
  statusId: z.string().max(64).optional(),
  lang: bulkLanguageSchema.optional(),
});

/**
 * Where a line of a cell begins that a spreadsheet would read as a formula (CSV or formula injection): `=`, `+`, `-`,
 * `@`, a tab or a carriage return, at the start of the cell or after a line break (a reader that splits lines naively
 * starts a row there). Apostrophes already before one count too, so that one typed there survives the round trip.
 */
const FORMULA_LINE = /(?<=^|[\r\n])(?='*[=+\-@\t\r])/g;
/** The apostrophe `neutralizeCell` put before such a line. */
const NEUTRALISED_LINE = /(?<=^|[\r\n])'(?='*[=+\-@\t\r])/g;

/**
 * A text cell of a file the product writes (exports and error files, CSV and .xlsx alike) with a leading apostrophe on
 * each line that would start a formula, so that no spreadsheet runs it.
 */
export function neutralizeCell(value: string): string {
  return value.replace(FORMULA_LINE, "'");
}

/**
 * The inverse of `neutralizeCell`, for a file read by an import: each line that is an apostrophe before one of those
 * characters loses one apostrophe, so that an export imports back as it was (a round trip).
 */
export function unneutralizeCell(value: string): string {
  return value.replace(NEUTRALISED_LINE, "");
}
