/**
 * Start-up checks of what the environment names, made before a database is opened, so that a bad value stops the
 * start at once with one line naming its variable (server/shared/startup-errors.ts has those of listening).
 */
import { lookup } from "node:dns/promises";
import fs from "node:fs";
import path from "node:path";
import { describeListenError, hostSyntaxProblem } from "./shared/startup-errors.ts";

const HOST_LOOKUP_MS = 5000;

function errorCode(error: unknown): string {
  return String((error as NodeJS.ErrnoException).code ?? error);
}

/** The directory's state: a directory, something else, missing, or not reachable (with why). */
function statOf(file: string): fs.Stats | "missing" | { code: string } {
  try {
    return fs.statSync(file);
  } catch (error) {
    const code = errorCode(error);
    // ENOTDIR: a part of the path above is a file, which the walk up finds.
    return code === "ENOENT" || code === "ENOTDIR" ? "missing" : { code };
  }
}

/**
 * Makes DATA_DIR if it is missing and checks that this user may write there; a one-line complaint otherwise.
 * Node's recursive mkdir never returns under a directory that takes no new entries (/proc/nope), so the missing
 * directories are made one at a time from the nearest one that exists.
 */
export function dataDirProblem(dataDir: string): string | undefined {
  const target = path.resolve(dataDir);
  const fix = "set DATA_DIR to a directory this user may write to.";
  const missing: string[] = [];
  for (let current = target; ; current = path.dirname(current)) {
    const stat = statOf(current);
    if (stat === "missing") {
      missing.unshift(current);
      if (path.dirname(current) === current) break;
      continue;
    }
    if ("code" in stat) return `DATA_DIR: ${current} cannot be reached (${stat.code}); ${fix}`;
    if (!stat.isDirectory()) {
      const inside = current === target ? "" : `, and ${target} would be inside it`;
      return `DATA_DIR: ${current} is a file, not a directory${inside}; ${fix}`;
    }
    break;
  }
  for (const directory of missing) {
    try {
      fs.mkdirSync(directory, { mode: 0o755 });
    } catch (error) {
      if (errorCode(error) !== "EEXIST") return `DATA_DIR: ${target} cannot be created (${errorCode(error)}); ${fix}`;
    }
  }
  try {
    fs.accessSync(target, fs.constants.W_OK | fs.constants.X_OK);
  } catch (error) {
    return `DATA_DIR: ${target} is not writable by this user (${errorCode(error)}); ${fix}`;
  }
  return undefined;
}

/** A listening host that is no address or name, or one whose name cannot be looked up in time: one line, or undefined. */
export async function hostProblem(variable: string, host: string, port: number): Promise<string | undefined> {
  const syntax = hostSyntaxProblem(variable, host);
  if (syntax) return syntax;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(
      () =>
        resolve(
          `${variable}: the host name "${host}" could not be looked up within ${HOST_LOOKUP_MS / 1000} seconds; use an address of this machine, such as 0.0.0.0.`,
        ),
      HOST_LOOKUP_MS,
    );
    timer.unref();
  });
  const looked = lookup(host).then(
    () => undefined,
    (error: unknown) =>
      describeListenError(error, { portVariable: "", port, hostVariable: variable, host }) ??
      `${variable}: the host name "${host}" could not be looked up (${errorCode(error)}).`,
  );
  try {
    return await Promise.race([looked, late]);
  } finally {
    clearTimeout(timer);
  }
}
