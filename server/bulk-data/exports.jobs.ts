import type { JobDefinition } from "../plugins/jobs.ts";
import { expireBulkFiles, failExport, runExport } from "./exports.service.ts";

export const EXPORT_JOB = "bulk-export";
export const BULK_EXPIRY_JOB = "bulk-data-expiry";
/** Attempts after the first before an export is given up as failed. */
export const EXPORT_RETRY_LIMIT = 2;

/**
 * The export job, and the hourly one that ends ready exports' and finished imports' files after the retention days
 * (BULK_FILE_RETENTION_DAYS).
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
    },
  };
  return [exportJob, expiryJob];
}
