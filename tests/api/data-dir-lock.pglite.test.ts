import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A container restarted after a crash may come back under another host name: `hostname` plays that. */
function startApi(dataDir: string, port: number, options: { hostname?: string } = {}): ChildProcess {
  const hostnameShim = options.hostname
    ? [
        "--import",
        `data:text/javascript,import os from "node:os"; os.hostname = () => ${JSON.stringify(options.hostname)};`,
      ]
    : [];
  return spawn(process.execPath, [...hostnameShim, "server/main.ts"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, API_PORT: String(port), LOG_LEVEL: "warn", DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

async function waitForHealth(port: number, api: ChildProcess): Promise<void> {
  let stderr = "";
  api.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null || api.signalCode !== null) throw new Error(`the API process exited: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // still starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the API process did not become healthy");
}

async function stop(api: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (api.exitCode !== null || api.signalCode !== null) return api.exitCode;
  const exited = new Promise<number | null>((resolve) => api.once("exit", resolve));
  api.kill(signal);
  return exited;
}

/** Contents and sizes of every file under dir, to see whether anything was written. */
function snapshot(dir: string): string {
  const hash = createHash("sha256");
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(full).update(fs.readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest("hex");
}

describe("one process per embedded data directory", () => {
  let dataDir: string;
  let first: ChildProcess;
  let port: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-lock-"));
    port = await freePort();
    first = startApi(dataDir, port);
    await waitForHealth(port, first);
  });

  afterAll(async () => {
    if (first && first.exitCode === null && first.signalCode === null) {
      first.kill("SIGCONT");
      await stop(first, "SIGTERM");
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a second process with a clear message, without touching the data", async () => {
    // The first process's own background work (its job queue) writes now and then: frozen, it writes nothing, while
    // the kernel still accepts connections to its lock, which is all the second process asks of it.
    first.kill("SIGSTOP");
    const before = snapshot(path.join(dataDir, "pgdata"));
    const second = startApi(dataDir, await freePort());
    let stderr = "";
    second.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    const exitCode = await new Promise<number | null>((resolve) => second.once("exit", resolve));

    expect(exitCode).not.toBe(0);
    expect(stderr).toContain(`The data directory ${dataDir} is in use by another Workspace process`);
    expect(snapshot(path.join(dataDir, "pgdata"))).toBe(before);
    first.kill("SIGCONT");
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });

  it("releases the lock on a graceful stop, so the next process starts", async () => {
    expect(await stop(first, "SIGTERM")).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "workspace.lock"))).toBe(false);

    first = startApi(dataDir, port);
    await waitForHealth(port, first);
  });

  it("lets the next process start after one is killed with SIGKILL, under another host name or the same", async () => {
    await stop(first, "SIGKILL");
    first = startApi(dataDir, port, { hostname: "restarted-container" });
    await waitForHealth(port, first);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    await stop(first, "SIGKILL");
    first = startApi(dataDir, port);
    await waitForHealth(port, first);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });

  it("is not held back by a lock file of the earlier format naming another host and pid 1", async () => {
    expect(await stop(first, "SIGTERM")).toBe(0);
    const earlier = { pid: 1, hostname: "a-container-gone-long-ago", startedAt: "2020-01-01T00:00:00.000Z" };
    fs.writeFileSync(path.join(dataDir, "workspace.lock"), JSON.stringify(earlier));

    first = startApi(dataDir, port);
    await waitForHealth(port, first);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});
