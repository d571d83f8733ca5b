import { promises as fs } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { FileMigrationProvider, Migrator } from "kysely/migration";

const migrationFolder = path.join(import.meta.dirname, "migrations");

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder }),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === "Error");
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return results.map((result) => result.migrationName);
}
