import fp from "fastify-plugin";

/** Work the API process does by itself, every so often; each run must be safe to repeat, here or in another process. */
export interface ScheduledJob {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

/**
 * A small in-process scheduler until the job queue arrives: each job runs once when the API is ready (a start catches
 * up on what was missed while it was down), then every `everyMs`; a run still going when the next is due is not
 * doubled. A failed run is logged and tried again next time. Closing stops the timers and waits for a run under way,
 * so the database is not closed beneath it.
 */
export default fp<{ jobs: ScheduledJob[] }>(
  async (app, { jobs }) => {
    const timers: NodeJS.Timeout[] = [];
    const running = new Map<string, Promise<void>>();
    let closing = false;

    const start = (job: ScheduledJob): Promise<void> => {
      const underWay = running.get(job.name);
      if (underWay || closing) return underWay ?? Promise.resolve();
      const run = job
        .run()
        .then(
          () => undefined,
          (error: unknown) => app.log.error({ err: error, job: job.name }, "scheduled job failed"),
        )
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
      return run;
    };

    app.addHook("onReady", async () => {
      for (const job of jobs) {
        await start(job);
        const timer = setInterval(() => void start(job), job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    });
    // Before any plugin's onClose: the database is still open for a run under way.
    app.addHook("preClose", async () => {
      closing = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    });
  },
  { name: "scheduler", dependencies: ["database"] },
);
