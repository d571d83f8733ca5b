import { messageCodes } from "./message-code.ts";

/**
 * Bulk data's limits and texts, apart from the schemas (bulk-data.ts, which re-exports them) so that the web app's
 * locale files and message lookup use them without loading Zod into every page.
 */

/**
 * The most an import reads of a file, so that no file, however made, holds the API's memory (decision 029): a cell
 * at most LongText's maximum, the longest value any field takes; a row at most ten such cells; a row at most Excel's
 * 16,384 columns. A workbook is unpacked as it is read, and what its parts really unpack to is counted: the sheet and
 * the whole at most 2,048 MB (a million rows of twenty text columns), any other part at most 32 MB (exceljs keeps the
 * shared strings and the styles in memory).
 */
export const importLimits = {
  cellChars: 100_000,
  rowChars: 1_000_000,
  columns: 16_384,
  unpackedMb: 2048,
  partMb: 32,
} as const;

/** The product's own texts in English (spec §4 names the statuses only), by their keys (`bulk.messages.<name>`). */
export const bulkDataEnglish = {
  notFound: "Import not found",
  exportNotFound: "Export not found",
  notMapped: "Map at least one column to a field",
  mappedTwice: "A field can be mapped to one column only",
  unknownField: "Unknown field",
  matchFieldRequired: "Choose the field that finds the records to update",
  matchFieldNotUnique: "Records can only be found by their id or a unique field",
  matchColumnMissing: "Map a column to the field that finds the records",
  notBeingMapped: "This import has already started",
  notRunning: "This import is not running",
  emptyFile: "The file has no rows to import",
  noHeader: "The file's first row must name its columns",
  unreadableFile: "The file could not be read",
  recordNotFound: "No record has this value",
  duplicateInFile: "This value is also in an earlier row of the file",
  /** The heading of the error file's extra column, in the import's language (server/i18n.ts). */
  errorColumn: "Error",
  /** Why an import whose every row was refused failed. */
  allRowsFailed: "No row of the file could be imported",
  /** Why an import failed that its retries could not finish. */
  importFailed: "The import stopped on an unexpected error",
  /** Why an import's status is unknown: its work ended (its process killed again and again) before it did. */
  importInterrupted:
    "The import was interrupted and could not go on: the rows counted were imported, the rest were not",
  expired: "This export has expired",
  notReady: "This export is not ready yet",
  exportFailed: "The export could not be made",
  /** Why an export failed whose every attempt ended with its process (the queue's retries spent). */
  exportInterrupted:
    "The export was interrupted each time it was tried and was given up: try again, or export fewer records",
  tooMuchText: "This workbook holds more text than an import can read at once: save it as CSV (UTF-8) and import that",
  /** A file's limits, worded as the specification's "File should not exceed {n}mb" (spec §5). */
  cellTooLarge: `Cell should not exceed ${importLimits.cellChars} characters`,
  rowTooLarge: `Row should not exceed ${importLimits.rowChars} characters`,
  unpackedTooLarge: `Unpacked workbook should not exceed ${importLimits.unpackedMb}mb`,
  partTooLarge: `Unpacked workbook part should not exceed ${importLimits.partMb}mb`,
  /** Why the mapping cannot change, nor the import start, just now. */
  checkRunning: "The file is being checked: wait for the check to end",
  /** Why a check ended without its result (its process killed again and again). */
  checkInterrupted: "The check of the file was interrupted: check it again",
} as const;

/** The codes of bulk data's messages. */
export const bulkDataTexts = messageCodes("bulk.messages", bulkDataEnglish);
