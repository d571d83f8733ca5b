import { type ChildProcess, type StdioOptions, spawn } from "node:child_process";
import path from "node:path";
import { readOrCreateSecret } from "../secrets.ts";
import { dataDirProblem } from "../startup-checks.ts";

export const projectRoot = path.resolve(import.meta.dirname, "../..");
export const reactRouterBin = path.join(projectRoot, "node_modules/@react-router/dev/bin.cjs");
/** The web app's production server, built from app/serve.ts by `npm run build` (server/cli/build-web-server.ts). */
export const webServer = path.join(projectRoot, "build/serve.js");

/**
 * Node's memory settings for the services (docs/performance.md, "Memory"). V8 sizes its young generation, and how far
 * the old one may grow between full collections, from the machine's memory rather than from what the service keeps: on
 * a 24 GiB machine each service held 4 to 10 times its live data (35–55 MiB). glibc gives each of V8's and libuv's
 * threads a malloc arena of its own, which keeps what a thread once used. NODE_OPTIONS and MALLOC_ARENA_MAX in the
 * environment win over these.
 *
 * The API on a PostgreSQL server gets a smaller old generation (decision 029): its bulk jobs make garbage by the
 * megabyte, which V8 lets pile up past the 300 MB budget under a larger limit; 128 MiB is still about three times what
 * it keeps live. On the embedded database it keeps 1 GiB: the flag holds for every thread of the process, and the
 * database's thread passes what PGlite answers through its heap.
 */
export function serviceNodeOptions(service: Service, env: NodeJS.ProcessEnv): string {
  const oldSpace = service === "api" && env.DATABASE_URL ? 128 : 1024;
  return `--max-semi-space-size=8 --max-old-space-size=${oldSpace}`;
}

export type Service = "api" | "web";

/**
 * What `npm run dev` and `npm start` fill in for both services once the ports are set: their URLs, the demo, the data
 * folder (one that cannot be used stops the start here) and the secrets.
 */
export function completeLocalEnv(env: NodeJS.ProcessEnv): void {
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
}

export function serviceEnv(env: NodeJS.ProcessEnv, service: Service): NodeJS.ProcessEnv {
  return {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || "2",
    // Later options win, so the environment's own come last.
    NODE_OPTIONS: [serviceNodeOptions(service, env), env.NODE_OPTIONS].filter(Boolean).join(" "),
  };
}

/** Runs a script on the same Node as this process (the pinned one under npm); its output is this one's by default. */
export function startNode(
  args: string[],
  env: NodeJS.ProcessEnv,
  stdio: StdioOptions = ["ignore", "inherit", "inherit"],
): ChildProcess {
  return spawn(process.execPath, args, { cwd: projectRoot, env, stdio });
}

export function runNode(
  args: string[],
  env: NodeJS.ProcessEnv,
  stdio: StdioOptions = ["ignore", "inherit", "inherit"],
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = startNode(args, env, stdio);
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(" ")} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** Waits until url answers 200, or fails when the process exits first or time runs out. */
export async function waitUntilHealthy(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the process stopped before ${url} answered`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Stops every child on a signal or when one of them ends, then exits with the first failure. */
export function createSupervisor(): { add(child: ChildProcess): void } {
  const children: ChildProcess[] = [];
  let stopping = false;
  const stopAll = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const alive = children.filter((child) => child.exitCode === null && child.signalCode === null);
    if (alive.length === 0) process.exit(exitCode);
    let remaining = alive.length;
    for (const child of alive) {
      child.once("exit", () => {
        remaining -= 1;
        if (remaining === 0) process.exit(exitCode);
      });
      child.kill("SIGTERM");
    }
  };
  process.on("SIGINT", () => stopAll(0));
  process.on("SIGTERM", () => stopAll(0));
  return {
    add(child) {
      children.push(child);
      child.on("exit", (code) => stopAll(code ?? 1));
    },
  };
}
