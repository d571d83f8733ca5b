import type { FastifyInstance } from "fastify";
import { sql, type Transaction } from "kysely";
import type { Job } from "pg-boss";
import { bulkDataTexts, IMPORT_BATCH_SIZE, type ImportStatus } from "../contract/bulk-data.ts";
import { fieldErrorName } from "../contract/fields.ts";
import type { Database } from "../db/schema.ts";
import { notifyJobFinished } from "../notifications/notifications.service.ts";
import { anyLive, type JobDefinition } from "../plugins/jobs.ts";
import { cachedEntity, type EntityMetadata } from "../records/metadata.repository.ts";
import { withOptions } from "../records/records.service.ts";
import type { Language } from "./cells.ts";
import {
  type BatchOutcome,
  type ConvertedRow,
  convertRow,
  type ImportPlan,
  makePlan,
  writeBatch,
} from "./import-rows.ts";
import * as repo from "./imports.repository.ts";
import { IMPORT_JOB } from "./imports.service.ts";
import { type FileRow, readRows, storedCell, UnreadableFileError } from "./sheets.ts";

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

async function runImport(app: FastifyInstance, job: Job<ImportJobData>): Promise<void> {
  const row = await repo.findImport(app.db, job.data.importId);
  if (row?.status !== "importing") return;
  const entity = await cachedEntity(app.db, row.schema_key, row.table_key);
  try {
    if (!entity || !row.file_key) throw new UnreadableFileError("the entity or the file is gone");
    if (row.stop_requested) return await finishImport(app, row, entity, "stopped", null);
    const plan = await makePlan(app.db, await withOptions(app.db, entity), {
      mode: row.mode,
      matchField: row.match_field,
      mapping: row.mapping,
      language: row.language as Language,
    });
    if (row.total_rows === null) await repo.setTotalRows(app.db, row.id, await countRows(app, row.file_key, row));

    let done = row.rows_done;
    let seen = 0;
    let batch: FileRow[] = [];
    const flush = async () => {
      const result = await commitBatch(app, row, plan, batch, done);
      done += batch.length;
      batch = [];
      return result.stopRequested;
    };
    let first = true;
    for await (const fileRow of readRows(app.storage, row.file_key, row.format)) {
      if (first) {
        first = false;
        continue;
      }
      // Rows of committed batches are read past, not written again.
      seen += 1;
      if (seen <= done) continue;
      batch.push(fileRow);
      if (batch.length < IMPORT_BATCH_SIZE) continue;
      if (await flush()) return await finishImport(app, row, entity, "stopped", null);
      // The queue is stopping: the retry goes on from here.
      if (job.signal.aborted) throw new Error("the job queue stopped");
    }
    if (batch.length > 0 && (await flush())) return await finishImport(app, row, entity, "stopped", null);
    const ended = await repo.findImport(app.db, row.id);
    if (!ended) return;
    const [status, message] = finalStatus(ended);
    await finishImport(app, row, entity, status, message);
  } catch (error) {
    if (error instanceof Superseded) return;
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

/** The file's data rows, in a streaming pass before the import, so that its progress has a denominator. */
async function countRows(app: FastifyInstance, key: string, row: repo.ImportRow): Promise<number> {
  let count = -1;
  for await (const _ of readRows(app.storage, key, row.format)) count += 1;
  return Math.max(0, count);
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
          message: `${row.values[field.key]} already exist`,
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
 * Imports under way that no worker has moved for a while, by what the queue knows of their job (keyed by the import's
 * id): one that is waiting, retrying or running is left to the queue (a killed worker's job is retried once its
 * heartbeat stops); one that has ended without ending the import (its retries spent: the process was killed again and
 * again) makes the import's status unknown, since sending it again could fail the same way for ever; and one that has
 * no job at all (never sent, its process died first, or lost) is sent again. The queue refuses a second job for an
 * import that still has one, so this never runs an import twice.
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
    if (row?.status !== "importing") continue;
    app.log.error({ importId: id, jobs: jobs.map((job) => job.state) }, "import job ended before the import");
    const entity = await cachedEntity(app.db, row.schema_key, row.table_key);
    await finishImport(app, row, entity, "unknown", bulkDataTexts.importInterrupted);
  }
}
