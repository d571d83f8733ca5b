import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.ts";

const LOCK_MODULE = pathToFileURL(path.join(import.meta.dirname, "data-dir-lock.ts")).href;

// Prints "locked" or why not; with LOCK_HOLD it then stays until killed.
const CHILD_SCRIPT = `
const { lockDataDir } = await import(process.env.LOCK_MODULE);
try {
  await lockDataDir(process.env.LOCK_DIR);
  console.log("locked");
  if (process.env.LOCK_HOLD) setInterval(() => undefined, 60_000);
} catch (error) {
  console.log(error.message);
  process.exitCode = 1;
}
`;

function lockInChild(dataDir: string, options: { hold?: boolean; cwd?: string } = {}): ChildProcess {
  return spawn(process.execPath, ["--input-type=module", "-e", CHILD_SCRIPT], {
    cwd: options.cwd,
    env: { ...process.env, LOCK_MODULE, LOCK_DIR: dataDir, LOCK_HOLD: options.hold ? "1" : "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (chunk: string) => {
      output += chunk;
      if (output.includes("\n")) resolve(output.slice(0, output.indexOf("\n")));
    });
    child.once("close", (code) => reject(new Error(`the child exited (${code}) saying ${JSON.stringify(output)}`)));
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", resolve));
}

async function killHard(child: ChildProcess): Promise<void> {
  const exit = exited(child);
  child.kill("SIGKILL");
  await exit;
}

describe("lockDataDir", () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-lock-unit-"));
    dirs.push(dir);
    return dir;
  };
  const child = (dataDir: string, options?: { hold?: boolean; cwd?: string }) => {
    const started = lockInChild(dataDir, options);
    children.push(started);
    return started;
  };
  afterEach(async () => {
    for (const started of children.splice(0)) await killHard(started);
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a second lock in the same process, naming the holder, and frees the directory on release", async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(
      `The data directory ${dir} is in use by another Workspace process (pid ${process.pid} on ${os.hostname()}, since `,
    );
    expect(fs.readdirSync(dir)).toEqual(["workspace.lock"]);
    release();
    expect(fs.readdirSync(dir)).toEqual([]);
    (await lockDataDir(dir))();
  });

  it("refuses a directory another process holds, and takes it over once that process is killed", async () => {
    const dir = tempDir();
    const holder = child(dir, { hold: true });
    expect(await firstLine(holder)).toBe("locked");

    const refusal = lockDataDir(dir);
    await expect(refusal).rejects.toThrow(DataDirLockedError);
    await expect(refusal).rejects.toThrow(`(pid ${holder.pid} on ${os.hostname()}, since `);

    await killHard(holder);
    expect(fs.lstatSync(path.join(dir, "workspace.lock")).isSocket()).toBe(true);
    const release = await lockDataDir(dir);
    await expect(firstLine(child(dir))).resolves.toContain(`(pid ${process.pid} on ${os.hostname()}, since `);
    release();
  });

  it("takes over a lock file of the earlier format naming another host, or this very pid", async () => {
    for (const earlier of [
      { pid: 1, hostname: "a-container-gone-long-ago", startedAt: "2020-01-01T00:00:00.000Z" },
      { pid: process.pid, hostname: os.hostname(), startedAt: "2020-01-01T00:00:00.000Z" },
    ]) {
      const dir = tempDir();
      const lockPath = path.join(dir, "workspace.lock");
      fs.writeFileSync(lockPath, JSON.stringify(earlier));
      const release = await lockDataDir(dir);
      expect(fs.lstatSync(lockPath).isSocket()).toBe(true);
      release();
    }
  });

  it("keeps a lock file of the earlier format while the process it names still runs on this host", async () => {
    const dir = tempDir();
    const holder = child(tempDir(), { hold: true });
    expect(await firstLine(holder)).toBe("locked");
    const earlier = { pid: holder.pid, hostname: os.hostname(), startedAt: "2026-01-01T00:00:00.000Z" };
    fs.writeFileSync(path.join(dir, "workspace.lock"), JSON.stringify(earlier));
    await expect(lockDataDir(dir)).rejects.toThrow(`(pid ${holder.pid} on ${os.hostname()}, since 2026-01-01`);
    await killHard(holder);
  });

  it("lets exactly one of several newcomers take over a dead lock", async () => {
    const dir = tempDir();
    const holder = child(dir, { hold: true });
    expect(await firstLine(holder)).toBe("locked");
    await killHard(holder);

    const attempts = await Promise.allSettled(Array.from({ length: 5 }, () => lockDataDir(dir)));
    const taken = attempts.filter((attempt) => attempt.status === "fulfilled");
    expect(taken).toHaveLength(1);
    for (const attempt of attempts) {
      if (attempt.status === "rejected") expect(attempt.reason).toBeInstanceOf(DataDirLockedError);
    }
    expect(fs.readdirSync(dir)).toEqual(["workspace.lock"]);
    for (const attempt of taken) attempt.value();
  });

  it("takes over a dead lock even when a killed process left its take-over guard behind", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "workspace.lock"), "{}");
    const guard = path.join(dir, "workspace.lock.guard");
    fs.writeFileSync(guard, "");
    const aMinuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(guard, aMinuteAgo, aMinuteAgo);
    (await lockDataDir(dir))();
    expect(fs.existsSync(guard)).toBe(false);
  });

  it("does not keep the process alive", async () => {
    const dir = tempDir();
    const holder = child(dir);
    expect(await firstLine(holder)).toBe("locked");
    expect(await exited(holder)).toBe(0);
  });

  it("reaches a socket whose absolute path is too long through a relative one, or says DATA_DIR is too long", async () => {
    const dir = path.join(tempDir(), "d".repeat(100));
    fs.mkdirSync(dir);
    const holder = child(dir, { hold: true, cwd: dir });
    expect(await firstLine(holder)).toBe("locked");
    await expect(firstLine(child(dir, { cwd: dir }))).resolves.toContain(
      `is in use by another Workspace process (pid ${holder.pid} on `,
    );
    await expect(lockDataDir(dir)).rejects.toThrow(
      `The data directory ${dir} has too long a path for its lock socket: at most `,
    );
  });

  it("creates a missing directory", async () => {
    const dir = path.join(tempDir(), "nested", "data");
    (await lockDataDir(dir))();
    expect(fs.existsSync(dir)).toBe(true);
  });
});
