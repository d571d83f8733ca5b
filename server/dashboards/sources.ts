import { type Kysely, sql, type Transaction } from "kysely";
import { compileSource } from "../advanced-search/compiler.ts";
import type { Actor } from "../auth/permissions.ts";
import { QUERY_TIMEOUT_MS, queryDefinitionSchema } from "../contract/advanced-search.ts";
import { dashboardTexts } from "../contract/dashboards.ts";
import type { Database } from "../db/schema.ts";
import { isUuid } from "../db/values.ts";
import { DomainError } from "../http/errors.ts";
import { withQueryLimits } from "../user-queries/user-queries.service.ts";
import * as repo from "./dashboards.repository.ts";
import type { SourceSelect } from "./widget-data.ts";

/** A widget's data source, compiled for one viewer. */
export interface LoadedSource {
  id: string;
  /** Its last change, in milliseconds: a changed definition is another source for the data cache. */
  updatedAt: number;
  select: SourceSelect;
  /** The record tables it reads. */
  tables: { schema: string; table: string }[];
}

/**
 * Loads a data source and compiles it for the viewer: a 403 when it names an entity they may not read. A missing one
 * answers `missing()` (404 unless the caller says otherwise, as a widget's form does).
 */
export async function loadSource(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  options: { missing?: () => DomainError } = {},
): Promise<LoadedSource> {
  const row = isUuid(id) ? await repo.findDataSource(db, id) : undefined;
  if (!row) throw options.missing?.() ?? new DomainError(404, "NotFoundException", dashboardTexts.datasourceNotFound);
  const definition = queryDefinitionSchema.parse(row.definition);
  const compiled = await compileSource(db, actor, definition);
  return {
    id: row.id,
    updatedAt: new Date(row.updated_at).getTime(),
    select: {
      select: sql`${compiled.builder}`,
      columns: compiled.columns.map((column) => ({
        key: column.key,
        alias: column.alias,
        type: column.type as SourceSelect["columns"][number]["type"],
        labelEn: column.labelEn,
        labelNb: column.labelNb,
        options: column.options,
      })),
      recordIdAliases: Object.fromEntries(compiled.entities.map((entity) => [entity.name, entity.idAlias])),
    },
    tables: compiled.entities.map((entity) => ({ schema: entity.entity.schemaKey, table: entity.entity.tableKey })),
  };
}

/** Runs a widget's statements in one read-only transaction under the advanced search's statement timeout. */
export function runLimited<T>(db: Kysely<Database>, run: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return withQueryLimits(db, QUERY_TIMEOUT_MS, run);
}
