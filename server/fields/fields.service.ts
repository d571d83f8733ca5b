import type { Kysely, Transaction } from "kysely";
import { type Actor, requirePermission, SETTINGS } from "../auth/permissions.ts";
import {
  COLUMN_LIMIT,
  type CustomFieldInput,
  FIELD_LIMIT,
  type FieldEntity,
  type FieldSetting,
  fieldRuleTexts,
  fieldTexts,
  QUERY_ROW_LIMIT,
  type QueryResult,
} from "../contract/custom-fields.ts";
import { type FieldDefinition, type FieldSettings, type FieldType, fieldValueSchema } from "../contract/fields.ts";
import { columnLimitMessage, fieldLimitMessage, STANDARD_FIELD } from "../contract/settings-texts.ts";
import type { Database } from "../db/schema.ts";
import { isUuid, uniqueKey } from "../db/values.ts";
import { DomainError } from "../http/errors.ts";
import { type EntityMetadata, entityHeadingOf, forgetEntity } from "../records/metadata.repository.ts";
import { readableRecord, resolveEntity } from "../records/records.service.ts";
import { runQueryField } from "../user-queries/user-queries.service.ts";
import * as repo from "./fields.repository.ts";

/** Keys the field calls' own paths use, and the record columns every table has. */
const RESERVED_KEYS = new Set(["standard_fields", "execute", "id", "uuid", "status_id", "values", "custom_fields"]);

function invalid(field: string, message: string): DomainError {
  return new DomainError(400, "MethodArgumentNotValidException", "Validation failed", [
    { field, defaultMessage: message, objectName: "field" },
  ]);
}

function fieldNotFound(): DomainError {
  return new DomainError(404, "NotFoundException", "Field not found");
}

function toSetting(row: repo.StoredField): FieldSetting {
  const settings = (row.settings ?? {}) as FieldSettings;
  return {
    id: row.id,
    key: row.key,
    labelEn: row.label_en,
    labelNb: row.label_nb,
    type: row.type as FieldType,
    required: row.required,
    unique: row.unique_value,
    active: row.active,
    hidden: settings.hidden === true,
    builtIn: row.built_in,
    customField: row.custom_field,
    searchable: row.searchable,
    partOfName: row.part_of_name,
    favorite: row.favorite,
    position: row.position,
    minLength: settings.minLength ?? null,
    maxLength: settings.maxLength ?? null,
    minValue: settings.minValue ?? null,
    maxValue: settings.maxValue ?? null,
    from: settings.from ?? null,
    to: settings.to ?? null,
    defaultValue: settings.defaultValue ?? null,
    options: (settings.options ?? []).map(({ value, labelEn, labelNb }) => ({ value, labelEn, labelNb })),
    query: settings.query ?? null,
  };
}

/** The settings the field keeps, with each option's value (kept from before, or made from its English label). */
function settingsOf(input: CustomFieldInput): FieldSettings {
  const taken = new Set(input.options.flatMap((option) => (option.value ? [option.value] : [])));
  const options = input.options.map((option) => ({
    value: option.value || uniqueKey(option.labelEn, taken, "option", 60),
    labelEn: option.labelEn,
    labelNb: option.labelNb,
  }));
  const settings: FieldSettings = {
    minLength: input.minLength ?? undefined,
    maxLength: input.maxLength ?? undefined,
    minValue: input.minValue ?? undefined,
    maxValue: input.maxValue ?? undefined,
    from: input.from ?? undefined,
    to: input.to ?? undefined,
    hidden: input.hidden || undefined,
    options: options.length > 0 ? options : undefined,
    query: input.type === "Query" ? (input.query ?? undefined) : undefined,
  };
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as FieldSettings;
}

function definitionOf(input: CustomFieldInput, settings: FieldSettings): FieldDefinition {
  return {
    key: input.key,
    labelEn: input.labelEn,
    labelNb: input.labelNb,
    type: input.type,
    required: input.required,
    unique: input.unique,
    active: input.active,
    builtIn: false,
    customField: true,
    partOfName: input.partOfName,
    searchable: input.searchable,
    favorite: input.favorite,
    settings,
  };
}

/** The settings with the default value checked by the field's own rules and stored as a record would store it. */
function withDefault(input: CustomFieldInput): FieldSettings {
  const settings = settingsOf(input);
  const raw = input.defaultValue;
  if (raw === undefined || raw === null || raw === "" || input.type === "Query") return settings;
  const parsed = fieldValueSchema({ ...definitionOf(input, settings), required: false }).safeParse(raw);
  if (!parsed.success) throw invalid("defaultValue", parsed.error.issues[0].message);
  return parsed.data === null ? settings : { ...settings, defaultValue: parsed.data };
}

function rowOf(input: CustomFieldInput, settings: FieldSettings): repo.FieldRow {
  const text = ["Text", "LongText", "Phone", "Email", "Url"].includes(input.type);
  return {
    label_en: input.labelEn,
    label_nb: input.labelNb,
    type: input.type,
    required: input.required,
    unique_value: input.unique,
    active: input.active,
    part_of_name: input.partOfName && input.type !== "Query",
    searchable: input.searchable && text,
    favorite: input.favorite,
    settings: JSON.stringify(settings),
  };
}

/**
 * A select that fails for a record fails for all: it is tried once on save, with no record, with the rights of the
 * one who saves it.
 */
async function checkQuery(db: Kysely<Database>, actor: Actor, input: CustomFieldInput) {
  if (input.type !== "Query" || !input.query) return;
  if (forbiddenInQuery(input.query)) throw invalid("query", fieldTexts.queryFailed);
  try {
    await runQueryField(db, actor, input.query, "00000000-0000-0000-0000-000000000000", 1);
  } catch {
    throw invalid("query", fieldTexts.queryFailed);
  }
}

/**
 * Functions that change the session's role or run SQL text of their own: a Query field may not name them. The wall
 * is the reader's rights (decision 037); this only answers plainly hostile selects before they reach the database.
 */
const FORBIDDEN_IN_QUERY = /\b(set_config|query_to_xml\w*|\w*_to_xml\w*|dblink\w*|pg_read\w*|lo_\w+|pg_sleep\w*)\b/i;

export function forbiddenInQuery(query: string): boolean {
  return FORBIDDEN_IN_QUERY.test(query);
}

async function settingsEntity(
  db: Kysely<Database>,
  actor: Actor,
  operation: "Read" | "Update",
  schema: string,
  table: string,
) {
  requirePermission(actor, operation, SETTINGS);
  return resolveEntity(db, schema, table);
}

export async function listFieldEntities(db: Kysely<Database>, actor: Actor): Promise<FieldEntity[]> {
  requirePermission(actor, "Read", SETTINGS);
  const [entities, used] = await Promise.all([repo.entitiesWithFieldCounts(db), repo.columnsUsed(db)]);
  return entities.map((entity) => ({
    ...entityHeadingOf(entity),
    builtIn: entity.built_in,
    customFields: Number(entity.custom_fields ?? 0),
    fieldLimit: FIELD_LIMIT,
    columnsUsed: used.get(`${entity.schema_key}.${entity.table_key}`) ?? 0,
    columnLimit: COLUMN_LIMIT,
  }));
}

export async function listFields(
  db: Kysely<Database>,
  actor: Actor,
  schema: string,
  table: string,
  which: "custom" | "standard",
): Promise<FieldSetting[]> {
  const entity = await settingsEntity(db, actor, "Read", schema, table);
  const rows = await repo.fieldsOf(db, entity.id);
  return rows.filter((row) => row.custom_field === (which === "custom")).map(toSetting);
}

export async function getField(db: Kysely<Database>, actor: Actor, schema: string, table: string, key: string) {
  const entity = await settingsEntity(db, actor, "Read", schema, table);
  const row = await repo.findField(db, entity.id, { key });
  if (!row) throw fieldNotFound();
  return toSetting(row);
}

async function refuseTakenKey(trx: Transaction<Database>, entity: FieldOwner, key: string) {
  const taken =
    RESERVED_KEYS.has(key) ||
    (await repo.findField(trx, entity.id, { key })) !== undefined ||
    (await repo.columnNames(trx, entity)).has(key);
  if (taken) {
    throw new DomainError(409, "FieldKeyAlreadyExistingException", fieldTexts.keyTaken, [
      { field: "key", defaultMessage: fieldTexts.keyTaken, objectName: "field" },
    ]);
  }
}

function uniqueNotPossible(): DomainError {
  return new DomainError(409, "CannotCreateUniquenessException", fieldTexts.uniqueNotPossible, [
    { field: "unique", defaultMessage: fieldTexts.uniqueNotPossible, objectName: "field" },
  ]);
}

/** What `addField` needs of an entity: a new custom entity's table may not be in the cache yet. */
export type FieldOwner = Pick<EntityMetadata, "id" | "schemaKey" | "tableKey" | "builtIn">;

/** A favorite field is a list column, sorted by its header: it gets sort indexes (not for long text or several values). */
function sortsAsColumn(row: { favorite: boolean; type: string }): boolean {
  return row.favorite && !["LongText", "MultiSelect", "Query"].includes(row.type);
}

const TEXT_TYPES = ["Text", "Email", "Phone", "Url", "List"];

/** A custom entity's list is in the order of its name's first text field: that field gets a sort index. */
function sortsByName(entity: FieldOwner, row: { part_of_name: boolean; type: string }): boolean {
  return !entity.builtIn && row.part_of_name && ["Text", "Email", "Phone", "Url"].includes(row.type);
}

/** The field's checks before any schema change: its default, and its select tried once. */
export async function preparedField(
  db: Kysely<Database>,
  actor: Actor,
  input: CustomFieldInput,
): Promise<FieldSettings> {
  const settings = withDefault(input);
  await checkQuery(db, actor, input);
  return settings;
}

/** Adds the field, its column and its indexes in the caller's transaction. */
export async function addField(
  trx: Transaction<Database>,
  entity: FieldOwner,
  input: CustomFieldInput,
  settings: FieldSettings,
): Promise<repo.StoredField> {
  await repo.limitLockWait(trx);
  await refuseTakenKey(trx, entity, input.key);
  await repo.lockEntity(trx, entity.id);
  if ((await repo.customFieldCount(trx, entity.id)) >= FIELD_LIMIT) {
    throw new DomainError(409, "FieldLimitReachedException", fieldLimitMessage(FIELD_LIMIT));
  }
  const used = (await repo.columnsUsed(trx)).get(`${entity.schemaKey}.${entity.tableKey}`) ?? 0;
  const columnType = repo.columnTypeOf(input.type);
  if (columnType && used >= COLUMN_LIMIT) {
    throw new DomainError(409, "ColumnLimitReachedException", columnLimitMessage(COLUMN_LIMIT));
  }
  // Existing records would all share the new field's one value (none, or the default).
  if (input.unique && input.required && (await repo.hasRows(trx, entity))) throw uniqueNotPossible();
  const position = await repo.nextFieldPosition(trx, entity.id);
  const row = await repo.insertField(trx, entity.id, input.key, position, rowOf(input, settings));
  if (columnType) {
    await repo.addColumn(trx, entity, input.key, columnType);
    if (row.searchable) await repo.createSearchIndex(trx, entity, input.key);
    if (row.unique_value) await repo.createUniqueIndex(trx, entity, input.key);
    if (sortsByName(entity, row)) await repo.createNameIndex(trx, entity, input.key);
    if (sortsAsColumn(row)) {
      await repo.createSortIndexes(trx, entity, input.key, TEXT_TYPES.includes(row.type), row.required);
    }
  }
  return row;
}

/** Adds the field and its column (and indexes) in one transaction; the records calls use it at once. */
export async function createField(
  db: Kysely<Database>,
  actor: Actor,
  schema: string,
  table: string,
  input: CustomFieldInput,
): Promise<FieldSetting> {
  const entity = await settingsEntity(db, actor, "Update", schema, table);
  const settings = await preparedField(db, actor, input);
  const created = await db.transaction().execute((trx) => addField(trx, entity, input, settings));
  forgetEntity(db, entity.schemaKey, entity.tableKey);
  return toSetting(created);
}

function standardField(): DomainError {
  return new DomainError(409, "StandardFieldException", STANDARD_FIELD);
}

/** Changes a custom field within the rules of spec §5; its key and, once it holds values, its type stay. */
export async function updateField(
  db: Kysely<Database>,
  actor: Actor,
  schema: string,
  table: string,
  key: string,
  input: CustomFieldInput,
): Promise<FieldSetting> {
  const entity = await settingsEntity(db, actor, "Update", schema, table);
  if (input.key !== key) throw invalid("key", fieldRuleTexts.notForType);
  const settings = withDefault(input);
  await checkQuery(db, actor, input);
  const updated = await db.transaction().execute(async (trx) => {
    await repo.limitLockWait(trx);
    const existing = await repo.findField(trx, entity.id, { key }, true);
    if (!existing) throw fieldNotFound();
    if (existing.built_in) throw standardField();
    const before = toSetting(existing);
    const stored = repo.columnTypeOf(before.type) !== undefined;
    const holdsValues = stored && (await repo.columnHasValues(trx, entity, key, before.type));
    if (input.type !== before.type) {
      if (holdsValues) throw new DomainError(409, "FieldInUseException", fieldTexts.fieldInUse);
      // An empty column is replaced rather than converted: no rewrite of the table's rows.
      if (stored) await repo.dropColumn(trx, entity, key);
      const columnType = repo.columnTypeOf(input.type);
      if (columnType) await repo.addColumn(trx, entity, key, columnType);
    }
    const row = rowOf(input, settings);
    const columnNow = repo.columnTypeOf(input.type) !== undefined;
    if (columnNow && holdsValues) {
      if (settings.maxLength !== undefined && settings.maxLength < (before.maxLength ?? Number.POSITIVE_INFINITY)) {
        if ((await repo.longestText(trx, entity, key)) > settings.maxLength) {
          throw new DomainError(409, "InvalidMaxCharacterCountException", fieldTexts.maxBelowData, [
            { field: "maxLength", defaultMessage: fieldTexts.maxBelowData, objectName: "field" },
          ]);
        }
      }
      const kept = new Set((settings.options ?? []).map((option) => option.value));
      const removed = before.options.map((option) => option.value).filter((value) => !kept.has(value));
      if (await repo.optionInUse(trx, entity, key, input.type === "MultiSelect", removed)) {
        throw new DomainError(409, "ComponentToBeRemovedInUseException", fieldTexts.optionInUse, [
          { field: "options", defaultMessage: fieldTexts.optionInUse, objectName: "field" },
        ]);
      }
    }
    if (columnNow) {
      const wasUnique = before.unique && input.type === before.type;
      if (row.unique_value && !wasUnique) {
        if ((input.required && (await repo.hasRows(trx, entity))) || (await repo.hasDuplicates(trx, entity, key))) {
          throw uniqueNotPossible();
        }
        await repo.createUniqueIndex(trx, entity, key);
      } else if (!row.unique_value && wasUnique) {
        await repo.dropIndex(trx, entity, key, "unique");
      }
      const hadNameIndex = sortsByName(entity, { part_of_name: before.partOfName, type: before.type });
      if (sortsByName(entity, row) && !(hadNameIndex && input.type === before.type)) {
        await repo.createNameIndex(trx, entity, key);
      } else if (!sortsByName(entity, row) && hadNameIndex && input.type === before.type) {
        await repo.dropIndex(trx, entity, key, "name");
      }
      // Sort indexes follow the favorite flag, the type and whether the field is required (which decides their number).
      const sameSort =
        input.type === before.type && row.required === before.required && sortsAsColumn(row) === sortsAsColumn(before);
      if (!sameSort) {
        if (input.type === before.type && sortsAsColumn(before)) await repo.dropSortIndexes(trx, entity, key);
        if (sortsAsColumn(row)) {
          await repo.createSortIndexes(trx, entity, key, TEXT_TYPES.includes(row.type), row.required);
        }
      }
      const wasSearchable = before.searchable && input.type === before.type;
      if (row.searchable && !wasSearchable) await repo.createSearchIndex(trx, entity, key);
      else if (!row.searchable && wasSearchable) await repo.dropIndex(trx, entity, key, "search");
    }
    return repo.updateField(trx, existing.id, row);
  });
  forgetEntity(db, entity.schemaKey, entity.tableKey);
  return toSetting(updated);
}

/** Deletes a custom field that no record holds a value in ("Field in use", spec §5), with its column. */
export async function deleteField(db: Kysely<Database>, actor: Actor, schema: string, table: string, id: string) {
  const entity = await settingsEntity(db, actor, "Update", schema, table);
  if (!isUuid(id)) throw fieldNotFound();
  await db.transaction().execute(async (trx) => {
    await repo.limitLockWait(trx);
    const existing = await repo.findField(trx, entity.id, { id }, true);
    if (!existing) throw fieldNotFound();
    if (existing.built_in) throw standardField();
    // A custom entity's table keeps at least one field of its own (spec §5).
    if (!entity.builtIn && existing.custom_field && (await repo.customFieldCount(trx, entity.id)) <= 1) {
      throw new DomainError(409, "NoColumnsRemainingException", "Custom entity should have at least 1 custom field");
    }
    const stored = repo.columnTypeOf(existing.type as FieldType) !== undefined;
    if (stored && (await repo.columnHasValues(trx, entity, existing.key, existing.type))) {
      throw new DomainError(409, "FieldInUseException", fieldTexts.fieldInUse);
    }
    await repo.deleteField(trx, existing.id);
    if (stored) await repo.dropColumn(trx, entity, existing.key);
  });
  forgetEntity(db, entity.schemaKey, entity.tableKey);
}

/** Runs the entity's Query fields for one record the actor may read; one that fails answers "Query failed.". */
export async function executeQueries(
  db: Kysely<Database>,
  actor: Actor,
  schema: string,
  table: string,
  recordId: string,
  keys: string[],
): Promise<QueryResult[]> {
  const { entity, row } = await readableRecord(db, actor, { schemaKey: schema, tableKey: table, uuidKey: recordId });
  const fields = keys.map((key) => {
    const field = entity.fields.find((f) => f.key === key && f.active && f.type === "Query");
    if (!field?.settings.query) throw fieldNotFound();
    return field;
  });
  const results: QueryResult[] = [];
  for (const field of fields) {
    const query = field.settings.query ?? "";
    let rows: Record<string, unknown>[];
    try {
      if (forbiddenInQuery(query)) throw new Error("forbidden function");
      rows = await runQueryField(db, actor, query, row.id, QUERY_ROW_LIMIT + 1);
    } catch {
      throw new DomainError(422, "QueryFailedException", fieldTexts.queryFailed);
    }
    const columns = Object.keys(rows[0] ?? {});
    results.push({
      key: field.key,
      columns,
      rows: rows.slice(0, QUERY_ROW_LIMIT).map((r) => columns.map((column) => jsonValue(r[column]))),
      truncated: rows.length > QUERY_ROW_LIMIT,
    });
  }
  return results;
}

function jsonValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (value !== null && typeof value === "object" && !Array.isArray(value)) return JSON.stringify(value);
  return value;
}
