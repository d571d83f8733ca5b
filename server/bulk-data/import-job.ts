import type { FastifyInstance } from "fastify";
import { sql, type Transaction } from "kysely";
import type { Job } from "pg-boss";
import { bulkDataTexts, IMPORT_BATCH_SIZE, IMPORT_CHECK_ERRORS, type ImportStatus } from "../contract/bulk-data.ts";
import { fieldErrorName } from "../contract/fields.ts";
import { duplicateMessage } from "../contract/messages.ts";
import type { Database } from "../db/schema.ts";
import { notifyJobFinished } from "../notifications/notifications.service.ts";
import { anyLive, type JobDefinition } from "../plugins/jobs.ts";
import { cachedEntity, type EntityMetadata } from "../records/metadata.repository.ts";
import { withOptions } from "../records/records.service.ts";
import type { Language } from "./cells.ts";
import {
  type BatchOutcome,
  type ConvertedRow,
  checkBatch,
  convertRow,
  type ImportPlan,
  makePlan,
  writeBatch,
} from "./import-rows.ts";
import * as repo from "./imports.repository.ts";
import { IMPORT_JOB } from "./imports.service.ts";
import { type FileRow, ImportLimitError, readRows, storedCell, UnreadableFileError } from "./sheets.ts";

/** Attempts after the first; a process killed mid-import costs one. */
export const IMPORT_RETRY_LIMIT = 5;
/** An import under way whose worker has written nothing for this long is sent to the queue again. */
export const IMPORT_STALLED_MS = 60_000;

/** Another delivery of the job has moved the import on: this one writes nothing more. */
class Superseded extends Error {
  name = "Superseded";
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "23505";
}

export type ImportJobData = { importId: string };

/**
 * The import job (spec §4 Import): the file is read again from storage, as a stream, and written a batch per
 * transaction. `rows_done` is where a batch starts; the batch commits with the new `rows_done`, so a process killed at
 * any point resumes at the last committed batch and writes no row twice. One job per import (the queue's exclusive
 * policy, keyed by the import's id).
 */
export const importJob: JobDefinition<ImportJobData> = {
  name: IMPORT_JOB,
  queue: {
    policy: "exclusive",
    retryLimit: IMPORT_RETRY_LIMIT,
    retryDelay: 2,
    // A killed worker's job is failed and retried this long after its last heartbeat.
    heartbeatSeconds: 15,
    expireInSeconds: 6 * 60 * 60,
  },
  run: (app, job) => runImport(app, job),
};

/** A batch also ends at this much text, so that rows of long cells never hold more than this in memory at once. */
export const IMPORT_BATCH_CHARS = 2_000_000;
/** How often a check tells how far it has read (and that its worker lives). */
const CHECK_PROGRESS_MS = 1000;

/**
 * The file's data rows (the header left out) in batches, from the `skip`-th on: at most IMPORT_BATCH_SIZE rows, and
 * a batch ends once its text reaches IMPORT_BATCH_CHARS. Streamed: one batch in memory at a time.
 */
async function* batchesOf(rows: AsyncIterable<FileRow>, skip: number): AsyncGenerator<FileRow[]> {
  let batch: FileRow[] = [];
  let chars = 0;
  let seen = -1;
  for await (const row of rows) {
    seen += 1;
    // The header, then rows of committed batches, are read past.
    if (seen === 0 || seen <= skip) continue;
    batch.push(row);
    chars += row.chars;
    if (batch.length < IMPORT_BATCH_SIZE && chars < IMPORT_BATCH_CHARS) continue;
    yield batch;
    batch = [];
    chars = 0;
  }
  if (batch.length > 0) yield batch;
}

async function planOf(app: FastifyInstance, row: repo.ImportRow, entity: EntityMetadata): Promise<ImportPlan> {
  return makePlan(app.db, await withOptions(app.db, entity), {
    mode: row.mode,
    matchField: row.match_field,
    mapping: row.mapping,
    language: row.language as Language,
  });
}

/** The column of the file a row error is about: the one mapped to its field (null for a field no column fills). */
function columnOf(row: repo.ImportRow, field: string): number | null {
  const key = field.replace(/^customFields\./, "");
  const index = row.mapping.indexOf(key);
  return index < 0 ? null : index;
}

/**
 * The job's first pass: every row of the file read and checked as the import would check it (the record API's
 * validation, the records an update finds, unique values), writing nothing, streamed a batch at a time. It counts the
 * rows, and those with errors, and keeps the first IMPORT_CHECK_ERRORS errors. A file past the import's limits, or
 * one that cannot be read, fails it with why and where. Undefined when the check is no longer wanted (the import
 * discarded), or `stopped` when its import was asked to stop.
 */
async function checkFile(
  app: FastifyInstance,
  job: Job<ImportJobData>,
  row: repo.ImportRow,
  plan: ImportPlan,
): Promise<repo.CheckResult | "stopped" | undefined> {
  let rows = 0;
  let errorRows = 0;
  const errors: repo.CheckResult["errors"] = [];
  let told = Date.now();
  try {
    for await (const batch of batchesOf(readRows(app.storage, row.file_key ?? "", row.format), 0)) {
      const converted = batch.map((fileRow) => convertRow(plan, fileRow.rowNumber, fileRow.cells));
      await checkBatch(app.db, plan, converted);
      for (const checked of converted) {
        if (checked.errors.length === 0) continue;
        errorRows += 1;
        for (const error of checked.errors) {
          if (errors.length >= IMPORT_CHECK_ERRORS) break;
          errors.push({ rowNumber: checked.rowNumber, column: columnOf(row, error.field), ...error });
        }
      }
      rows += batch.length;
      if (Date.now() - told >= CHECK_PROGRESS_MS) {
        const progress = await repo.checkProgress(app.db, row.id, rows);
        if (!progress) return undefined;
        if (progress.stopRequested) return "stopped";
        told = Date.now();
      }
      // The queue is stopping: the retry checks again from the start.
      if (job.signal.aborted) throw new Error("the job queue stopped");
    }
  } catch (error) {
    const failed = { status: "failed" as const, rows, errorRows, errors, message: "", rowNumber: null };
    if (error instanceof ImportLimitError) return { ...failed, message: error.text, rowNumber: error.rowNumber };
    if (error instanceof UnreadableFileError) {
      app.log.warn({ err: error, importId: row.id }, "import file unreadable");
      return { ...failed, message: bulkDataTexts.unreadableFile };
    }
    throw error;
  }
  return { status: "checked", rows, errorRows, errors, message: null, rowNumber: null };
}

/** A check asked for while the import is mapped: its result is kept for the user, who then starts the import or not. */
async function runCheck(app: FastifyInstance, job: Job<ImportJobData>, row: repo.ImportRow): Promise<void> {
  const entity = await cachedEntity(app.db, row.schema_key, row.table_key);
  if (!entity || !row.file_key) {
    await repo.finishCheck(app.db, row.id, {
      status: "failed",
      rows: 0,
      errorRows: 0,
      errors: [],
      message: bulkDataTexts.unreadableFile,
      rowNumber: null,
    });
    return;
  }
  const result = await checkFile(app, job, row, await planOf(app, row, entity));
  if (result && result !== "stopped") await repo.finishCheck(app.db, row.id, result);
}

async function runImport(app: FastifyInstance, job: Job<ImportJobData>): Promise<void> {
  const row = await repo.findImport(app.db, job.data.importId);
  if (row?.status === null && row.check_status === "checking") return runCheck(app, job, row);
  if (row?.status !== "importing") return;
  const entity = await cachedEntity(app.db, row.schema_key, row.table_key);
  try {
    if (!entity || !row.file_key) throw new UnreadableFileError("the entity or the file is gone");
    if (row.stop_requested) return await finishImport(app, row, entity, "stopped", null);
    const plan = await planOf(app, row, entity);
    // Not checked yet (started without a check, or the check was under way when its process died): checked first,
    // so that a file the import cannot read to its end writes nothing.
    if (row.check_status !== "checked") {
      const checked = await checkFile(app, job, row, plan);
      if (checked === "stopped") return await finishImport(app, row, entity, "stopped", null);
      if (!checked || !(await repo.finishCheck(app.db, row.id, checked))) return;
      if (checked.status === "failed") return await finishImport(app, row, entity, "failed", checked.message);
    }

    let done = row.rows_done;
    for await (const batch of batchesOf(readRows(app.storage, row.file_key, row.format), done)) {
      const result = await commitBatch(app, row, plan, batch, done);
      done += batch.length;
      if (result.stopRequested) return await finishImport(app, row, entity, "stopped", null);
      // The queue is stopping: the retry goes on from here.
      if (job.signal.aborted) throw new Error("the job queue stopped");
    }
    const ended = await repo.findImport(app.db, row.id);
    if (!ended) return;
    const [status, message] = finalStatus(ended);
    await finishImport(app, row, entity, status, message);
  } catch (error) {
    if (error instanceof Superseded) return;
    if (error instanceof ImportLimitError) return finishImport(app, row, entity, "failed", error.text);
    if (error instanceof UnreadableFileError) {
      app.log.warn({ err: error, importId: row.id }, "import file unreadable");
      return finishImport(app, row, entity, "failed", bulkDataTexts.unreadableFile);
    }
    if (job.retryCount < IMPORT_RETRY_LIMIT) throw error;
    app.log.error({ err: error, importId: row.id }, "import failed");
    await finishImport(app, row, entity, "failed", bulkDataTexts.importFailed);
  }
}

/** Success, unless nothing changed (the same file imported twice to update: "no operation") or every row failed. */
function finalStatus(row: repo.ImportRow): [Exclude<ImportStatus, "importing">, string | null] {
  if (row.failed_count > 0 && row.failed_count === row.rows_done) return ["failed", bulkDataTexts.allRowsFailed];
  if (row.created_count === 0 && row.updated_count === 0 && row.failed_count === 0) return ["no_operation", null];
  return ["success", null];
}

async function finishImport(
  app: FastifyInstance,
  row: repo.ImportRow,
  entity: EntityMetadata | undefined,
  status: Exclude<ImportStatus, "importing">,
  message: string | null,
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    if (!(await repo.finish(trx, row.id, status, message)) || !entity) return;
    await notifyJobFinished(trx, {
      type: "import_finished",
      userId: row.user_id,
      jobId: row.id,
      fileName: row.file_name,
      entity,
      status,
    });
  });
}

/**
 * One batch in one transaction. Rows are converted and checked before it opens (on PGlite a transaction holds the
 * only connection). A unique violation the checks could not see (another writer's value) refuses the batch; it is
 * then written again row by row, so only the rows that clash fail.
 */
async function commitBatch(
  app: FastifyInstance,
  row: repo.ImportRow,
  plan: ImportPlan,
  fileRows: FileRow[],
  expected: number,
): Promise<{ stopRequested: boolean }> {
  const convert = () => fileRows.map((fileRow) => convertRow(plan, fileRow.rowNumber, fileRow.cells));
  const rows = convert();
  try {
    return await app.db.transaction().execute((trx) => writeAndAdvance(trx, row, plan, rows, expected, false));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const again = convert();
    return app.db.transaction().execute((trx) => writeAndAdvance(trx, row, plan, again, expected, true));
  }
}

async function writeAndAdvance(
  trx: Transaction<Database>,
  row: repo.ImportRow,
  plan: ImportPlan,
  rows: ConvertedRow[],
  expected: number,
  rowByRow: boolean,
): Promise<{ stopRequested: boolean }> {
  // Waits for another delivery's batch, if one is under way, and then finds the import moved on.
  if (!(await repo.lockAt(trx, row.id, expected))) throw new Superseded();
  const outcome = rowByRow
    ? await writeRowByRow(trx, plan, rows, row.user_id)
    : await writeBatch(trx, plan, rows, row.user_id);
  await repo.insertRowErrors(trx, row.id, outcome.failed);
  const advanced = await repo.advance(trx, row.id, expected, {
    rows: rows.length,
    created: outcome.created,
    updated: outcome.updated,
    unchanged: outcome.unchanged,
    failed: outcome.failed.length,
  });
  if (!advanced) throw new Superseded();
  return advanced;
}

async function writeRowByRow(
  trx: Transaction<Database>,
  plan: ImportPlan,
  rows: ConvertedRow[],
  actorId: string,
): Promise<BatchOutcome> {
  const total: BatchOutcome = { created: 0, updated: 0, unchanged: 0, failed: [] };
  for (const row of rows) {
    await sql`savepoint import_row`.execute(trx);
    try {
      const outcome = await writeBatch(trx, plan, [row], actorId);
      await sql`release savepoint import_row`.execute(trx);
      total.created += outcome.created;
      total.updated += outcome.updated;
      total.unchanged += outcome.unchanged;
      total.failed.push(...outcome.failed);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await sql`rollback to savepoint import_row`.execute(trx);
      const clashing = plan.entity.fields.filter((field) => field.unique && row.values[field.key] != null);
      total.failed.push({
        rowNumber: row.rowNumber,
        cells: row.cells.map(storedCell),
        errors: clashing.map((field) => ({
          field: fieldErrorName(field),
          message: duplicateMessage(String(row.values[field.key])),
        })),
      });
    }
  }
  return total;
}

/** Imports that no worker has moved for a while are looked after: when the queue starts, then every minute. */
export const importRecoveryJob: JobDefinition = {
  name: "bulk-import-recovery",
  cron: "* * * * *",
  atStart: true,
  queue: { retryLimit: 0 },
  run: (app) => recoverStalledImports(app),
};

/**
 * Imports under way, or being checked, that no worker has moved for a while, by what the queue knows of their job
 * (keyed by the import's id): one that is waiting, retrying or running is left to the queue (a killed worker's job is
 * retried once its heartbeat stops); one that has ended without ending the import (its retries spent: the process was
 * killed again and again) makes the import's status unknown, or its check failed, since sending it again could fail
 * the same way for ever; and one that has no job at all (never sent, its process died first, or lost) is sent again.
 * The queue refuses a second job for an import that still has one, so this never runs an import twice.
 */
export async function recoverStalledImports(app: FastifyInstance): Promise<void> {
  for (const id of await repo.stalledImports(app.db, new Date(Date.now() - IMPORT_STALLED_MS))) {
    const jobs = await app.jobs.boss.findJobs(IMPORT_JOB, { key: id });
    if (anyLive(jobs)) continue;
    if (jobs.length === 0) {
      await app.jobs.send(IMPORT_JOB, { importId: id }, { singletonKey: id });
      continue;
    }
    const row = await repo.findImport(app.db, id);
    if (row?.status === null && row.check_status === "checking") {
      app.log.error({ importId: id, jobs: jobs.map((job) => job.state) }, "import job ended before its check");
      await repo.finishCheck(app.db, id, {
        status: "failed",
        rows: row.checked_rows,
        errorRows: row.error_rows,
        errors: row.check_errors,
        message: bulkDataTexts.checkInterrupted,
        rowNumber: null,
      });
      continue;
    }
    if (row?.status !== "importing") continue;
    app.log.error({ importId: id, jobs: jobs.map((job) => job.state) }, "import job ended before the import");
    const entity = await cachedEntity(app.db, row.schema_key, row.table_key);
    await finishImport(app, row, entity, "unknown", bulkDataTexts.importInterrupted);
  }
}
