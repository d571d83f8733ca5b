import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import database from "../../server/plugins/database.ts";
import jobs, { JOBS_SCHEMA } from "../../server/plugins/jobs.ts";
import { createTestDatabase, testDatabase } from "../support/test-app.ts";

describe(`the job queue on ${testDatabase}`, () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  const ran: { data: unknown; attempt: number }[] = [];
  let failFirst = true;
  let caughtUp = 0;

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    // Migrating a new embedded database takes a while on a busy machine.
    app = Fastify({ logger: false, pluginTimeout: 120_000 });
    await app.register(database, { databaseUrl: created.databaseUrl, dataDir: created.dataDir, seedDemo: false });
    await app.register(jobs, {
      work: true,
      pollingIntervalSeconds: 0.5,
      definitions: [
        {
          name: "probe",
          queue: { retryLimit: 2, retryDelay: 0 },
          async run(_app, job) {
            ran.push({ data: job.data, attempt: job.retryCount });
            if ((job.data as { flaky?: boolean }).flaky && failFirst) {
              failFirst = false;
              throw new Error("first attempt fails");
            }
          },
        },
        {
          name: "catch-up",
          atStart: true,
          async run() {
            caughtUp += 1;
          },
        },
      ],
    });
    await app.ready();
  }, 150_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const until = async (done: () => boolean) => {
    for (let waited = 0; !done(); waited += 100) {
      if (waited > 20_000) throw new Error("timed out");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it("keeps its tables in a schema of its own and runs a job sent to it", async () => {
    const schemas = await app.dbExecuteSql(
      "select schema_name from information_schema.schemata where schema_name = $1",
      [JOBS_SCHEMA],
    );
    expect((schemas as { rows: unknown[] }).rows).toHaveLength(1);
    const id = await app.jobs.send("probe", { n: 1 });
    expect(id).toBeTruthy();
    await until(() => ran.some((run) => (run.data as { n?: number }).n === 1));
  });

  it("runs a job that catches up once when the queue starts", async () => {
    await until(() => caughtUp === 1);
  });

  it("retries a job whose run failed", async () => {
    await app.jobs.send("probe", { flaky: true });
    await until(() => ran.filter((run) => (run.data as { flaky?: boolean }).flaky).length === 2);
    expect(ran.filter((run) => (run.data as { flaky?: boolean }).flaky).map((run) => run.attempt)).toEqual([0, 1]);
  });
});

describe(`a queue made by an earlier version, on ${testDatabase}`, () => {
  let drop: (() => Promise<void>) | undefined;
  let app: FastifyInstance | undefined;
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  /** An API over the database whose one kind of work has these queue options. */
  const start = async (created: Awaited<ReturnType<typeof createTestDatabase>>, queue: object) => {
    const started = Fastify({ logger: false, pluginTimeout: 120_000 });
    await started.register(database, { databaseUrl: created.databaseUrl, dataDir: created.dataDir, seedDemo: false });
    await started.register(jobs, {
      work: false,
      definitions: [{ name: "evolving", queue, run: async () => undefined }],
    });
    await started.ready();
    return started;
  };

  it("takes the retries and heartbeat its kind of work has now when the API starts", { timeout: 240_000 }, async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    app = await start(created, { retryLimit: 1 });
    expect(await app.jobs.boss.getQueue("evolving")).toMatchObject({ retryLimit: 1 });
    await app.close();
    app = await start(created, { retryLimit: 3, heartbeatSeconds: 20, expireInSeconds: 3600 });
    expect(await app.jobs.boss.getQueue("evolving")).toMatchObject({
      retryLimit: 3,
      heartbeatSeconds: 20,
      expireInSeconds: 3600,
    });
  });
});
