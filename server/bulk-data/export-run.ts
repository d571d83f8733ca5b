import { PassThrough } from "node:stream";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { FileStorage } from "../files/storage.ts";
import type { Language } from "./cells.ts";
import { writeExportFile } from "./export-file.ts";
import * as repo from "./exports.repository.ts";
import { listExportOf, tellOwner } from "./exports.service.ts";

export interface ExportDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  retentionDays: number;
}

/**
 * Writes an export's file: its records walked in the list's order a chunk at a time, streamed into storage, then in
 * one transaction the export is ready and its user told. Safe to run again: a finished export is left alone, and a
 * file written twice is one stored file (or an orphan the sweep removes).
 */
export async function runExport(deps: ExportDeps, exportId: string, signal?: AbortSignal): Promise<void> {
  const row = await repo.findExport(deps.db, exportId);
  if (row?.status !== "exporting") return;
  const params = row.params as unknown as repo.ExportParams;
  const language: Language = row.language === "nb" ? "nb" : "en";
  const { entity, layout, chunks } =
    params.scope === "query"
      ? // Loaded when needed: a list export's job has no use for the advanced search.
        await (await import("../advanced-search/query-export.ts")).queryExportOf(deps.db, row, language, signal)
      : params.scope === "form"
        ? await (await import("../forms/submissions-export.ts")).submissionsExportOf(
            deps.db,
            row,
            params,
            language,
            signal,
          )
        : await listExportOf(deps.db, row, params, language, signal);

  const output = new PassThrough();
  // Its errors reach the storage's read of it; none may go unheard and end the process.
  output.on("error", () => undefined);
  // An export is as large as its list; the disk is its only limit.
  const stored = deps.storage.put(output, { maxBytes: Number.POSITIVE_INFINITY });
  // Handled here at once, or a storage failure while rows are still being written would be an unhandled rejection;
  // it is thrown where the file is awaited.
  stored.catch(() => undefined);
  let rowCount: number;
  try {
    rowCount = await writeExportFile(output, layout, chunks);
  } catch (error) {
    // With the error, so the storage keeps nothing of the half-written file.
    output.destroy(error as Error);
    await stored.catch(() => undefined);
    throw error;
  }
  const file = await stored;
  await deps.db.transaction().execute(async (trx) => {
    const finished = await repo.finishExport(trx, exportId, {
      key: file.key,
      size: file.size,
      rowCount,
      retentionDays: deps.retentionDays,
    });
    if (finished) await tellOwner(trx, row, entity, "ready");
  });
}
