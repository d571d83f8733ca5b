import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export class DataDirLockedError extends Error {
  name = "DataDirLockedError";
}

interface LockHolder {
  pid: number;
  hostname: string;
  startedAt: string;
  /** Tells this lock's socket from any other at the same path, even one of this process: pids repeat. */
  id: string;
}

const LOCK_NAME = "workspace.lock";
/** sun_path holds 108 bytes on Linux and 104 elsewhere, its closing NUL included. */
const MAX_SOCKET_PATH_BYTES = process.platform === "linux" ? 107 : 103;
/** A take-over lasts milliseconds: a guard this old was left by a process killed during one. */
const GUARD_STALE_MS = 5000;
const GUARD_POLL_MS = 25;
/** A holder answers at once; one that accepts a connection but stays silent is alive all the same. */
const ANSWER_TIMEOUT_MS = 2000;
const TAKE_OVER_ATTEMPTS = 3;

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

function lstatIfExists(file: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(file);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw error;
  }
}

function removeIfSame(file: string, expected: fs.Stats): void {
  const current = lstatIfExists(file);
  if (current && current.dev === expected.dev && current.ino === expected.ino) fs.rmSync(file, { force: true });
}

/**
 * Unix socket paths hold a hundred-odd bytes, so a long DATA_DIR is reached relative to the current
 * directory when that is short enough.
 */
function socketDirectory(dataDir: string, longestName: string): string {
  const absolute = path.resolve(dataDir);
  for (const directory of [absolute, path.relative(process.cwd(), absolute)]) {
    if (Buffer.byteLength(path.join(directory, longestName)) <= MAX_SOCKET_PATH_BYTES) return directory;
  }
  throw new DataDirLockedError(
    `The data directory ${dataDir} has too long a path for its lock socket: at most ` +
      `${MAX_SOCKET_PATH_BYTES - longestName.length - 1} bytes fit. Set DATA_DIR to a shorter path.`,
  );
}

function parseHolder(answer: string): Partial<LockHolder> {
  try {
    const holder: unknown = JSON.parse(answer);
    return typeof holder === "object" && holder !== null ? holder : {};
  } catch {
    return {};
  }
}

function lockedError(dataDir: string, holder: Partial<LockHolder>): DataDirLockedError {
  const who = holder.pid
    ? `pid ${holder.pid} on ${holder.hostname}, since ${holder.startedAt}`
    : "it did not say which";
  return new DataDirLockedError(
    `The data directory ${dataDir} is in use by another Workspace process (${who}). ` +
      `Stop that process first, or set DATA_DIR to another directory.`,
  );
}

/**
 * Who listens at the socket, or undefined when nobody does: a socket left by a dead process refuses
 * connections, and so does a plain file (the JSON lock of earlier versions).
 */
function askHolder(address: string): Promise<Partial<LockHolder> | undefined> {
  return new Promise((resolve, reject) => {
    let connected = false;
    let answer = "";
    const socket = net.connect({ path: address });
    const finish = () => {
      socket.destroy();
      resolve(parseHolder(answer));
    };
    socket.setEncoding("utf8");
    socket.setTimeout(ANSWER_TIMEOUT_MS, finish);
    socket.on("connect", () => {
      connected = true;
    });
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("end", finish);
    socket.on("error", (error) => {
      if (connected) finish();
      else if (errorCode(error) === "ECONNREFUSED" || errorCode(error) === "ENOENT") resolve(undefined);
      else reject(error);
    });
  });
}

/**
 * Files are created exclusively, so two newcomers that both found a dead lock take it over one after
 * the other, and the second one finds the first one alive.
 */
async function takeGuard(guardPath: string): Promise<() => void> {
  for (;;) {
    try {
      const fd = fs.openSync(guardPath, "wx");
      const own = fs.fstatSync(fd);
      fs.closeSync(fd);
      return () => removeIfSame(guardPath, own);
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw error;
    }
    const guard = lstatIfExists(guardPath);
    // Either way: a clock set back must not make a dead guard look fresh for long.
    if (guard && Math.abs(Date.now() - guard.mtimeMs) > GUARD_STALE_MS) removeIfSame(guardPath, guard);
    await new Promise((resolve) => setTimeout(resolve, GUARD_POLL_MS));
  }
}

/** A hard link is created only where nothing exists yet: the lock is taken or held by someone else at once. */
function linked(ownPath: string, lockPath: string): boolean {
  try {
    fs.linkSync(ownPath, lockPath);
    return true;
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === "EPERM";
  }
}

/**
 * A lock file of the earlier format, JSON naming its process, left by an older version: held while that process runs
 * on this host. One naming this very pid (a container restarted as pid 1 again) or another host is stale.
 */
function legacyHolder(lockPath: string): LockHolder | undefined {
  if (!lstatIfExists(lockPath)?.isFile()) return undefined;
  try {
    const owner = JSON.parse(fs.readFileSync(lockPath, "utf8")) as Partial<LockHolder>;
    const alive =
      typeof owner.pid === "number" &&
      owner.pid !== process.pid &&
      owner.hostname === os.hostname() &&
      isAlive(owner.pid);
    return alive
      ? { pid: owner.pid as number, hostname: String(owner.hostname), startedAt: String(owner.startedAt), id: "" }
      : undefined;
  } catch {
    return undefined;
  }
}

async function removeDeadLock(lockPath: string, lockAddress: string): Promise<void> {
  const releaseGuard = await takeGuard(`${lockPath}.guard`);
  try {
    // Asked again under the guard: another newcomer may have taken over in the meantime.
    const dead = lstatIfExists(lockPath);
    if (dead && (await askHolder(lockAddress)) === undefined) removeIfSame(lockPath, dead);
  } finally {
    releaseGuard();
  }
}

/**
 * PGlite is one Postgres session inside one process: a second process on the same files would
 * silently lose writes. The lock is taken before the database is opened, so a refused process
 * never touches the data.
 *
 * The lock is a Unix socket this process listens on, so the kernel releases it when the process
 * dies, whatever its pid or hostname (a container restarted as pid 1 again, or on another host name).
 * The socket is bound at a name of its own and hard-linked to DATA_DIR/workspace.lock, which fails
 * when the path exists: then either its holder answers with who it is, or nobody listens and the
 * dead lock is removed under a guard. Closing a socket server unlinks the name it was bound to, so
 * closing this one never removes a lock that another process holds.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  const ownName = `${LOCK_NAME}.${randomBytes(3).toString("hex")}`;
  const socketDir = socketDirectory(dataDir, ownName);
  fs.mkdirSync(dataDir, { recursive: true });
  const lockAddress = path.join(socketDir, LOCK_NAME);
  const ownAddress = path.join(socketDir, ownName);
  // Files are handled by absolute path, which the current directory does not change.
  const lockPath = path.resolve(dataDir, LOCK_NAME);
  const ownPath = path.resolve(dataDir, ownName);
  const me: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
    id: randomUUID(),
  };

  const server = net.createServer((socket) => {
    socket.unref();
    // The asker may hang up first, or never.
    socket.on("error", () => undefined);
    socket.setTimeout(ANSWER_TIMEOUT_MS, () => socket.destroy());
    socket.end(JSON.stringify(me));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ path: ownAddress }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // A failed accept (out of file descriptors) must not end the process: an unanswered asker still sees a holder.
  server.on("error", () => undefined);
  server.unref();

  let own: fs.Stats;
  try {
    own = fs.lstatSync(ownPath);
    for (let attempt = 1; !linked(ownPath, lockPath); attempt++) {
      const holder = (await askHolder(lockAddress)) ?? legacyHolder(lockPath);
      if (holder) throw lockedError(dataDir, holder);
      if (attempt === TAKE_OVER_ATTEMPTS) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} cannot be locked: ${lockPath} could not be taken over.`,
        );
      }
      await removeDeadLock(lockPath, lockAddress);
    }
    const answer = await askHolder(lockAddress);
    if (answer?.id !== me.id) {
      removeIfSame(lockPath, own);
      throw answer
        ? lockedError(dataDir, answer)
        : new DataDirLockedError(`The data directory ${dataDir} cannot be locked: ${lockPath} accepts no connections.`);
    }
  } catch (error) {
    server.close();
    throw error;
  } finally {
    fs.rmSync(ownPath, { force: true });
  }

  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Removed while still listening, so no newcomer can have taken the path over in between.
    removeIfSame(lockPath, own);
    server.close();
  };
}
