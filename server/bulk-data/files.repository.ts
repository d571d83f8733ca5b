import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * Of the stored files' keys given, those an import (its upload) or an export (its file) names. Files are stored by
 * content, so two imports of one file share it: retention clears a row's key and leaves the file to the sweep, which
 * removes it once nothing names it.
 */
export async function bulkDataFiles(db: Kysely<Database>, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const [imports, exports] = await Promise.all([
    db.selectFrom("core.import_job").select("file_key").where("file_key", "in", keys).execute(),
    db.selectFrom("core.export_job").select("file_key").where("file_key", "in", keys).execute(),
  ]);
  return [...imports, ...exports].flatMap((row) => (row.file_key ? [row.file_key] : []));
}
