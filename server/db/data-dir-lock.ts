import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export class DataDirLockedError extends Error {
  name = "DataDirLockedError";
}

interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockOwner;
  } catch {
    return undefined;
  }
}

/**
 * PGlite is one Postgres session inside one process: a second process on the same files
 * would silently lose writes. The lock is taken before the database is opened, so a
 * refused process never touches the data. A lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "workspace.lock");
  const me: LockOwner = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(me), { flag: "wx" });
      return () => {
        if (readOwner(lockPath)?.pid === me.pid) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(lockPath);
      const held = owner && (owner.hostname !== me.hostname || isAlive(owner.pid));
      if (held) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Workspace process ` +
            `(pid ${owner.pid} on ${owner.hostname}, since ${owner.startedAt}). ` +
            `Stop that process first, or set DATA_DIR to another directory. ` +
            `If no such process runs, delete ${lockPath}.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}
