import type { FastifyInstance } from "fastify";
import { anyLive, type JobDefinition } from "../plugins/jobs.ts";
import { exportingSince } from "./exports.repository.ts";
import { expireBulkFiles, failExport, runExport } from "./exports.service.ts";

export const EXPORT_JOB = "bulk-export";
export const BULK_EXPIRY_JOB = "bulk-data-expiry";
/** Attempts after the first before an export is given up as failed. */
export const EXPORT_RETRY_LIMIT = 2;
/** An export still being written this long after it was asked for has its job looked up. */
export const EXPORT_STALLED_MS = 10 * 60_000;

/**
 * Exports left "exporting" whose job has ended (its last attempt's process killed, so no attempt failed it) or was
 * never sent (the process died between the two) become failed, and their users are told: nothing else would end them.
 * One whose job waits, retries or runs is left to it. Returns how many were failed.
 */
export async function failEndedExports(app: FastifyInstance): Promise<number> {
  let failed = 0;
  for (const exportId of await exportingSince(app.db, new Date(Date.now() - EXPORT_STALLED_MS))) {
    // The export's job is sent without a key (exports are never exclusive): it is found by its data.
    const jobs = await app.jobs.boss.findJobs(EXPORT_JOB, { data: { exportId } });
    if (anyLive(jobs)) continue;
    app.log.error({ exportId, jobs: jobs.map((job) => job.state) }, "export job ended before the export");
    await failExport(app.db, exportId);
    failed += 1;
  }
  return failed;
}

/**
 * The export job, and the hourly one that ends ready exports' and finished imports' files after the retention days
 * (BULK_FILE_RETENTION_DAYS) and fails exports whose job ended without them.
 */
export function exportJobs(options: { retentionDays: number }): JobDefinition<any>[] {
  const exportJob: JobDefinition<{ exportId: string }> = {
    name: EXPORT_JOB,
    queue: { retryLimit: EXPORT_RETRY_LIMIT, retryDelay: 10, retryBackoff: true },
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
      await failEndedExports(app);
    },
  };
  return [exportJob, expiryJob];
}
