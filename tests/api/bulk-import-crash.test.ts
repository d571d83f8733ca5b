import { type ChildProcess, spawn } from "node:child_process";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import { serviceEnv } from "../../server/cli/processes.ts";
import type { ImportDetail, ImportDto } from "../../server/contract/bulk-data.ts";
import { bearer, signIn } from "../support/oauth-flow.ts";
import { freePort, projectRoot, stop, waitForHealth } from "../support/servers.ts";
import { baseConfig, createTestDatabase, TEST_CLIENT_SECRET, testDatabase } from "../support/test-app.ts";
import { multipartBody } from "../support/upload-files.ts";

const ROWS = 30_000;

/**
 * An import survives `kill -9` of its process: restarted, the API resumes it from the last committed batch, and every
 * row of the file ends up once (spec §4 Import, the crash safety).
 */
describe(`a bulk import killed mid-way on ${testDatabase}`, () => {
  let drop: (() => Promise<void>) | undefined;
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child) await stop(child);
    await drop?.();
  });

  it("resumes after kill -9 and writes every row exactly once", { timeout: 120_000 }, async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    const config = {
      ...baseConfig(database.dataDir),
      DATABASE_URL: database.databaseUrl,
      SEED_DEMO: true,
      DEMO_PASSWORD: "demo-password-for-tests",
      // The queued import waits for the API process below.
      JOB_WORKERS: false,
    };
    let app: FastifyInstance = await buildApp(config);
    const tokens = await signIn(app, "admin@example.com");
    const lines = ["Company name,Organisation number"];
    for (let n = 0; n < ROWS; n++) lines.push(`Crash ${n},96${String(n).padStart(7, "0")}`);
    const body = multipartBody({ start: "true" }, { name: "crash.csv", content: `${lines.join("\n")}\n` });
    const uploaded = await app.inject({
      method: "POST",
      url: "/api/crm/company/initiate_import",
      headers: { ...bearer(tokens.access_token), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = (uploaded.json() as ImportDetail).import.id;
    await app.close();

    const port = await freePort();
    const env = serviceEnv(
      {
        ...process.env,
        NODE_ENV: "test",
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl ?? "",
        API_PORT: String(port),
        API_HOST: "127.0.0.1",
        PUBLIC_API_URL: config.PUBLIC_API_URL,
        APP_URL: config.APP_URL,
        OAUTH_CLIENT_SECRET: TEST_CLIENT_SECRET,
        RATE_LIMIT_PER_MINUTE: "100000",
        LOG_LEVEL: "warn",
        JOB_WORKERS: "true",
      },
      "api",
    );
    const startApi = async () => {
      const api = spawn(process.execPath, ["server/main.ts"], { cwd: projectRoot, env, stdio: "ignore" });
      await waitForHealth(`http://127.0.0.1:${port}/healthz`, api);
      return api;
    };
    const progress = async (): Promise<ImportDto> => {
      const response = await fetch(`http://127.0.0.1:${port}/api/core/bulk_data/imports/${id}`, {
        headers: bearer(tokens.access_token),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as ImportDetail).import;
    };

    child = await startApi();
    let atKill: ImportDto | undefined;
    while (!atKill) {
      const now = await progress();
      expect(now.status).toBe("importing");
      if (now.processedRows > 0 && now.processedRows < ROWS) atKill = now;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const killed = child;
    await new Promise<void>((resolve) => {
      killed.once("exit", () => resolve());
      process.kill(killed.pid as number, "SIGKILL");
    });

    child = await startApi();
    let done = await progress();
    for (let waited = 0; done.status === "importing" && waited < 90_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      done = await progress();
    }
    expect(done).toMatchObject({ status: "success", totalRows: ROWS, processedRows: ROWS, created: ROWS, failed: 0 });
    await stop(child);
    child = undefined;

    app = await buildApp(config);
    try {
      const { rows } = (await app.dbExecuteSql(
        `select count(*)::int as total, count(distinct organisation_number)::int as distinct_values
           from crm.company where organisation_number like '96%'`,
        [],
      )) as { rows: unknown[] };
      expect(rows[0]).toEqual({ total: ROWS, distinct_values: ROWS });
    } finally {
      await app.close();
    }
  });
});
