import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { serviceEnv, webServer } from "../../server/cli/processes.ts";

export const E2E_PASSWORD = "e2e-demo-password";

export const projectRoot = path.resolve(import.meta.dirname, "../..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // still starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer in time`);
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export interface RunningWorkspace {
  appUrl: string;
  apiUrl: string;
  dataDir: string;
  clientSecret: string;
  sessionSecret: string;
  stop(): Promise<void>;
}

/** The provider API and the built web app on free ports, over a fresh embedded database. */
export async function startWorkspace(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningWorkspace> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-e2e-"));
  const [apiPort, appPort] = [await freePort(), await freePort()];
  const apiUrl = `http://localhost:${apiPort}`;
  const appUrl = `http://localhost:${appPort}`;
  const clientSecret = randomBytes(32).toString("base64url");
  const sessionSecret = randomBytes(32).toString("base64url");
  const logFile = fs.openSync(path.join(dataDir, "servers.log"), "a");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    API_PORT: String(apiPort),
    PORT: String(appPort),
    API_URL: apiUrl,
    APP_URL: appUrl,
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    DEMO_PASSWORD: E2E_PASSWORD,
    SESSION_SECRET: sessionSecret,
    OAUTH_CLIENT_SECRET: clientSecret,
    ...extraEnv,
  };
  const stdio: ["ignore", number, number] = ["ignore", logFile, logFile];
  const api = spawn(process.execPath, ["server/main.ts"], { cwd: projectRoot, env: serviceEnv(env, "api"), stdio });
  const web = spawn(process.execPath, [webServer, "build/server/index.js"], {
    cwd: projectRoot,
    env: serviceEnv({ ...env, NODE_ENV: "production" }, "web"),
    stdio,
  });
  try {
    await Promise.all([waitForHealth(`${apiUrl}/healthz`, api), waitForHealth(`${appUrl}/healthz`, web)]);
  } catch (error) {
    await Promise.all([stop(api), stop(web)]);
    const log = fs.readFileSync(path.join(dataDir, "servers.log"), "utf8");
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  return {
    appUrl,
    apiUrl,
    dataDir,
    clientSecret,
    sessionSecret,
    async stop() {
      await Promise.all([stop(web), stop(api)]);
      fs.closeSync(logFile);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs a script of the project on this Node to its end (or stops it after timeoutMs): its exit code and output. */
export function runToExit(
  script: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(projectRoot, script)], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const collect = (chunk: Buffer) => {
      output += chunk;
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    const timer = setTimeout(() => child.kill("SIGTERM"), timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.trim() });
    });
  });
}
