import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { dataDirProblem } from "./startup-checks.ts";

const SHUTDOWN_GRACE_MS = 30_000;

/**
 * A process that only runs background jobs (`npm run worker`), beside APIs started with JOB_WORKERS=false: as many
 * as the work needs, on any machine that reaches the PostgreSQL server. It answers no requests.
 */
async function main(): Promise<void> {
  const config = { ...loadConfig(), JOB_WORKERS: true };
  if (!config.DATABASE_URL) throw new ConfigError("A worker process needs DATABASE_URL (a PostgreSQL server)");
  const dataDir = dataDirProblem(config.DATA_DIR);
  if (dataDir) throw new ConfigError(dataDir);
  const app = await buildApp(config);
  await app.ready();
  app.log.info("job worker started");

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown());
  process.on("SIGTERM", () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
