import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { serviceEnv } from "../../server/cli/processes.ts";
import type { ImportDetail, ImportDto } from "../../server/contract/bulk-data.ts";
import { bearer, signIn } from "../support/oauth-flow.ts";
import { freePort, projectRoot, stop, waitForHealth } from "../support/servers.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { multipartBody } from "../support/upload-files.ts";

const ROWS = 2_000;

/**
 * With JOB_WORKERS=false the API only queues jobs; `npm run worker` processes do them (decision 026). Beside a
 * PostgreSQL server only: the embedded database is one process's.
 */
describe("jobs in a worker process of their own on postgres", () => {
  let t: TestApp | undefined;
  let worker: ChildProcess | undefined;
  afterAll(async () => {
    if (worker) await stop(worker);
    await t?.close();
  });

  it("leaves a queued import to the worker process, which runs it", { timeout: 120_000 }, async () => {
    t = await createTestApp({ demo: true, JOB_WORKERS: false });
    const tokens = await signIn(t.app, "admin@example.com");
    const lines = ["Company name,Organisation number"];
    for (let n = 0; n < ROWS; n++) lines.push(`Worker ${n},95${String(n).padStart(7, "0")}`);
    const body = multipartBody({ start: "true" }, { name: "worker.csv", content: `${lines.join("\n")}\n` });
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/crm/company/initiate_import",
      headers: { ...bearer(tokens.access_token), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = (uploaded.json() as ImportDetail).import.id;
    const progress = async (): Promise<ImportDto> =>
      (
        (
          await t!.app.inject({
            method: "GET",
            url: `/api/core/bulk_data/imports/${id}`,
            headers: bearer(tokens.access_token),
          })
        ).json() as ImportDetail
      ).import;

    // The API that queued it does not run it.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await progress()).toMatchObject({ status: "importing", processedRows: 0 });

    const config = t.config;
    const port = await freePort();
    worker = spawn(process.execPath, ["server/worker.ts"], {
      cwd: projectRoot,
      stdio: "ignore",
      env: serviceEnv(
        {
          ...process.env,
          NODE_ENV: "test",
          DATA_DIR: config.DATA_DIR,
          DATABASE_URL: config.DATABASE_URL ?? "",
          API_PORT: String(port),
          PUBLIC_API_URL: config.PUBLIC_API_URL,
          APP_URL: config.APP_URL,
          OAUTH_CLIENT_SECRET: config.OAUTH_CLIENT_SECRET,
          LOG_LEVEL: "warn",
        },
        "api",
      ),
    });
    let done = await progress();
    for (let waited = 0; done.status === "importing" && waited < 90_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      done = await progress();
    }
    expect(done).toMatchObject({ status: "success", processedRows: ROWS, created: ROWS, failed: 0 });
    // It answers no requests: nothing listens on its port.
    await expect(waitForHealth(`http://127.0.0.1:${port}/healthz`, worker, 1_000)).rejects.toThrow();
  });
});
