import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { type Actor, can, requirePermission } from "../auth/permissions.ts";
import {
  type BulkFormat,
  type BulkLanguage,
  bulkDataTexts,
  bulkLanguageSchema,
  IMPORT_PREVIEW_ROWS,
  type ImportDetail,
  type ImportDto,
  type ImportMappingInput,
  type ImportMode,
  type ImportPage,
  type ImportStatus,
  importMappingInputSchema,
  importModes,
  MATCH_BY_ID,
} from "../contract/bulk-data.ts";
import type { FieldError } from "../contract/errors.ts";
import { type FieldDefinition, fieldErrorName } from "../contract/fields.ts";
import { tooLargeMessage } from "../contract/files.ts";
import { isUuid } from "../db/values.ts";
import { checkFileType, type FileType } from "../files/file-types.ts";
import type { ReceivedUpload, UploadReader } from "../files/uploads.ts";
import { DomainError } from "../http/errors.ts";
import { messageText, serverText } from "../i18n.ts";
import type { EntityMetadata } from "../records/metadata.repository.ts";
import { resolveEntity, withOptions } from "../records/records.service.ts";
import { type CellValue, headerOf, ID_HEADER, importableFields, type Language } from "./cells.ts";
import { convertRow, makePlan } from "./import-rows.ts";
import * as repo from "./imports.repository.ts";
import {
  cellDisplay,
  type FileRow,
  ImportLimitError,
  readRows,
  storableText,
  UnreadableFileError,
  writeRows,
} from "./sheets.ts";
import { buildTemplate } from "./template.ts";
import { zipEntrySizes } from "./zip-entries.ts";

export const IMPORT_JOB = "bulk-import";
const IMPORT = "Import";

function notFound(): DomainError {
  return new DomainError(404, "NotFoundException", bulkDataTexts.notFound);
}

function invalid(errors: FieldError[]): DomainError {
  return new DomainError(400, "MethodArgumentNotValidException", "Validation failed", errors);
}

function fieldError(field: string, message: string): FieldError {
  return { field, defaultMessage: message, objectName: "import" };
}

/** The entity's rights an import in this mode needs: Create for new records, Update for changed ones. */
function requireEntityRights(actor: Actor, entity: EntityMetadata, mode: ImportMode): void {
  if (mode !== "update") requirePermission(actor, "Create", entity.resource);
  if (mode !== "create") requirePermission(actor, "Update", entity.resource);
}

/** An import the actor may see: their own, or any with Import Update (the administrators); others are not found. */
async function visibleImport(app: FastifyInstance, actor: Actor, id: string): Promise<repo.ImportRow> {
  if (!isUuid(id)) throw notFound();
  const row = await repo.findImport(app.db, id);
  if (!row || (row.user_id !== actor.id && !can(actor, "Update", IMPORT))) throw notFound();
  return row;
}

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

export function toImportDto(row: repo.ImportRow): ImportDto {
  return {
    id: row.id,
    schema: row.schema_key,
    tableName: row.table_key,
    schemaAndTableName: `${row.schema_key}.${row.table_key}`,
    fileName: row.file_name,
    format: row.format,
    fileSize: Number(row.file_size),
    mode: row.mode,
    matchField: row.match_field,
    status: row.status,
    totalRows: row.total_rows,
    processedRows: row.rows_done,
    created: row.created_count,
    updated: row.updated_count,
    unchanged: row.unchanged_count,
    failed: row.failed_count,
    hasErrorFile: row.has_errors,
    stopRequested: row.stop_requested,
    message: row.message,
    check: {
      status: row.check_status,
      checkedRows: row.checked_rows,
      errorRows: row.error_rows,
      message: row.check_message,
      rowNumber: row.check_row,
    },
    createdBy: { uuid: row.user_id, firstName: row.first_name, lastName: row.last_name },
    createdAt: new Date(row.created_at).toISOString(),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}

// Mapping.

/** Headers and labels compared without case, spaces, underscores or a template's required mark. */
function comparable(text: string): string {
  return text
    .replace(/\s*\*\s*$/, "")
    .toLowerCase()
    .replace(/[\s_]+/g, "");
}

/** Per column, the field its header names (by label in either language or by key), or null; each field once. */
export function autoMap(columns: string[], entity: EntityMetadata): (string | null)[] {
  const fields = importableFields(entity);
  const ignored = new Set(
    (["en", "nb"] as const).map((language) => comparable(serverText(language, bulkDataTexts.errorColumn))),
  );
  const taken = new Set<string>();
  return columns.map((header) => {
    const wanted = comparable(header);
    if (wanted === "" || ignored.has(wanted)) return null;
    const key =
      wanted === comparable(ID_HEADER)
        ? MATCH_BY_ID
        : fields.find((field) => [field.labelEn, field.labelNb, field.key].some((name) => comparable(name) === wanted))
            ?.key;
    if (!key || taken.has(key)) return null;
    taken.add(key);
    return key;
  });
}

/** Refuses a mapping that cannot run, each reason on the input it is about, with the product's texts. */
function checkMapping(entity: EntityMetadata, columns: string[], input: ImportMappingInput): (string | null)[] {
  const fields = importableFields(entity);
  const errors: FieldError[] = [];
  const mapping = columns.map((_, index) => input.mapping[index] ?? null);
  input.mapping.slice(columns.length).forEach((key, offset) => {
    if (key !== null) errors.push(fieldError(`mapping.${columns.length + offset}`, bulkDataTexts.unknownField));
  });
  const seen = new Set<string>();
  mapping.forEach((key, index) => {
    if (key === null) return;
    if (key !== MATCH_BY_ID && !fields.some((field) => field.key === key)) {
      errors.push(fieldError(`mapping.${index}`, bulkDataTexts.unknownField));
    } else if (seen.has(key)) {
      errors.push(fieldError(`mapping.${index}`, bulkDataTexts.mappedTwice));
    }
    seen.add(key);
  });
  if (!mapping.some((key) => key !== null && key !== MATCH_BY_ID)) {
    errors.push(fieldError("mapping", bulkDataTexts.notMapped));
  }
  if (input.mode !== "create") {
    const match = input.matchField ?? null;
    const field = fields.find((candidate) => candidate.key === match);
    if (match === null) errors.push(fieldError("matchField", bulkDataTexts.matchFieldRequired));
    else if (match !== MATCH_BY_ID && !field) errors.push(fieldError("matchField", bulkDataTexts.unknownField));
    else if (match !== MATCH_BY_ID && !field?.unique) {
      errors.push(fieldError("matchField", bulkDataTexts.matchFieldNotUnique));
    } else if (!mapping.includes(match)) errors.push(fieldError("matchField", bulkDataTexts.matchColumnMissing));
  }
  if (errors.length > 0) throw invalid(errors);
  return mapping;
}

function fieldDto(field: FieldDefinition) {
  return {
    key: field.key,
    labelEn: field.labelEn,
    labelNb: field.labelNb,
    type: field.type,
    required: field.required,
    unique: field.unique,
  };
}

function matchFieldsOf(entity: EntityMetadata): string[] {
  return [
    MATCH_BY_ID,
    ...importableFields(entity)
      .filter((field) => field.unique)
      .map((field) => field.key),
  ];
}

// Reading the file's head.

/** A header as the import keeps it (jsonb): a NUL shows as U+FFFD. */
function headerText(cell: CellValue): string {
  return storableText(cellDisplay(cell).trim());
}

/** The header and the first rows: only as much of the file as that takes. */
async function readHead(app: FastifyInstance, key: string, format: BulkFormat) {
  let header: string[] | undefined;
  const rows: FileRow[] = [];
  try {
    for await (const row of readRows(app.storage, key, format)) {
      if (!header) {
        // A header's row is the file's first; its trailing empty cells are no columns.
        if (row.rowNumber !== 1) throw invalid([fieldError("file", bulkDataTexts.noHeader)]);
        const cells = row.cells.map(headerText);
        while (cells.length > 0 && cells[cells.length - 1] === "") cells.pop();
        header = cells;
        continue;
      }
      rows.push(row);
      if (rows.length >= IMPORT_PREVIEW_ROWS) break;
    }
  } catch (error) {
    if (error instanceof UnreadableFileError) throw invalid([fieldError("file", bulkDataTexts.unreadableFile)]);
    if (error instanceof ImportLimitError) throw invalid([fieldError("file", error.text)]);
    throw error;
  }
  if (!header) throw invalid([fieldError("file", bulkDataTexts.emptyFile)]);
  if (header.some((cell) => cell === "")) throw invalid([fieldError("file", bulkDataTexts.noHeader)]);
  if (rows.length === 0) throw invalid([fieldError("file", bulkDataTexts.emptyFile)]);
  return { header, rows };
}

async function detailOf(app: FastifyInstance, row: repo.ImportRow): Promise<ImportDetail> {
  const entity = await resolveEntity(app.db, row.schema_key, row.table_key);
  const described = await withOptions(app.db, entity);
  let preview: ImportDetail["preview"] = [];
  if (row.status === null && row.file_key) {
    const plan = await makePlan(app.db, described, {
      mode: row.mode,
      matchField: row.match_field,
      mapping: row.mapping,
      language: row.language as Language,
    });
    const { rows } = await readHead(app, row.file_key, row.format);
    preview = rows.map((fileRow) => {
      const converted = convertRow(plan, fileRow.rowNumber, fileRow.cells);
      return {
        rowNumber: fileRow.rowNumber,
        cells: row.columns.map((_, index) => cellDisplay(fileRow.cells[index] ?? null)),
        errors: converted.errors,
      };
    });
  }
  return {
    import: toImportDto(row),
    columns: row.columns.map((header, index) => ({ index, header, fieldKey: row.mapping[index] ?? null })),
    fields: importableFields(described).map(fieldDto),
    matchFields: matchFieldsOf(described),
    preview,
    checkErrors: row.check_errors,
  };
}

// Calls.

/**
 * The most text a workbook's shared strings (xl/sharedStrings.xml, unpacked) may hold: exceljs keeps them all in memory
 * while it reads the sheet, about as much again as the XML, and the API's heap on PostgreSQL is 128 MiB (decision 029). A million
 * rows of one short text column fit; more goes as CSV, which is read a row at a time.
 */
export const MAX_SHARED_STRINGS_BYTES = 32 * 1024 * 1024;

/** Enough of a CSV file to tell it is text, as the upload's type check reads. */
const TEXT_SAMPLE_BYTES = 64 * 1024;

/**
 * Whether a .csv upload that the type check refused is UTF-8 text but for NULs: an import refuses the rows that hold
 * one (PostgreSQL cannot store it), not the file, wherever in the file they are.
 */
async function isTextWithNuls(filePath: string): Promise<boolean> {
  const handle = await fs.open(filePath, "r");
  try {
    const sample = Buffer.alloc(TEXT_SAMPLE_BYTES);
    const { bytesRead } = await handle.read(sample, 0, TEXT_SAMPLE_BYTES, 0);
    let text: string;
    try {
      // A character cut at the sample's end waits for bytes that never come (`stream`), rather than failing.
      text = new TextDecoder("utf-8", { fatal: true }).decode(sample.subarray(0, bytesRead), { stream: true });
    } catch {
      return false;
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for.
    return text.includes("\u0000") && !/[\u0001-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
  } finally {
    await handle.close();
  }
}

/** An import takes .xlsx (a workbook, by content) and .csv (UTF-8 text); anything else is not supported. */
async function checkImportType(filePath: string, fileName: string): Promise<FileType> {
  let type: FileType;
  try {
    type = await checkFileType(filePath, fileName);
  } catch (error) {
    if (!/\.csv$/i.test(fileName) || !(await isTextWithNuls(filePath))) throw error;
    type = { mime: "text/csv", extension: "csv" };
  }
  if (type.extension !== "xlsx" && type.extension !== "csv") {
    throw new DomainError(415, "HttpMediaTypeNotSupportedException", "File type not supported");
  }
  if (type.extension === "xlsx") {
    const sharedStrings = (await zipEntrySizes(filePath))?.get("xl/sharedStrings.xml") ?? 0;
    if (sharedStrings > MAX_SHARED_STRINGS_BYTES) throw invalid([fieldError("file", bulkDataTexts.tooMuchText)]);
  }
  return type;
}

function parseOptionalMapping(fields: Record<string, string>, columns: string[], entity: EntityMetadata) {
  const mode = fields.mode ?? "create";
  if (!(importModes as readonly string[]).includes(mode)) throw invalid([fieldError("mode", "Invalid option")]);
  let mapping: unknown = autoMap(columns, entity);
  if (fields.mapping !== undefined) {
    try {
      mapping = JSON.parse(fields.mapping);
    } catch {
      throw invalid([fieldError("mapping", "Invalid JSON")]);
    }
  }
  const parsed = importMappingInputSchema.safeParse({ mapping, mode, matchField: fields.matchField || null });
  if (!parsed.success) {
    throw invalid(
      parsed.error.issues.map((issue) => fieldError(issue.path.join(".") || "mapping", issue.message ?? "Invalid")),
    );
  }
  return parsed.data;
}

/** The multipart `lang` field, checked as the query's is; it wins over the query's. */
function languageField(fields: Record<string, string>, fallback: BulkLanguage | undefined): BulkLanguage | undefined {
  if (fields.lang === undefined) return fallback;
  const parsed = bulkLanguageSchema.safeParse(fields.lang);
  if (!parsed.success) throw invalid([fieldError("lang", "Invalid option")]);
  return parsed.data;
}

export async function initiateImport(
  app: FastifyInstance,
  actor: Actor,
  read: UploadReader,
  entity: EntityMetadata,
  maxMegabytes: number,
  lang?: BulkLanguage,
): Promise<ImportDetail> {
  requirePermission(actor, "Create", IMPORT);
  let upload: ReceivedUpload;
  try {
    upload = await read(maxMegabytes * 1024 * 1024, checkImportType);
  } catch (error) {
    if (error instanceof DomainError && error.exceptionName === "MaxUploadSizeExceededException") {
      throw new DomainError(413, error.exceptionName, error.message, [
        { field: "file", defaultMessage: tooLargeMessage(maxMegabytes), objectName: "request" },
      ]);
    }
    throw error;
  }
  const format: BulkFormat = upload.mime.includes("spreadsheetml") ? "xlsx" : "csv";
  const language = languageField(upload.fields, lang);
  const { header } = await readHead(app, upload.key, format);
  const input = parseOptionalMapping(upload.fields, header, entity);
  requireEntityRights(actor, entity, input.mode);
  const start = upload.fields.start === "true";
  // A mapping the user gave, or one that is to run now, must be one that can run; an automatic one may be remapped.
  const mapping =
    upload.fields.mapping !== undefined || start
      ? checkMapping(entity, header, input)
      : header.map((_, index) => input.mapping[index] ?? null);
  const id = await repo.insertImport(app.db, {
    user_id: actor.id,
    schema_key: entity.schemaKey,
    table_key: entity.tableKey,
    file_name: path.basename(upload.fileName),
    format,
    file_key: upload.key,
    file_size: upload.size,
    language: language ?? (await repo.languageOf(app.db, actor.id)),
    columns: header,
    mapping,
    mode: input.mode,
    match_field: input.mode === "create" ? null : (input.matchField ?? null),
  });
  if (start) await queueImport(app, id);
  const row = await repo.findImport(app.db, id);
  if (!row) throw notFound();
  return detailOf(app, row);
}

/** Why an import being mapped cannot change or start now: its file is being checked. */
function checkRefusal(row: repo.ImportRow): DomainError | undefined {
  if (row.check_status === "checking") return invalid([fieldError("status", bulkDataTexts.checkRunning)]);
  return undefined;
}

/** Tries to send an import's job again for this long while the job of its check is still being closed. */
const SEND_RETRY_MS = [100, 250, 500, 1000, 2000];

/**
 * Sends the import's job (one per import: the queue's exclusive policy). The job that checked the file may still be
 * closing when its result is seen; the queue then refuses another for a moment. Should it still refuse, recovery sends
 * it within a minute or two.
 */
async function sendImportJob(app: FastifyInstance, id: string): Promise<void> {
  for (const wait of [0, ...SEND_RETRY_MS]) {
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (await app.jobs.send(IMPORT_JOB, { importId: id }, { singletonKey: id })) return;
  }
}

async function queueImport(app: FastifyInstance, id: string): Promise<void> {
  if (!(await repo.markStarted(app.db, id))) {
    const row = await repo.findImport(app.db, id);
    throw (row && checkRefusal(row)) ?? invalid([fieldError("status", bulkDataTexts.notBeingMapped)]);
  }
  await sendImportJob(app, id);
}

export async function getImport(app: FastifyInstance, actor: Actor, id: string): Promise<ImportDetail> {
  requirePermission(actor, "Read", IMPORT);
  return detailOf(app, await visibleImport(app, actor, id));
}

export async function updateMapping(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  input: ImportMappingInput,
): Promise<ImportDetail> {
  const { row, entity } = await importBeingMapped(app, actor, id);
  requireEntityRights(actor, entity, input.mode);
  const mapping = checkMapping(entity, row.columns, input);
  const matchField = input.mode === "create" ? null : (input.matchField ?? null);
  // A check made with the mapping before no longer holds: it is asked for again.
  if (!(await repo.saveMapping(app.db, id, { mapping, mode: input.mode, match_field: matchField }))) {
    const now = await repo.findImport(app.db, id);
    throw (now && checkRefusal(now)) ?? invalid([fieldError("status", bulkDataTexts.notBeingMapped)]);
  }
  return detailOf(app, (await repo.findImport(app.db, id)) ?? row);
}

/** An import the actor may import with, still being mapped and not refused, and the entity it imports into. */
async function importBeingMapped(app: FastifyInstance, actor: Actor, id: string) {
  requirePermission(actor, "Create", IMPORT);
  const row = await visibleImport(app, actor, id);
  if (row.status !== null) throw invalid([fieldError("status", bulkDataTexts.notBeingMapped)]);
  const refusal = checkRefusal(row);
  if (refusal) throw refusal;
  return { row, entity: await resolveEntity(app.db, row.schema_key, row.table_key) };
}

/** An import being mapped, ready to be checked or started by the actor: its mapping checked as one that can run. */
async function runnableImport(app: FastifyInstance, actor: Actor, id: string): Promise<repo.ImportRow> {
  const { row, entity } = await importBeingMapped(app, actor, id);
  requireEntityRights(actor, entity, row.mode);
  checkMapping(entity, row.columns, { mapping: row.mapping, mode: row.mode, matchField: row.match_field });
  return row;
}

/**
 * Checks the whole file with the saved mapping, in the background (the import job's first pass, which writes
 * nothing): how many rows it has, how many would be refused and the first errors, before the user starts the import.
 */
export async function checkImport(app: FastifyInstance, actor: Actor, id: string): Promise<ImportDto> {
  const row = await runnableImport(app, actor, id);
  if (!(await repo.markChecking(app.db, id))) {
    const now = await repo.findImport(app.db, id);
    throw (now && checkRefusal(now)) ?? invalid([fieldError("status", bulkDataTexts.notBeingMapped)]);
  }
  await sendImportJob(app, id);
  return toImportDto((await repo.findImport(app.db, id)) ?? row);
}

export async function startImport(app: FastifyInstance, actor: Actor, id: string): Promise<ImportDto> {
  const row = await runnableImport(app, actor, id);
  await queueImport(app, id);
  return toImportDto((await repo.findImport(app.db, id)) ?? row);
}

export async function stopImport(app: FastifyInstance, actor: Actor, id: string): Promise<ImportDto> {
  requirePermission(actor, "Create", IMPORT);
  const row = await visibleImport(app, actor, id);
  if (!(await repo.requestStop(app.db, row.id))) throw invalid([fieldError("status", bulkDataTexts.notRunning)]);
  return toImportDto((await repo.findImport(app.db, id)) ?? row);
}

export async function discardImport(app: FastifyInstance, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "Create", IMPORT);
  const row = await visibleImport(app, actor, id);
  // The upload's file is left to the storage's sweep, which removes it once no row names it.
  if (!(await repo.deleteUnstarted(app.db, row.id))) {
    throw invalid([fieldError("status", bulkDataTexts.notBeingMapped)]);
  }
}

export async function listImports(
  app: FastifyInstance,
  actor: Actor,
  query: {
    schemaAndTableName?: string;
    status?: ImportStatus;
    schema?: string;
    tableNames?: string[];
    page: number;
    size: number;
  },
  activeOnly: boolean,
): Promise<ImportPage> {
  requirePermission(actor, "Read", IMPORT);
  const [schemaKey, tableKey] = query.schemaAndTableName?.split(".") ?? [];
  const { rows, total } = await repo.listImports(app.db, {
    userId: can(actor, "Update", IMPORT) ? undefined : actor.id,
    activeOnly,
    status: query.status,
    schemaKey,
    tableKey,
    schema: query.schema,
    tableNames: query.tableNames,
    offset: query.page * query.size,
    limit: query.size,
  });
  return { content: rows.map(toImportDto), totalElements: total, page: query.page, size: query.size };
}

/** Failed rows read from the database a page at a time while the file is written. */
const ERROR_PAGE_ROWS = 1000;

/** The rows that failed, as the file's columns and an Error column, in the upload's format. */
export async function errorFile(
  app: FastifyInstance,
  actor: Actor,
  id: string,
): Promise<{ stream: Readable; fileName: string; format: BulkFormat }> {
  requirePermission(actor, "Read", IMPORT);
  const row = await visibleImport(app, actor, id);
  const entity = await resolveEntity(app.db, row.schema_key, row.table_key);
  const language = row.language as Language;
  const labels = new Map<string, string>([[MATCH_BY_ID, ID_HEADER]]);
  for (const field of entity.fields) labels.set(fieldErrorName(field), headerOf(field, language));
  const width = row.columns.length;
  const format = row.format;
  async function* rows() {
    let after = 0;
    for (;;) {
      const page = await repo.rowErrorsAfter(app.db, row.id, after, ERROR_PAGE_ROWS);
      for (const failed of page) {
        const cells = Array.from({ length: width }, (_, index) => {
          const cell = (failed.cells as unknown[])[index] ?? null;
          return format === "csv" ? cellDisplay(cell as CellValue) : (cell as string | number | boolean | null);
        });
        const message = failed.errors
          .map((error) => `${labels.get(error.field) ?? error.field}: ${messageText(language, error.message)}`)
          .join("; ");
        yield [...cells, message];
      }
      if (page.length < ERROR_PAGE_ROWS) return;
      after = page[page.length - 1].row_number;
    }
  }
  const errorHeader = serverText(language, bulkDataTexts.errorColumn);
  const base = row.file_name.replace(/\.(xlsx|csv)$/i, "");
  return {
    stream: writeRows(format, [...row.columns, errorHeader], rows()),
    fileName: `${base}-${serverText(language, "files.errors")}.${format}`,
    format,
  };
}

export async function importTemplate(
  app: FastifyInstance,
  actor: Actor,
  entity: EntityMetadata,
  format: BulkFormat,
  lang?: BulkLanguage,
): Promise<{ body: Buffer; fileName: string }> {
  requirePermission(actor, "Create", IMPORT);
  if (!can(actor, "Create", entity.resource) && !can(actor, "Update", entity.resource)) {
    requirePermission(actor, "Create", entity.resource);
  }
  const language = lang ?? (await repo.languageOf(app.db, actor.id));
  const described = await withOptions(app.db, entity);
  const name = language === "nb" ? entity.pluralNb : entity.pluralEn;
  return {
    body: await buildTemplate(described, language, format),
    fileName: `${name} ${serverText(language, "files.importTemplate")}.${format}`,
  };
}
