import type { FastifyInstance } from "fastify";
import { bulkDataTexts } from "../contract/bulk-data.ts";
import { anyLive, type JobDefinition } from "../plugins/jobs.ts";
import { runExport } from "./export-run.ts";
import { exportingSince } from "./exports.repository.ts";
import { expireBulkFiles, failExport } from "./exports.service.ts";

export const EXPORT_JOB = "bulk-export";
export const BULK_EXPIRY_JOB = "bulk-data-expiry";
export const EXPORT_RECOVERY_JOB = "bulk-export-recovery";
/**
 * Attempts after the first before an export is given up as failed. A process that dies while it writes the file (an
 * export that takes all its memory would, again and again) costs one: the queue tries it again once its heartbeat
 * has stopped, and never more than this.
 */
export const EXPORT_RETRY_LIMIT = 2;
/** A killed worker's export is failed by the queue, and retried, this long after its last heartbeat. */
export const EXPORT_HEARTBEAT_SECONDS = 15;
/** An export still being written this long after it was asked for has its job looked up (the job is sent at once). */
export const EXPORT_STALLED_MS = 60_000;

/**
 * Exports left "exporting" whose job has ended (the process died in each of its attempts, so none failed it) or was
 * never sent (the process died between the two) become failed with the reason, and their users are told: nothing else
 * would end them. One whose job waits, retries or runs is left to it. Returns how many were failed.
 */
export async function failEndedExports(app: FastifyInstance): Promise<number> {
  let failed = 0;
  for (const exportId of await exportingSince(app.db, new Date(Date.now() - EXPORT_STALLED_MS))) {
    // The export's job is sent without a key (exports are never exclusive): it is found by its data.
    const jobs = await app.jobs.boss.findJobs(EXPORT_JOB, { data: { exportId } });
    if (anyLive(jobs)) continue;
    app.log.error({ exportId, jobs: jobs.map((job) => job.state) }, "export job ended before the export");
    await failExport(app.db, exportId, bulkDataTexts.exportInterrupted);
    failed += 1;
  }
  return failed;
}

/**
 * The export job; the one that fails exports whose job ended without them, at start and every minute; and the hourly
 * one that ends ready exports' and finished imports' files after the retention days (BULK_FILE_RETENTION_DAYS).
 */
export function exportJobs(options: { retentionDays: number }): JobDefinition<any>[] {
  const exportJob: JobDefinition<{ exportId: string }> = {
    name: EXPORT_JOB,
    queue: {
      retryLimit: EXPORT_RETRY_LIMIT,
      retryDelay: 10,
      retryBackoff: true,
      heartbeatSeconds: EXPORT_HEARTBEAT_SECONDS,
      // The heartbeat tells a live export from a dead one; a million rows may take longer than the default 15 minutes.
      expireInSeconds: 6 * 60 * 60,
    },
    async run(app, job) {
      try {
        await runExport(
          { db: app.db, storage: app.storage, retentionDays: options.retentionDays },
          job.data.exportId,
          job.signal,
        );
      } catch (error) {
        app.log.error({ err: error, exportId: job.data.exportId, attempt: job.retryCount }, "export failed");
        // Stopped by a shutdown: the queue runs it again later.
        if (job.signal.aborted || job.retryCount < EXPORT_RETRY_LIMIT) throw error;
        await failExport(app.db, job.data.exportId);
      }
    },
  };
  const expiryJob: JobDefinition = {
    name: BULK_EXPIRY_JOB,
    cron: "7 * * * *",
    async run(app) {
      const expired = await expireBulkFiles(app.db, options.retentionDays);
      if (expired.exports + expired.imports > 0) app.log.info(expired, "bulk data files expired");
    },
  };
  const recoveryJob: JobDefinition = {
    name: EXPORT_RECOVERY_JOB,
    cron: "* * * * *",
    atStart: true,
    queue: { retryLimit: 0 },
    run: async (app) => {
      await failEndedExports(app);
    },
  };
  return [exportJob, recoveryJob, expiryJob];
}
