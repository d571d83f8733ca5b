/**
 * The API tests' global setup: one migrated, empty database per test project, which every test file's database
 * starts as a copy of. Migrating a new embedded database takes 6–7 s of a file's 8; a copy of the migrated one, half a
 * second. A start still runs every migration (none is pending) and seeds the workspace as its options say.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/database.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite `pgdata` directory to copy, or a migrated PostgreSQL database to create databases from. */
    databaseTemplate: { pgdata: string } | { database: string };
  }
}

async function migrated(options: { dataDir: string; databaseUrl?: string }) {
  const handle = await openDatabase(options);
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
}

/** Runs statements on the PostgreSQL server's own database (TEST_DATABASE_URL), as its administrator. */
export async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-template-"));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (project.config.env.TEST_DB !== "postgres") {
    await migrated({ dataDir });
    project.provide("databaseTemplate", { pgdata: path.join(dataDir, "pgdata") });
    return removeDir;
  }
  const database = `workspace_template_${randomUUID().replaceAll("-", "")}`;
  await onServer((client) => client.query(`create database "${database}"`));
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${database}`;
  await migrated({ dataDir, databaseUrl: url.toString() });
  project.provide("databaseTemplate", { database });
  return async () => {
    await onServer((client) => client.query(`drop database if exists "${database}" with (force)`));
    removeDir();
  };
}
