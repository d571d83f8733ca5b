/**
 * `npm start`: builds the web app if its sources changed, starts the provider API (which
 * migrates and, on first run, seeds the demo workspace) and the web app, and prints both URLs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parsePort } from "../contract/startup-errors.ts";
import { readOrCreateSecret } from "../secrets.ts";
import { dataDirProblem } from "../startup-checks.ts";
import { buildIsCurrent, recordBuild, sourceFingerprint } from "./build-fingerprint.ts";
import { buildWebServer } from "./build-web-server.ts";
import {
  createSupervisor,
  reactRouterBin,
  runNode,
  serviceEnv,
  startNode,
  waitUntilHealthy,
  webServer,
} from "./processes.ts";

const env: NodeJS.ProcessEnv = { ...process.env };
// The ports go into the services' URLs, so a bad one is named here rather than as a bad URL later.
for (const [name, fallback] of [
  ["API_PORT", 4000],
  ["PORT", 3000],
] as const) {
  const port = parsePort(name, env[name], fallback);
  if (typeof port === "string") {
    console.error(`Workspace could not start: ${port}`);
    process.exit(1);
  }
  env[name] = String(port);
}
env.API_URL ||= `http://localhost:${env.API_PORT}`;
env.APP_URL ||= `http://localhost:${env.PORT}`;
env.SEED_DEMO ||= "true";
env.DATA_DIR ||= "./data";
const dataDir = dataDirProblem(env.DATA_DIR);
if (dataDir) {
  console.error(`Workspace could not start: ${dataDir}`);
  process.exit(1);
}
// Both services read these; generated once into DATA_DIR unless set.
env.SESSION_SECRET ||= readOrCreateSecret(path.resolve(env.DATA_DIR), "session-secret");
env.OAUTH_CLIENT_SECRET ||= readOrCreateSecret(path.resolve(env.DATA_DIR), "oauth-client-secret");

async function main(): Promise<void> {
  const fingerprint = sourceFingerprint();
  if (!buildIsCurrent(fingerprint)) {
    console.log("Building the web app...");
    await runNode([reactRouterBin, "build"], { ...env, NODE_ENV: "production" });
    await buildWebServer();
    recordBuild(fingerprint);
  }

  const supervisor = createSupervisor();
  // A demo password the API generates on this (first) start comes back through this file, to be repeated below.
  const noticeFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "workspace-start-")), "demo-password");
  const api = startNode(["server/main.ts"], serviceEnv({ ...env, WORKSPACE_DEMO_PASSWORD_FILE: noticeFile }, "api"));
  supervisor.add(api);
  await waitUntilHealthy(`http://127.0.0.1:${env.API_PORT}/healthz`, api);

  const web = startNode([webServer, "build/server/index.js"], serviceEnv({ ...env, NODE_ENV: "production" }, "web"));
  supervisor.add(web);
  await waitUntilHealthy(`http://127.0.0.1:${env.PORT}/healthz`, web);

  const generated = fs.existsSync(noticeFile) ? fs.readFileSync(noticeFile, "utf8") : undefined;
  fs.rmSync(path.dirname(noticeFile), { recursive: true, force: true });
  const demo = env.SEED_DEMO === "true" || env.SEED_DEMO === "1";
  const password = generated
    ? `${generated}   (generated now and shown only this once)`
    : (env.DEMO_PASSWORD ?? "the one shown at the first start");
  console.log(
    [
      "",
      "Workspace is running:",
      `  Web app:       ${env.APP_URL}`,
      `  Provider API:  ${env.API_URL}   (API documentation: ${env.API_URL}/api/docs)`,
      ...(demo
        ? [
            "  Demo sign-in:  admin@example.com, employee@example.com or readonly@example.com",
            `  Password:      ${password}`,
            "  Forgot it? Stop Workspace and run: npm run demo:reset-password",
          ]
        : []),
      "Press Ctrl+C to stop.",
      "",
    ].join("\n"),
  );
}

main().catch((error: unknown) => {
  console.error(`Workspace could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
