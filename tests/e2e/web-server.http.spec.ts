import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, request } from "@playwright/test";
import { recordBuild, sourceFingerprint } from "../../server/cli/build-fingerprint.ts";
import { decryptValue, sessionCookieKey } from "../../server/shared/sealed-value.ts";
import { freePort, projectRoot, type RunningWorkspace, runToExit, startWorkspace } from "../support/servers.ts";
import { sendSlowly } from "../support/slow-client.ts";
import { PASSWORD, users } from "./auth.ts";
import { expect, test } from "./fixtures.ts";

// Requests per minute and user: small, so that one user's load reaches it within seconds.
const LIMIT = 90;
// Seconds for headers, and for each stretch of a body: small, so that slow senders are cut within seconds.
const SLOW_SECONDS = 2;

let workspace: RunningWorkspace;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  workspace = await startWorkspace({
    RATE_LIMIT_PER_MINUTE: String(LIMIT),
    LOGIN_ATTEMPTS_PER_MINUTE: "1000",
    HEADERS_TIMEOUT_SECONDS: String(SLOW_SECONDS),
    BODY_TIMEOUT_SECONDS: String(SLOW_SECONDS),
  });
});
test.afterAll(async () => {
  await workspace?.stop();
});

/** A signed-in HTTP client, as a browser without JavaScript would be: the provider's form, then the app's cookie. */
async function signedIn(email: string): Promise<APIRequestContext> {
  const client = await request.newContext({ baseURL: workspace.appUrl });
  const form = await client.get("/login");
  const uid = /name="uid" value="([^"]+)"/.exec(await form.text())?.[1];
  expect(uid, "the sign-in form").toBeTruthy();
  const done = await client.post(`${workspace.apiUrl}/auth/login`, { form: { uid: uid!, email, password: PASSWORD } });
  expect(done.url()).toBe(`${workspace.appUrl}/`);
  return client;
}

test("one user's flood meets their own limit, with a retry hint, while another user's pages keep answering", async () => {
  test.setTimeout(90_000);
  const [flooder, colleague] = [await signedIn(users.admin.email), await signedIn(users.employee.email)];
  const floodStatuses: number[] = [];
  const colleagueStatuses: number[] = [];
  let busyPage = "";
  const until = Date.now() + 8_000;
  // On a busy machine 8 s may not reach the limit: the flood then goes on until it has, for 40 s at most.
  const hardStop = Date.now() + 40_000;
  const flooding = () => Date.now() < until || (floodStatuses.length <= LIMIT && Date.now() < hardStop);

  // 20 connections as one user, as the outside probe did, for a bounded time.
  const flood = Array.from({ length: 20 }, async () => {
    while (flooding()) {
      const response = await flooder.get("/companies", { maxRedirects: 0 });
      floodStatuses.push(response.status());
      if (response.status() === 429 && !busyPage)
        busyPage = `${response.headers()["retry-after"]}|${await response.text()}`;
    }
  });
  const colleagueWork = (async () => {
    while (flooding()) {
      colleagueStatuses.push((await colleague.get("/companies", { maxRedirects: 0 })).status());
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  await Promise.all([...flood, colleagueWork]);

  expect(floodStatuses.length).toBeGreaterThan(LIMIT);
  expect(new Set(floodStatuses)).toEqual(new Set([200, 429]));
  expect(colleagueStatuses.length).toBeGreaterThan(3);
  expect(colleagueStatuses.every((status) => status === 200)).toBe(true);
  const [retryAfter, html] = busyPage.split("|");
  expect(Number(retryAfter)).toBeGreaterThan(0);
  expect(html).toMatch(/Too many requests right now\. Wait \d+ seconds? and try again\./);
  await Promise.all([flooder.dispose(), colleague.dispose()]);
});

test("signing in while over the API's limit shows the busy page with Retry-After, not a loop of redirects", async () => {
  test.setTimeout(90_000);
  // Another session of the same user spends the user's budget for the minute.
  const other = await signedIn(users.admin.email);
  const cookie = (await other.storageState()).cookies.find((c) => c.name.endsWith("workspace_session"));
  const sealed = JSON.parse(atob(decodeURIComponent(cookie!.value))) as string;
  const tokens = (await decryptValue(await sessionCookieKey(workspace.sessionSecret), sealed)) as {
    access_token: string;
  };
  let status = 0;
  for (let i = 0; i <= LIMIT && status !== 429; i++) {
    const response = await fetch(`${workspace.apiUrl}/api/me/info`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    status = response.status;
  }
  expect(status).toBe(429);

  const client = await request.newContext({ baseURL: workspace.appUrl });
  const form = await client.get("/login");
  const uid = /name="uid" value="([^"]+)"/.exec(await form.text())?.[1];
  expect(uid, "the sign-in form").toBeTruthy();
  const done = await client.post(`${workspace.apiUrl}/auth/login`, {
    form: { uid: uid!, email: users.admin.email, password: PASSWORD },
    maxRedirects: 20,
  });
  expect(done.url()).toBe(`${workspace.appUrl}/`);
  expect(done.status()).toBe(429);
  expect(Number(done.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await done.text()).toMatch(/Too many requests right now\. Wait \d+ seconds? and try again\./);
  // Asking to sign in again meanwhile says the same, rather than starting another round.
  const again = await client.get("/login", { maxRedirects: 0 });
  expect(again.status()).toBe(429);
  await Promise.all([client.dispose(), other.dispose()]);
});

test("the web app cuts headers and bodies that trickle in, and takes a body that keeps flowing", async () => {
  test.setTimeout(60_000);
  const port = Number(new URL(workspace.appUrl).port);
  const [headers, body, flowing] = await Promise.all([
    sendSlowly(port, {
      head: "GET /healthz HTTP/1.1\r\nHost: app.test\r\n",
      piece: "X",
      everyMs: 300,
      limitMs: 15_000,
    }),
    sendSlowly(port, {
      head: "POST /resources/preferences HTTP/1.1\r\nHost: app.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nintent=skin&value=light&pad=",
      piece: "x",
      everyMs: 250,
      limitMs: 15_000,
    }),
    // 160 KiB at about 40 KiB a second: four seconds in all, longer than either timeout.
    sendSlowly(port, {
      head: `POST /resources/preferences HTTP/1.1\r\nHost: app.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${28 + 40 * 4096}\r\nConnection: close\r\n\r\nintent=skin&value=light&pad=`,
      piece: Buffer.alloc(4096, "a"),
      everyMs: 100,
      pieces: 40,
      limitMs: 30_000,
    }),
  ]);
  for (const cut of [headers, body]) {
    expect(cut.closedAfterMs).toBeDefined();
    expect(cut.closedAfterMs).toBeLessThan((SLOW_SECONDS * 2 + 2) * 1000);
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408/);
  }
  // The preference is saved: the whole body was read.
  expect(flowing.answer).toMatch(/^HTTP\/1\.1 302/);
  expect(flowing.answer).toMatch(/^set-cookie: skin=/im);
  expect(flowing.closedAfterMs).toBeGreaterThan(SLOW_SECONDS * 1000);
});

test("every response carries the security headers, and a signed-in page is never stored", async () => {
  const client = await signedIn(users.readOnly.email);
  const page = await client.get("/companies");
  const html = await page.text();
  const asset = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? /href="(\/assets\/[^"]+)"/.exec(html)?.[1];
  expect(asset).toBeTruthy();
  for (const target of ["/companies", "/companies.data", "/healthz", "/favicon.svg", asset!, "/error-404"]) {
    const response = await client.get(target, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers["x-content-type-options"], target).toBe("nosniff");
    expect(headers["x-frame-options"], target).toBe("DENY");
    expect(headers["referrer-policy"], target).toBe("strict-origin-when-cross-origin");
  }
  expect(page.headers()["cache-control"]).toBe("no-store");
  expect((await client.get("/companies.data")).headers()["cache-control"]).toBe("no-store");
  await client.dispose();
});

test("bad list parameters and redirect targets answer as client errors or are ignored, never 500", async () => {
  const client = await signedIn(users.readOnly.email);
  for (const target of [
    "/companies?sort=zzz",
    "/companies?sort=name,sideways",
    "/companies?q=%00",
    "/companies?statusId=x",
  ]) {
    expect((await client.get(target)).status(), target).toBe(200);
  }
  expect((await client.get("/companies/not-a-uuid", { maxRedirects: 0 })).status()).toBe(404);
  expect((await client.get("/companies/..%2F..%2Fme", { maxRedirects: 0 })).status()).toBe(404);
  for (const redirectTo of ["%2F%09%2Fevil.example", "%2F%0D%0ASet-Cookie%3Ax", "https%3A%2F%2Fevil.example"]) {
    const response = await client.get(`/login?redirectTo=${redirectTo}`, { maxRedirects: 0 });
    expect(response.status(), redirectTo).toBe(302);
    expect(response.headers().location, redirectTo).toBe("/");
  }
  const preference = await client.post("/resources/preferences", {
    form: { intent: "skin", value: "light", redirectTo: "/\t/evil.example" },
    headers: { origin: workspace.appUrl },
    maxRedirects: 0,
  });
  expect(preference.headers().location).toBe("/");
  await client.dispose();
});

test("the web app's log holds no authorization code or state", async () => {
  const client = await signedIn(users.readOnly.email);
  await client.dispose();
  const log = fs.readFileSync(path.join(workspace.dataDir, "servers.log"), "utf8");
  expect(log).toContain("/oauth2-redirect?code=[redacted]");
  expect(log).not.toMatch(/[?&]code=(?!\[redacted\])/);
  expect(log).not.toMatch(/[?&]state=(?!\[redacted\])/);
});

/** Starts the web app's server alone; what it printed when it stopped (or was stopped after a few seconds). */
const runWebServer = (env: NodeJS.ProcessEnv) =>
  runToExit("build/serve.js", { NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), ...env }, 15_000);

test("the web app's start-up failures are one line naming the variable", async () => {
  expect(await runWebServer({ PORT: "abc" })).toEqual({
    code: 1,
    output: 'PORT: must be a port number from 0 to 65535, not "abc"',
  });

  const busy = net.createServer();
  const port = await freePort();
  await new Promise<void>((resolve) => busy.listen(port, resolve));
  try {
    expect(await runWebServer({ PORT: String(port) })).toEqual({
      code: 1,
      output: `PORT: port ${port} is already in use; stop what uses it or set PORT to another port.`,
    });
  } finally {
    await new Promise((resolve) => busy.close(resolve));
  }

  const badHost = await runWebServer({ PORT: String(await freePort()), HOST: "no-such-host.invalid" });
  expect(badHost.code).toBe(1);
  expect(badHost.output).toMatch(/^HOST: the host name "no-such-host\.invalid" is not known/);
  expect(await runWebServer({ HOST: "256.1.1.1" })).toEqual({
    code: 1,
    output:
      'HOST: "256.1.1.1" is not an IPv4 address (four numbers from 0 to 255); use an address of this machine, such as 0.0.0.0, or its host name.',
  });
  expect(await runWebServer({ HEADERS_TIMEOUT_SECONDS: "soon" })).toEqual({
    code: 1,
    output: 'HEADERS_TIMEOUT_SECONDS: must be a whole number of seconds from 1 to 3600, not "soon"',
  });
});

test("npm start prints its banner and little else, and keeps the services' output in DATA_DIR/logs", async () => {
  test.setTimeout(180_000);
  // The suite has just built the web app from these sources: npm start is told so, and starts what is built.
  recordBuild(sourceFingerprint());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-start-"));
  const [apiPort, appPort] = [await freePort(), await freePort()];
  const { DEMO_PASSWORD: _password, LOG_LEVEL: _level, ...inherited } = process.env;
  const child = spawn(process.execPath, ["server/cli/start.ts"], {
    cwd: projectRoot,
    env: { ...inherited, DATA_DIR: dataDir, DATABASE_URL: "", API_PORT: String(apiPort), PORT: String(appPort) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    await expect.poll(() => output, { timeout: 150_000 }).toContain("Press Ctrl+C to stop.");
    const password = /Password: {6}(\S+) {3}\(generated now and shown only this once\)/.exec(output)?.[1];
    expect(password, output).toBeTruthy();
    expect(output.trim().split("\n")).toEqual([
      "Workspace is running:",
      `  Web app:       http://localhost:${appPort}`,
      `  Provider API:  http://localhost:${apiPort}   (API documentation: http://localhost:${apiPort}/api/docs)`,
      "  Demo sign-in:  admin@example.com, employee@example.com or readonly@example.com",
      `  Password:      ${password}   (generated now and shown only this once)`,
      "  Forgot it? Stop Workspace and run: npm run demo:reset-password",
      "Press Ctrl+C to stop.",
    ]);
    const apiLog = fs.readFileSync(path.join(dataDir, "logs", "api.log"), "utf8");
    expect(apiLog).toContain('"msg":"workspace created"');
    // The password is shown once, on the console: never in a file.
    expect(apiLog).not.toContain(password);
    expect(fs.readFileSync(path.join(dataDir, "logs", "web.log"), "utf8")).toContain("GET /healthz 200");
  } finally {
    child.kill("SIGINT");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
