import type { Kysely } from "kysely";
import { type Actor, can, requirePermission } from "../auth/permissions.ts";
import {
  advancedSearchTexts,
  type CatalogEntity,
  type DataSourceDto,
  type DataSourceInput,
  type DataSourcePage,
  isSortable,
  operationsByType,
  QUERY_TIMEOUT_MS,
  type QueryDefinition,
  type QueryResultPage,
  type QueryType,
  type ResultColumn,
  type ResultRow,
  type SavedQueryDto,
  type SavedQueryInput,
  type SavedQueryPage,
  type SearchCatalog,
} from "../contract/advanced-search.ts";
import { type FieldDefinition, isShown } from "../contract/fields.ts";
import { refuseDatasourceInUse } from "../dashboards/widgets.service.ts";
import type { Database } from "../db/schema.ts";
import { isUuid } from "../db/values.ts";
import { forbiddenInQuery } from "../fields/fields.service.ts";
import { DomainError } from "../http/errors.ts";
import { cachedEntity, entityKeys } from "../records/metadata.repository.ts";
import { readsLinksOf } from "../records/read-rights.ts";
import { outputValue } from "../records/record-dto.ts";
import { withOptions } from "../records/records.service.ts";
import { cachedRelationships } from "../relationships/relationships.repository.ts";
import { refuseCostly, runQueryField, withQueryLimits } from "../user-queries/user-queries.service.ts";
import * as repo from "./advanced-search.repository.ts";
import {
  type CompiledSource,
  compileSource,
  type SourceColumn,
  sourceCount,
  sourcePage,
  sourceProbe,
} from "./compiler.ts";

/** The rights of each saved query type (spec §6: global and personal queries have rights of their own). */
export const QUERY_RESOURCES: Record<QueryType, string> = {
  global: "Advanced_Search_Global",
  personal: "Advanced_Search_Personal",
};
export const DATASOURCE_RESOURCE = "Datasource";

/** Searches of saved queries and data sources start at three characters, as every list's. */
const SEARCH_MIN = 3;

export interface RunOptions {
  /** How long a run's statements may take (QUERY_TIMEOUT_MS unless a test sets less). */
  timeoutMs?: number;
}

function queryNotFound(): DomainError {
  return new DomainError(404, "NotFoundException", advancedSearchTexts.notFound);
}

function dataSourceNotFound(): DomainError {
  return new DomainError(404, "NotFoundException", advancedSearchTexts.dataSourceNotFound);
}

// ---- the catalog ----

function catalogField(field: FieldDefinition) {
  const query = field.type === "Query";
  return {
    key: field.key,
    labelEn: field.labelEn,
    labelNb: field.labelNb,
    type: field.type,
    customField: field.customField,
    query,
    operations: [...operationsByType[field.type]],
    sortable: isSortable(field.type),
    options: (field.settings.options ?? []).map(({ value, labelEn, labelNb }) => ({ value, labelEn, labelNb })),
  };
}

/**
 * The entities the actor may read with their active, shown fields, and the relationships between two of them whose
 * links the actor may read.
 */
export async function catalog(db: Kysely<Database>, actor: Actor): Promise<SearchCatalog> {
  const keys = await entityKeys(db);
  const entities: CatalogEntity[] = [];
  for (const key of keys) {
    const found = await cachedEntity(db, key.schema_key, key.table_key);
    if (!found || !can(actor, "Read", found.resource)) continue;
    const entity = await withOptions(db, found);
    entities.push({
      schemaName: entity.schemaKey,
      tableName: entity.tableKey,
      labelEn: entity.labelEn,
      labelNb: entity.labelNb,
      pluralEn: entity.pluralEn,
      pluralNb: entity.pluralNb,
      builtIn: entity.builtIn,
      fields: entity.fields.filter(isShown).map(catalogField),
    });
  }
  const readable = new Set(entities.map((entity) => `${entity.schemaName}.${entity.tableName}`));
  const relationships = (await cachedRelationships(db))
    .filter(
      (r) =>
        readable.has(`${r.schema1}.${r.key1}`) &&
        readable.has(`${r.schema2}.${r.key2}`) &&
        r.key1 !== r.key2 &&
        readsLinksOf(actor, r),
    )
    .map((r) => ({
      id: r.id,
      schema1Name: r.schema1,
      table1Name: r.key1,
      schema2Name: r.schema2,
      table2Name: r.key2,
      label1En: r.label1En,
      label1Nb: r.label1Nb,
      label2En: r.label2En,
      label2Nb: r.label2Nb,
    }));
  return { entities, relationships };
}

// ---- runs ----

export function columnDto(column: SourceColumn): ResultColumn {
  const { key, schemaName, tableName, field, labelEn, labelNb, entityLabelEn, entityLabelNb, type, options } = column;
  return { key, schemaName, tableName, field, labelEn, labelNb, entityLabelEn, entityLabelNb, type, options };
}

function plainValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "object") return JSON.stringify(value);
  return value;
}

/**
 * The Query fields of a page's rows, by "row index/column key": each one's select run for its record with the
 * actor's rights (as the record pages run them), its first value; null when it gives none or fails.
 */
export async function queryValues(
  db: Kysely<Database>,
  actor: Actor,
  source: CompiledSource,
  rows: Record<string, unknown>[],
): Promise<Map<string, unknown>> {
  const values = new Map<string, unknown>();
  const seen = new Map<string, unknown>();
  for (const column of source.queryColumns) {
    const text = column.definition.settings.query ?? "";
    for (const [index, row] of rows.entries()) {
      const id = row[`r${column.entityIndex}`];
      if (typeof id !== "string") continue;
      const cacheKey = `${column.key}/${id}`;
      if (!seen.has(cacheKey)) {
        let value: unknown = null;
        if (text !== "" && !forbiddenInQuery(text)) {
          try {
            const found = await runQueryField(db, actor, text, id, 1);
            const first = found[0];
            value = first ? plainValue(Object.values(first)[0]) : null;
          } catch {
            value = null;
          }
        }
        seen.set(cacheKey, value);
      }
      values.set(`${index}/${column.key}`, seen.get(cacheKey));
    }
  }
  return values;
}

/** The source's rows made result rows: record ids by entity, values by column key. */
export function resultRows(
  source: CompiledSource,
  rows: Record<string, unknown>[],
  computed: Map<string, unknown>,
): ResultRow[] {
  return rows.map((row, index) => ({
    recordIds: Object.fromEntries(source.entities.map((entity) => [entity.name, String(row[entity.idAlias])])),
    values: Object.fromEntries(
      source.resultColumns.map((column) => [
        column.key,
        column.alias === ""
          ? (computed.get(`${index}/${column.key}`) ?? null)
          : outputValue(column.definition, row[column.alias]),
      ]),
    ),
  }));
}

/** A page of the definition's result for the actor (the rights of its entities are checked by the compiler). */
export async function runDefinition(
  db: Kysely<Database>,
  actor: Actor,
  definition: QueryDefinition,
  paging: { page: number; size: number },
  options: RunOptions = {},
): Promise<QueryResultPage> {
  const source = await compileSource(db, actor, definition);
  const rowsQuery = sourcePage(db, source, paging.page, paging.size);
  const totalQuery = sourceCount(db, source);
  const { rows, total } = await withQueryLimits(db, options.timeoutMs ?? QUERY_TIMEOUT_MS, async (trx) => {
    await refuseCostly(trx, rowsQuery);
    await refuseCostly(trx, totalQuery);
    const found = await trx.executeQuery<Record<string, unknown>>(rowsQuery);
    const counted = await trx.executeQuery<{ total: unknown }>(totalQuery);
    return { rows: found.rows, total: Number(counted.rows[0]?.total ?? 0) };
  });
  const computed = await queryValues(db, actor, source, rows);
  return {
    columns: source.resultColumns.map(columnDto),
    content: resultRows(source, rows, computed),
    totalElements: total,
    page: paging.page,
    size: paging.size,
  };
}

/** The builder's preview: a definition not saved, for those who may read saved queries of either type. */
export async function preview(
  db: Kysely<Database>,
  actor: Actor,
  definition: QueryDefinition,
  paging: { page: number; size: number },
  options: RunOptions = {},
): Promise<QueryResultPage> {
  if (!can(actor, "Read", QUERY_RESOURCES.global) && !can(actor, "Read", QUERY_RESOURCES.personal)) {
    requirePermission(actor, "Read", QUERY_RESOURCES.personal);
  }
  return runDefinition(db, actor, definition, paging, options);
}

// ---- saved queries ----

/** A saved query's form names the definition's fields under `definition.`: its field errors say so. */
async function underDefinition<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DomainError && error.errors) {
      throw new DomainError(
        error.status,
        error.exceptionName,
        error.message,
        error.errors.map((item) => ({ ...item, field: `definition.${item.field}` })),
      );
    }
    throw error;
  }
}

function searchTerm(q: string | undefined): string | undefined {
  const term = q?.trim();
  return term && term.length >= SEARCH_MIN ? term : undefined;
}

/** A page of the saved queries or data sources the filter picks, searched by `params.q`, each as `toDto` shows it. */
async function pageOfQueries<T>(
  db: Kysely<Database>,
  filter: Omit<repo.QueryListFilter, "q">,
  params: { page: number; size: number; q?: string },
  toDto: (row: repo.StoredQuery) => T,
) {
  const { rows, total } = await repo.listQueries(
    db,
    { ...filter, q: searchTerm(params.q) },
    params.page * params.size,
    params.size,
  );
  return { content: rows.map(toDto), totalElements: total, page: params.page, size: params.size };
}

function savedQueryDto(actor: Actor, row: repo.StoredQuery): SavedQueryDto {
  const resource = QUERY_RESOURCES[row.scope];
  return {
    id: row.id,
    queryType: row.scope,
    name: row.name,
    description: row.description,
    definition: row.definition,
    owner: { uuid: row.owner_id, firstName: row.owner_first_name, lastName: row.owner_last_name },
    canEdit: can(actor, "Update", resource),
    canDelete: can(actor, "Delete", resource),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** A saved query of the type the actor may do `operation` on; another user's personal query is not found. */
async function visibleQuery(
  db: Kysely<Database>,
  actor: Actor,
  type: QueryType,
  id: string,
  operation: "Read" | "Update" | "Delete",
): Promise<repo.StoredQuery> {
  requirePermission(actor, operation, QUERY_RESOURCES[type]);
  const row = isUuid(id) ? await repo.findQuery(db, id, "query") : undefined;
  if (!row || row.scope !== type || (type === "personal" && row.owner_id !== actor.id)) throw queryNotFound();
  return row;
}

export async function listSavedQueries(
  db: Kysely<Database>,
  actor: Actor,
  type: QueryType,
  params: { page: number; size: number; q?: string },
): Promise<SavedQueryPage> {
  requirePermission(actor, "Read", QUERY_RESOURCES[type]);
  const filter = { kind: "query", scope: type, ownerId: type === "personal" ? actor.id : undefined } as const;
  return pageOfQueries(db, filter, params, (row) => savedQueryDto(actor, row));
}

export async function getSavedQuery(db: Kysely<Database>, actor: Actor, type: QueryType, id: string) {
  return savedQueryDto(actor, await visibleQuery(db, actor, type, id, "Read"));
}

export async function createSavedQuery(
  db: Kysely<Database>,
  actor: Actor,
  type: QueryType,
  input: SavedQueryInput,
): Promise<SavedQueryDto> {
  requirePermission(actor, "Create", QUERY_RESOURCES[type]);
  // Names, types and rights are checked as a run checks them: a query saved runs.
  await underDefinition(compileSource(db, actor, input.definition));
  const id = await repo.insertQuery(db, { ...input, kind: "query", scope: type, ownerId: actor.id });
  return getSavedQuery(db, actor, type, id);
}

export async function updateSavedQuery(
  db: Kysely<Database>,
  actor: Actor,
  type: QueryType,
  id: string,
  input: SavedQueryInput,
): Promise<SavedQueryDto> {
  await visibleQuery(db, actor, type, id, "Update");
  await underDefinition(compileSource(db, actor, input.definition));
  await repo.updateQuery(db, id, input, actor.id);
  return getSavedQuery(db, actor, type, id);
}

export async function deleteSavedQuery(db: Kysely<Database>, actor: Actor, type: QueryType, id: string) {
  await visibleQuery(db, actor, type, id, "Delete");
  await repo.deleteQuery(db, id);
}

/** A page of a saved query's result: Read on its type, and on every entity it names (as it is now). */
export async function runSavedQuery(
  db: Kysely<Database>,
  actor: Actor,
  type: QueryType,
  id: string,
  paging: { page: number; size: number },
  options: RunOptions = {},
): Promise<QueryResultPage> {
  const row = await visibleQuery(db, actor, type, id, "Read");
  return runDefinition(db, actor, row.definition, paging, options);
}

/** The saved query an export is made of, read with the rights a run needs. */
export async function exportableQuery(db: Kysely<Database>, actor: Actor, type: QueryType, id: string) {
  const row = await visibleQuery(db, actor, type, id, "Read");
  const source = await compileSource(db, actor, row.definition);
  return { row, source };
}

// ---- data sources ----

function dataSourceDto(actor: Actor, row: repo.StoredQuery): DataSourceDto {
  const { queryType: _type, ...dto } = savedQueryDto(actor, row);
  return {
    ...dto,
    canEdit: can(actor, "Update", DATASOURCE_RESOURCE),
    canDelete: can(actor, "Delete", DATASOURCE_RESOURCE),
  };
}

async function visibleDataSource(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  operation: "Read" | "Update" | "Delete",
): Promise<repo.StoredQuery> {
  requirePermission(actor, operation, DATASOURCE_RESOURCE);
  const row = isUuid(id) ? await repo.findQuery(db, id, "datasource") : undefined;
  if (!row) throw dataSourceNotFound();
  return row;
}

/**
 * The one place that refuses to change or delete a data source widgets use (spec §8 DatasourceInUseException):
 * PUT and DELETE call it before they write.
 */
export async function assertDataSourceNotInUse(db: Kysely<Database>, id: string): Promise<void> {
  await refuseDatasourceInUse(db, id);
}

/** A data source must give rows when it is saved (spec §8 DatasourceValidationException "No Results Found"). */
async function assertHasRows(db: Kysely<Database>, actor: Actor, definition: QueryDefinition, options: RunOptions) {
  const source = await compileSource(db, actor, definition);
  const probe = sourceProbe(db, source);
  const found = await withQueryLimits(db, options.timeoutMs ?? QUERY_TIMEOUT_MS, async (trx) => {
    await refuseCostly(trx, sourceCount(db, source));
    return trx.executeQuery(probe);
  });
  if (found.rows.length === 0) {
    throw new DomainError(400, "DatasourceValidationException", advancedSearchTexts.noResults);
  }
}

export async function listDataSources(
  db: Kysely<Database>,
  actor: Actor,
  params: { page: number; size: number; q?: string },
): Promise<DataSourcePage> {
  requirePermission(actor, "Read", DATASOURCE_RESOURCE);
  return pageOfQueries(db, { kind: "datasource", scope: "global" }, params, (row) => dataSourceDto(actor, row));
}

export async function getDataSource(db: Kysely<Database>, actor: Actor, id: string): Promise<DataSourceDto> {
  return dataSourceDto(actor, await visibleDataSource(db, actor, id, "Read"));
}

export async function createDataSource(
  db: Kysely<Database>,
  actor: Actor,
  input: DataSourceInput,
  options: RunOptions = {},
): Promise<DataSourceDto> {
  requirePermission(actor, "Create", DATASOURCE_RESOURCE);
  await underDefinition(assertHasRows(db, actor, input.definition, options));
  const id = await repo.insertQuery(db, { ...input, kind: "datasource", scope: "global", ownerId: actor.id });
  return getDataSource(db, actor, id);
}

export async function updateDataSource(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  input: DataSourceInput,
  options: RunOptions = {},
): Promise<DataSourceDto> {
  await visibleDataSource(db, actor, id, "Update");
  await assertDataSourceNotInUse(db, id);
  await underDefinition(assertHasRows(db, actor, input.definition, options));
  await repo.updateQuery(db, id, input, actor.id);
  return getDataSource(db, actor, id);
}

export async function deleteDataSource(db: Kysely<Database>, actor: Actor, id: string): Promise<void> {
  await visibleDataSource(db, actor, id, "Delete");
  await assertDataSourceNotInUse(db, id);
  await repo.deleteQuery(db, id);
}

/** A data source's columns a widget may use: its stored selected fields (Query fields are per record, not data). */
export async function dataSourceFields(db: Kysely<Database>, actor: Actor, id: string): Promise<ResultColumn[]> {
  const row = await visibleDataSource(db, actor, id, "Read");
  const source = await compileSource(db, actor, row.definition);
  return source.columns.map(columnDto);
}

/** A data source compiled for the actor (Datasource Read, and Read on its entities): what widgets aggregate over. */
export async function dataSourceSource(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  options: Parameters<typeof compileSource>[3] = {},
): Promise<{ row: repo.StoredQuery; source: CompiledSource }> {
  const row = await visibleDataSource(db, actor, id, "Read");
  return { row, source: await compileSource(db, actor, row.definition, options) };
}
