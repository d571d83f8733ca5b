import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type Job, PgBoss, type Queue, type SendOptions } from "pg-boss";

/**
 * A kind of background work (ARCHITECTURE.md §8): a queue of its own, and what one job of it does. `run` must be safe
 * to run again after a crash (a job whose process died is retried); `signal` aborts when the queue stops or the job is
 * cancelled.
 */
export interface JobDefinition<T extends object = object> {
  name: string;
  queue?: Omit<Queue, "name">;
  /** Also sent by the queue itself on this cron schedule (UTC). */
  cron?: string;
  /** Also sent when the queue starts, so that a start catches up on what was missed while no process ran. */
  atStart?: boolean;
  run(app: FastifyInstance, job: Job<T>): Promise<void>;
}

export interface JobsPluginOptions {
  definitions: JobDefinition<any>[];
  /** Runs the jobs in this process; false leaves them to a worker process (`npm run worker`). */
  work: boolean;
  /** How often an idle worker looks for new jobs. */
  pollingIntervalSeconds?: number;
}

declare module "fastify" {
  interface FastifyInstance {
    jobs: {
      send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
      /** The queue's own instance, for tests and the benchmarks. */
      boss: PgBoss;
    };
  }
}

const START_RETRY_MS = 10_000;

/** The states in which a queue's job will still run, or runs: any other (completed, cancelled, failed) has ended. */
const LIVE_JOB_STATES = new Set(["created", "retry", "active"]);

/** Whether any of these jobs will still run, or runs (a killed worker's job is retried by the queue's monitor). */
export function anyLive(jobs: { state: string }[]): boolean {
  return jobs.some((job) => LIVE_JOB_STATES.has(job.state));
}

/** pg-boss keeps its tables in a schema of its own, so its migrations never meet ours. */
export const JOBS_SCHEMA = "pgboss";

/**
 * The job queue: pg-boss on the same database and pool as everything else (PostgreSQL or the embedded PGlite, through
 * `executeSql`: one connection there, so a job's statements take turns with the requests'). It starts once the API is
 * ready and stops, waiting for the jobs under way, before the database closes.
 */
export default fp<JobsPluginOptions>(
  async (app, options) => {
    const boss = new PgBoss({
      db: { executeSql: async (text, values) => (await app.dbExecuteSql(text, values)) as { rows: any[] } },
      schema: JOBS_SCHEMA,
      backend: app.dbKind === "pglite" ? "pglite" : "postgres",
      // A job whose worker stopped sending heartbeats (a killed process) is retried this soon: the monitor runs on
      // the supervisor's pass, which is a minute apart unless set.
      monitorIntervalSeconds: 10,
      superviseIntervalSeconds: 10,
    });
    boss.on("error", (error) => app.log.error({ err: error }, "job queue error"));
    let started = false;

    app.decorate("jobs", {
      async send(name, data, sendOptions) {
        return boss.send(name, data, sendOptions ?? {});
      },
      boss,
    });

    const startQueue = async () => {
      await boss.start();
      started = true;
      for (const definition of options.definitions) {
        await boss.createQueue(definition.name, definition.queue ?? {});
        // createQueue leaves a queue made by an earlier version as it was: its retries and heartbeat follow this one's.
        const { policy: _policy, partition: _partition, ...settings } = definition.queue ?? {};
        if (Object.keys(settings).length > 0) await boss.updateQueue(definition.name, settings);
        if (definition.cron) await boss.schedule(definition.name, definition.cron, {});
        // One waiting catch-up at a time, however many processes start.
        if (definition.atStart) await boss.send(definition.name, {}, { singletonKey: "start" });
        if (!options.work) continue;
        await boss.work(
          definition.name,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: 1 },
          async ([job]) => {
            if (job) await definition.run(app, job);
          },
        );
      }
    };
    let retry: NodeJS.Timeout | undefined;
    const startOrRetry = async () => {
      try {
        await startQueue();
      } catch (error) {
        // The API still answers (its health check says the database is down); the queue tries again.
        app.log.error({ err: error }, "the job queue could not start");
        if (started) await boss.stop({ graceful: false, close: false }).catch(() => undefined);
        started = false;
        retry = setTimeout(() => void startOrRetry(), START_RETRY_MS);
        retry.unref();
      }
    };
    app.addHook("onReady", startOrRetry);
    // Before the database's onClose: jobs under way finish their batch (or are retried later), then the pool closes.
    app.addHook("preClose", async () => {
      clearTimeout(retry);
      if (started) await boss.stop({ graceful: true, timeout: 20_000, close: false });
    });
  },
  { name: "jobs", dependencies: ["database"] },
);
