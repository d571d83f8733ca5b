import { type Kysely, sql } from "kysely";
import { loadActor } from "../auth/actors.ts";
import { type Actor, requirePermission } from "../auth/permissions.ts";
import type { Language } from "../bulk-data/cells.ts";
import type { ExportRecord, ExportSource } from "../bulk-data/export-file.ts";
import * as exportsRepo from "../bulk-data/exports.repository.ts";
import { EXPORT_CHUNK_SIZE, fileNameOf, toDto } from "../bulk-data/exports.service.ts";
import { columnLabel, type QueryDefinition, type QueryType } from "../contract/advanced-search.ts";
import { type BulkFormat, type BulkLanguage, bulkDataTexts, type ExportDto } from "../contract/bulk-data.ts";
import type { FieldDefinition } from "../contract/fields.ts";
import type { Database } from "../db/schema.ts";
import { exportableQuery, queryValues } from "./advanced-search.service.ts";
import { type CompiledSource, compileSource } from "./compiler.ts";

/** The rights an export needs besides the query's (spec §6). */
const EXPORT_RESOURCE = "Export";

/**
 * Keeps an export of a saved query's whole result and queues the job that writes it (the same job and list as the
 * entities' exports). Export Create, and the rights a run of the query needs.
 */
/** The id a missing partner pages as. */
const NO_RECORD = "00000000-0000-0000-0000-000000000000";

export async function initiateQueryExport(
  db: Kysely<Database>,
  queue: (exportId: string) => Promise<unknown>,
  actor: Actor,
  type: QueryType,
  id: string,
  request: { format: BulkFormat; lang?: BulkLanguage },
): Promise<ExportDto> {
  requirePermission(actor, "Create", EXPORT_RESOURCE);
  const { row: query, source } = await exportableQuery(db, actor, type, id);
  const main = source.entities[0]?.entity;
  if (!main) throw new Error("a compiled query has a main entity");
  const language = request.lang ?? (await exportsRepo.languageOf(db, actor.id));
  const row = await exportsRepo.insertExport(db, {
    userId: actor.id,
    schemaKey: main.schemaKey,
    tableKey: main.tableKey,
    format: request.format,
    params: { scope: "query", queryType: type, definition: query.definition },
    language,
    fileName: fileNameOf(query.name, language, request.format, new Date(), await exportsRepo.timeZoneOf(db, actor.id)),
    savedQueryId: query.id,
  });
  try {
    await queue(row.id);
  } catch (error) {
    // Never left "exporting" with no job to finish it.
    await db.transaction().execute((trx) => exportsRepo.failExport(trx, row.id, bulkDataTexts.exportFailed));
    throw error;
  }
  return toDto(row);
}

/** The file's columns: each field of the result, headed "Entity: Field" when the query joins entities. */
function layoutFields(source: CompiledSource): FieldDefinition[] {
  const joined = source.entities.length > 1;
  return source.resultColumns.map((column, index) => ({
    ...column.definition,
    // A Query field's value is its select's first value, written as text.
    type: column.alias === "" ? "Text" : column.definition.type,
    key: column.alias === "" ? `q${index}` : column.alias,
    labelEn: columnLabel(column, "en", joined),
    labelNb: columnLabel(column, "nb", joined),
  }));
}

/**
 * A query export's source: the query compiled for its user as they are now (a right lost since refuses it), walked
 * in the order of its records' ids by keyset, a chunk per statement, so no more than a chunk is held at a time. The
 * file's ID column is the main entity's record id.
 */
export async function queryExportOf(
  db: Kysely<Database>,
  row: exportsRepo.StoredExport,
  language: Language,
  signal?: AbortSignal,
): Promise<ExportSource> {
  const params = row.params as unknown as exportsRepo.ExportParams;
  const found = await loadActor(db, row.user_id);
  if (found?.status !== "active") throw new Error(`export ${row.id}: its user may not export`);
  const actor = found;
  const source = await compileSource(db, actor, params.definition as QueryDefinition);
  const main = source.entities[0]?.entity;
  if (!main) throw new Error(`export ${row.id}: no main entity`);
  const fields = layoutFields(source);
  // A LEFT OUTER join's record without a partner has no id there: it pages as the lowest one, never as null (a tuple
  // with a null compares as unknown, and its rows would be skipped). The main record always has one, and its id stays
  // plain for its index.
  const ids = source.entities.map((entity, index) =>
    index === 0
      ? sql<string>`${sql.ref(`source.${entity.idAlias}`)}`
      : sql<string>`coalesce(${sql.ref(`source.${entity.idAlias}`)}, ${NO_RECORD}::uuid)`,
  );

  async function* chunks(): AsyncGenerator<ExportRecord[]> {
    let after: string[] | undefined;
    for (;;) {
      signal?.throwIfAborted();
      let query = (db as unknown as Kysely<any>).selectFrom(source.builder.as("source")).selectAll();
      if (after) {
        const last = after.map((id) => sql`${id}::uuid`);
        // The main record's id alone first: a range the primary key's index answers, then the whole tuple.
        query = query
          .where(sql<boolean>`${ids[0]} >= ${last[0]}`)
          .where(sql<boolean>`(${sql.join(ids)}) > (${sql.join(last)})`);
      }
      for (const id of ids) query = query.orderBy(id);
      const rows = (await query.limit(EXPORT_CHUNK_SIZE).execute()) as Record<string, unknown>[];
      if (rows.length === 0) return;
      const computed = await queryValues(db, actor, source, rows);
      yield rows.map((found, index) => {
        const record: ExportRecord = { id: String(found.r0) };
        for (const [position, column] of source.resultColumns.entries()) {
          const key = fields[position]?.key ?? column.alias;
          record[key] = column.alias === "" ? (computed.get(`${index}/${column.key}`) ?? null) : found[column.alias];
        }
        return record;
      });
      if (rows.length < EXPORT_CHUNK_SIZE) return;
      const lastRow = rows[rows.length - 1] as Record<string, unknown>;
      after = source.entities.map((entity) => String(lastRow[entity.idAlias] ?? NO_RECORD));
    }
  }

  return {
    entity: main,
    layout: {
      format: row.format,
      language,
      fields,
      sheetName: language === "nb" ? main.pluralNb : main.pluralEn,
    },
    chunks: chunks(),
  };
}
