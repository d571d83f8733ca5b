import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * What `npm start` shows of its services' output. Everything a service prints goes to its log file under
 * `DATA_DIR/logs/`; the console gets only what someone at the keyboard must see: warnings and errors (an invitation
 * link when no mail server is set, a failed request), and anything a service writes to stderr.
 */

/** pino's numeric levels: 40 is warn, 50 error, 60 fatal. */
const WARN = 40;

/** Fields every pino line has, or that say nothing to a reader of the console. */
const routine = new Set(["level", "time", "pid", "hostname", "msg", "reqId", "req", "res", "responseTime", "err"]);

function shown(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * The console's line for one line a service printed on stdout, or null when it belongs in the log file only: a JSON
 * log line below warn, a request line, a start-up note.
 */
export function consoleLine(service: string, line: string): string | null {
  if (!line.startsWith("{")) return null;
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
  const level = typeof entry.level === "number" ? entry.level : 0;
  if (level < WARN) return null;
  const details = Object.entries(entry)
    .filter(([key]) => !routine.has(key))
    .map(([key, value]) => `${key}: ${shown(value)}`);
  const error = entry.err as { message?: unknown; stack?: unknown } | undefined;
  const word = level >= 50 ? "error" : "warning";
  return [
    `${service} ${word}: ${shown(entry.msg ?? "")}${details.length > 0 ? ` (${details.join(", ")})` : ""}`,
    ...(error ? [`  ${shown(error.stack ?? error.message)}`] : []),
  ].join("\n");
}

/** The log files of one start, made anew: `DATA_DIR/logs/<name>.log`. */
export function openLog(dataDir: string, name: string): { path: string; fd: number } {
  const dir = path.join(dataDir, "logs");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.log`);
  return { path: file, fd: fs.openSync(file, "w", 0o600) };
}

/** Writes a service's stdout to its log, and the lines `consoleLine` keeps to the console. */
export function routeOutput(
  service: string,
  stdout: Readable,
  logFd: number,
  write: (line: string) => void = (line) => console.log(line),
) {
  let pending = "";
  stdout.on("data", (chunk: Buffer) => {
    fs.writeSync(logFd, chunk);
    const lines = (pending + chunk.toString("utf8")).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      const shownLine = consoleLine(service, line);
      if (shownLine !== null) write(shownLine);
    }
  });
}

/** Writes a service's stderr to its log and to the console: what a service says there is always for a reader. */
export function routeErrors(stderr: Readable, logFd: number) {
  stderr.on("data", (chunk: Buffer) => {
    fs.writeSync(logFd, chunk);
    process.stderr.write(chunk);
  });
}

/** The end of a log file, for a failed build: where its errors are. */
export function logTail(file: string, lines = 30): string {
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}
