import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.ts";

describe("lockDataDir", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-lock-unit-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a directory held by a live process and frees it on release", () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    expect(fs.existsSync(path.join(dir, "workspace.lock"))).toBe(false);
    lockDataDir(dir)();
  });

  it("takes over a lock left by a process that is gone", () => {
    const dir = tempDir();
    const stale = { pid: 2 ** 22 + 12345, hostname: os.hostname(), startedAt: "2020-01-01T00:00:00.000Z" };
    fs.writeFileSync(path.join(dir, "workspace.lock"), JSON.stringify(stale));
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "workspace.lock"), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("creates a missing directory", () => {
    const dir = path.join(tempDir(), "nested", "data");
    lockDataDir(dir)();
    expect(fs.existsSync(dir)).toBe(true);
  });
});
