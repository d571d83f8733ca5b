import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { type AppConfig, type BuildOptions, buildApp } from "../../server/app.ts";
import { onServer } from "./database-template.ts";

export const TEST_CLIENT_SECRET = "test-client-secret-0123456789abcdefghijklmnop";

export type TestDatabase = "pglite" | "postgres";

/** Which database this test project runs on (set per Vitest project). */
export const testDatabase: TestDatabase = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  close(): Promise<void>;
}

export function baseConfig(dataDir: string): AppConfig {
  return {
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    RATE_LIMIT_PER_MINUTE: 10_000,
    CONCURRENT_REQUESTS_PER_USER: 4,
    HEADERS_TIMEOUT_SECONDS: 20,
    BODY_TIMEOUT_SECONDS: 20,
    TRUST_PROXY: "loopback",
    LOGIN_ATTEMPTS_PER_MINUTE: 10,
    SEED_DEMO: false,
    APP_URL: "http://app.test",
    PUBLIC_API_URL: "http://api.test",
    OAUTH_CLIENT_SECRET: TEST_CLIENT_SECRET,
    ACCESS_TOKEN_TTL: 900,
    REFRESH_TOKEN_TTL: 3600,
    INVITATION_TTL_HOURS: 72,
    MAX_UPLOAD_MB: 5,
    JOB_WORKERS: true,
    BULK_FILE_RETENTION_DAYS: 7,
    MAX_IMPORT_MB: 50,
  };
}

/**
 * A fresh database for one test file, migrated and empty: a PGlite directory or a new PostgreSQL database, copied from
 * the project's template (database-template.ts).
 */
export async function createTestDatabase(): Promise<{ dataDir: string; databaseUrl?: string; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-test-"));
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  const template = inject("databaseTemplate");
  if (testDatabase === "pglite") {
    if ("pgdata" in template) fs.cpSync(template.pgdata, path.join(dataDir, "pgdata"), { recursive: true });
    return { dataDir, drop: removeDir };
  }

  if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `workspace_test_${randomUUID().replaceAll("-", "")}`;
  const from = "database" in template ? ` template "${template.database}"` : "";
  await onServer((client) => client.query(`create database "${name}"${from}`));
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      await onServer((client) => client.query(`drop database if exists "${name}" with (force)`));
      await removeDir();
    },
  };
}

/** An app over a fresh database; `demo` seeds the demo users with a known password. */
export async function createTestApp(
  overrides: Partial<AppConfig> & { demo?: boolean; logStream?: BuildOptions["logStream"] } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const { demo, logStream, ...rest } = overrides;
  const config: AppConfig = {
    ...baseConfig(database.dataDir),
    DATABASE_URL: database.databaseUrl,
    ...(demo ? { SEED_DEMO: true, DEMO_PASSWORD: "demo-password-for-tests" } : {}),
    ...rest,
  };
  const app = await buildApp(config, { logStream });
  return {
    app,
    config,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
