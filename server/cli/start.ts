/**
 * `npm start`: builds the web app if its sources changed, starts the provider API (which
 * migrates and, on first run, seeds the demo workspace) and the web app, and prints both URLs.
 * The build's and the services' output goes to DATA_DIR/logs; the console shows the banner, and
 * the warnings and errors someone must act on (service-output.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parsePort } from "../shared/startup-errors.ts";
import { buildIsCurrent, recordBuild, sourceFingerprint } from "./build-fingerprint.ts";
import {
  completeLocalEnv,
  createSupervisor,
  reactRouterBin,
  runNode,
  serviceEnv,
  startNode,
  waitUntilHealthy,
  webServer,
} from "./processes.ts";
import { logTail, openLog, routeErrors, routeOutput } from "./service-output.ts";

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
completeLocalEnv(env);

async function main(): Promise<void> {
  const fingerprint = sourceFingerprint();
  if (!buildIsCurrent(fingerprint)) {
    const log = openLog(path.resolve(env.DATA_DIR ?? "./data"), "build");
    console.log(`Building the web app (a minute or two; its output goes to ${log.path})...`);
    const stdio = ["ignore", log.fd, log.fd] as const;
    try {
      await runNode([reactRouterBin, "build"], { ...env, NODE_ENV: "production" }, [...stdio]);
      await runNode(["server/cli/build-web-server.ts"], env, [...stdio]);
    } catch (error) {
      throw new Error(`the web app's build failed (${log.path}):\n${logTail(log.path)}\n${String(error)}`);
    } finally {
      fs.closeSync(log.fd);
    }
    recordBuild(fingerprint);
  }

  const supervisor = createSupervisor();
  // A demo password the API generates on this (first) start comes back through this file, to be repeated below.
  const noticeFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "workspace-start-")), "demo-password");
  const api = startService("api", ["server/main.ts"], { ...env, WORKSPACE_DEMO_PASSWORD_FILE: noticeFile });
  supervisor.add(api);
  await waitUntilHealthy(`http://127.0.0.1:${env.API_PORT}/healthz`, api);

  const web = startService("web", [webServer, "build/server/index.js"], { ...env, NODE_ENV: "production" });
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

/** A service whose output goes to its log file, and to the console only what a reader must see. */
function startService(service: "api" | "web", args: string[], serviceEnvironment: NodeJS.ProcessEnv) {
  const log = openLog(path.resolve(env.DATA_DIR ?? "./data"), service);
  const child = startNode(args, serviceEnv(serviceEnvironment, service), ["ignore", "pipe", "pipe"]);
  if (child.stdout) routeOutput(service === "api" ? "Provider API" : "Web app", child.stdout, log.fd);
  if (child.stderr) routeErrors(child.stderr, log.fd);
  child.once("exit", () => fs.closeSync(log.fd));
  return child;
}

main().catch((error: unknown) => {
  console.error(`Workspace could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
