import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { describeListenError } from "./shared/startup-errors.ts";
import { dataDirProblem, hostProblem } from "./startup-checks.ts";

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  // Before the database is opened: a directory that cannot be made (or a host that cannot be) is said at once.
  const problem = (await hostProblem("API_HOST", config.API_HOST, config.API_PORT)) ?? dataDirProblem(config.DATA_DIR);
  if (problem) throw new StartupProblem(problem);
  // Loaded only now, so that the checks above answer before the whole API's code is read.
  const { buildApp } = await import("./app.ts");
  // npm start passes this file to repeat a generated demo password in its banner.
  const app = await buildApp(config, { demoPasswordNoticeFile: process.env.WORKSPACE_DEMO_PASSWORD_FILE });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  try {
    await app.listen({ port: config.API_PORT, host: config.API_HOST });
  } catch (error) {
    await app.close();
    throw new ListenError(error);
  }
}

/** A value of the environment that cannot work, said in one line that names its variable. */
class StartupProblem extends Error {}

/** A failure to listen, told apart from other start-up failures that carry the same error codes (the data lock's). */
class ListenError extends Error {
  readonly reason: unknown;

  constructor(reason: unknown) {
    super("listen failed", { cause: reason });
    this.reason = reason;
  }
}

main().catch((error: unknown) => {
  const listening =
    error instanceof ListenError &&
    describeListenError(error.reason, {
      portVariable: "API_PORT",
      port: Number(process.env.API_PORT || 4000),
      hostVariable: "API_HOST",
      host: process.env.API_HOST || "0.0.0.0",
    });
  if (listening) console.error(`The provider API could not start: ${listening}`);
  else if (error instanceof ListenError) console.error("The provider API could not start:", error.reason);
  else if (error instanceof StartupProblem) console.error(`The provider API could not start: ${error.message}`);
  else if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error("The provider API could not start:", error);
  process.exit(1);
});
