import type { FastifyInstance } from "fastify";
import type { JobDefinition } from "../plugins/jobs.ts";
import { autoMergeSubmission } from "./form-merge.service.ts";

/** Merges a submission to a form that merges by itself, away from the public request that took it. */
export const FORM_MERGE_JOB = "form-merge";

export const formMergeJob: JobDefinition<{ submissionId: string }> = {
  name: FORM_MERGE_JOB,
  queue: { retryLimit: 3, retryDelay: 10, retryBackoff: true },
  async run(app, job) {
    const merged = await autoMergeSubmission(app.db, job.data.submissionId);
    if (!merged) app.log.info({ submissionId: job.data.submissionId }, "submission left for review");
  },
};

/**
 * Sends the merge of a new submission to the queue. The submission is stored whatever happens here: one the queue
 * does not take stays pending, to be merged from its review screen.
 */
export async function enqueueAutoMerge(app: FastifyInstance, submissionId: string): Promise<void> {
  try {
    await app.jobs.send(FORM_MERGE_JOB, { submissionId }, { singletonKey: submissionId });
  } catch (error) {
    app.log.error({ err: error, submissionId }, "could not send the submission's merge to the queue");
  }
}
