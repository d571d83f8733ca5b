import type { Kysely, Transaction } from "kysely";
import { bulkDataTexts, type ImportMode, MATCH_BY_ID } from "../contract/bulk-data.ts";
import { type FieldDefinition, fieldErrorName, type ValidationResult, valuesValidator } from "../contract/fields.ts";
import { duplicateMessage } from "../contract/messages.ts";
import type { Database } from "../db/schema.ts";
import { isUuid } from "../db/values.ts";
import type { EntityMetadata } from "../records/metadata.repository.ts";
import { toDto } from "../records/record-dto.ts";
import { type StoredRecord, statusesOf } from "../records/records.repository.ts";
import { defaultsOf } from "../records/records.service.ts";
import { type CellValue, fromCell, type Language } from "./cells.ts";
import * as writes from "./import-writes.repository.ts";
import { storedCell } from "./sheets.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface RowError {
  field: string;
  message: string;
}

/** What a column fills: a field, the record's id (to find records by), or nothing. */
export type ColumnTarget = FieldDefinition | typeof MATCH_BY_ID | null;

/** How an import turns its rows into records: the entity with its options, and the checked mapping. */
export interface ImportPlan {
  entity: EntityMetadata;
  language: Language;
  mode: ImportMode;
  /** "id" or a unique field's key; null when creating. */
  matchField: string | null;
  targets: ColumnTarget[];
  /** The status a new record gets, as the record API gives it. */
  defaultStatusId: string | null;
  /** The record API's validation (validateValues) of a whole new record, and of the mapped fields alone. */
  validate: { full: Validator; partial: Validator };
}

type Validator = (input: Record<string, unknown>) => ValidationResult;

export async function makePlan(
  db: Kysely<Database>,
  described: EntityMetadata,
  job: { mode: ImportMode; matchField: string | null; mapping: (string | null)[]; language: Language },
): Promise<ImportPlan> {
  const statuses = await statusesOf(db, described);
  return {
    entity: described,
    language: job.language,
    mode: job.mode,
    matchField: job.mode === "create" ? null : job.matchField,
    targets: job.mapping.map((key) => {
      if (key === MATCH_BY_ID) return MATCH_BY_ID;
      return described.fields.find((field) => field.key === key) ?? null;
    }),
    defaultStatusId: statuses.find((status) => status.is_default)?.id ?? null,
    validate: {
      full: valuesValidator(described.fields, { partial: false }),
      partial: valuesValidator(described.fields, { partial: true }),
    },
  };
}

/** A row read and checked on its own; a row with errors is refused whatever the database holds. */
export interface ConvertedRow {
  rowNumber: number;
  cells: CellValue[];
  /** The mapped cells as the record API's input. */
  input: Record<string, unknown>;
  /** The id column's value, when one is mapped. */
  id: string | null;
  /** The values to store (for update and upsert: of the mapped fields only). */
  values: Record<string, unknown>;
  errors: RowError[];
  /** Errors of cells that could not be read, which a second validation keeps. */
  cellErrors: RowError[];
}

/**
 * The record API's validation of a row (validateValues, the same texts): `full` as a new record (every field, defaults
 * for those left out), else only the mapped fields, as a PATCH. A field whose cell could not be read keeps that error.
 */
function validateRow(plan: ImportPlan, row: ConvertedRow, full: boolean): void {
  const source = full ? { ...defaultsOf(plan.entity, row.input), ...row.input } : row.input;
  const { values, errors } = (full ? plan.validate.full : plan.validate.partial)(source);
  const failedFields = new Set(row.cellErrors.map((error) => error.field));
  row.values = values;
  row.errors = [
    ...row.cellErrors,
    ...errors
      .filter((error) => !failedFields.has(error.field))
      .map((error) => ({ field: error.field, message: error.defaultMessage })),
  ];
}

export function convertRow(plan: ImportPlan, rowNumber: number, cells: CellValue[]): ConvertedRow {
  const row: ConvertedRow = { rowNumber, cells, input: {}, id: null, values: {}, errors: [], cellErrors: [] };
  plan.targets.forEach((target, index) => {
    const cell = cells[index] ?? null;
    if (target === null) return;
    if (target === MATCH_BY_ID) {
      const text = cell === null ? "" : String(cell).trim();
      row.id = text === "" ? null : text;
      return;
    }
    const reading = fromCell(target, cell, plan.language);
    if ("error" in reading) row.cellErrors.push({ field: fieldErrorName(target), message: reading.error });
    else row.input[target.key] = reading.value;
  });
  // Creating: the row must make a whole record. Updating: only what it maps is checked (an upsert's new records are
  // checked whole once the batch knows which they are).
  validateRow(plan, row, plan.mode === "create");
  return row;
}

export interface FailedRow {
  rowNumber: number;
  cells: (string | number | boolean | null)[];
  errors: RowError[];
}

export interface BatchOutcome {
  created: number;
  updated: number;
  unchanged: number;
  failed: FailedRow[];
}

function matchFieldOf(plan: ImportPlan): FieldDefinition | undefined {
  return plan.entity.fields.find((field) => field.key === plan.matchField);
}

/** The value a row finds its record by, or null when it has none. */
function matchValue(plan: ImportPlan, row: ConvertedRow): unknown {
  if (plan.matchField === MATCH_BY_ID) return row.id;
  const value = plan.matchField ? row.values[plan.matchField] : null;
  return value ?? null;
}

/** Where a row's error about finding its record is reported. */
function matchErrorField(plan: ImportPlan): string {
  const field = matchFieldOf(plan);
  return field ? fieldErrorName(field) : MATCH_BY_ID;
}

interface Update {
  row: ConvertedRow;
  existing: StoredRecord;
}

/**
 * Splits the rows of an update or upsert into those that change a record (locked when `lock`: the batch writes them)
 * and those that make a new one.
 */
async function findRecords(
  trx: Db,
  plan: ImportPlan,
  rows: ConvertedRow[],
  lock: boolean,
): Promise<{ updates: Update[]; creates: ConvertedRow[] }> {
  const updates: Update[] = [];
  const creates: ConvertedRow[] = [];
  const field = matchFieldOf(plan);
  const keyOf = (value: unknown) => (field ? writes.valueKey(field, value) : String(value).toLowerCase());
  const seen = new Set<string>();
  const looked: { row: ConvertedRow; key: string }[] = [];
  for (const row of rows) {
    const value = matchValue(plan, row);
    if (value === null) {
      if (plan.mode === "upsert") creates.push(row);
      else row.errors.push({ field: matchErrorField(plan), message: bulkDataTexts.recordNotFound });
      continue;
    }
    if (plan.matchField === MATCH_BY_ID && !isUuid(String(value))) {
      row.errors.push({ field: MATCH_BY_ID, message: bulkDataTexts.recordNotFound });
      continue;
    }
    const key = keyOf(value);
    if (seen.has(key)) {
      row.errors.push({ field: matchErrorField(plan), message: bulkDataTexts.duplicateInFile });
      continue;
    }
    seen.add(key);
    looked.push({ row, key });
  }
  const column = plan.matchField === MATCH_BY_ID ? "id" : (plan.matchField as string);
  const existing = await writes.recordsByValues(
    trx,
    plan.entity,
    column,
    looked.map(({ row }) => matchValue(plan, row)),
    lock,
  );
  const byKey = new Map(existing.map((record) => [keyOf(record[column]), record]));
  for (const { row, key } of looked) {
    const record = byKey.get(key);
    if (record) updates.push({ row, existing: record });
    // A new record cannot take an id of the file's: ids are the workspace's own.
    else if (plan.mode === "upsert" && plan.matchField !== MATCH_BY_ID) creates.push(row);
    else row.errors.push({ field: matchErrorField(plan), message: bulkDataTexts.recordNotFound });
  }
  return { updates, creates };
}

/**
 * Unique fields, for the whole batch with one query each: a value an earlier row of the batch has, or that another
 * record holds, refuses the row. Earlier batches are committed, so their values are found in the table; values
 * written meanwhile by others are caught by the unique index, which refuses the batch's INSERT (the caller then
 * writes the batch row by row).
 */
async function checkUnique(
  trx: Db,
  plan: ImportPlan,
  candidates: { row: ConvertedRow; selfId: string | null }[],
): Promise<void> {
  for (const field of plan.entity.fields) {
    if (!field.unique || !field.active) continue;
    const seen = new Set<string>();
    const checked: typeof candidates = [];
    for (const candidate of candidates) {
      const value = candidate.row.values[field.key];
      if (value === null || value === undefined || candidate.row.errors.length > 0) continue;
      const key = writes.valueKey(field, value);
      if (seen.has(key)) {
        candidate.row.errors.push({ field: fieldErrorName(field), message: bulkDataTexts.duplicateInFile });
        continue;
      }
      seen.add(key);
      checked.push(candidate);
    }
    const holders = await writes.holdersOf(
      trx,
      plan.entity,
      field,
      checked.map(({ row }) => row.values[field.key]),
    );
    for (const { row, selfId } of checked) {
      const value = row.values[field.key];
      const holder = holders.get(writes.valueKey(field, value));
      if (holder && holder !== selfId)
        row.errors.push({ field: fieldErrorName(field), message: duplicateMessage(String(value)) });
    }
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Writes a batch of converted rows in the caller's transaction: new records in one INSERT, changed ones in one UPDATE,
 * their history rows in one INSERT. Imports tell no one of each record (no per-record notifications): a file of a
 * million rows would bury the assignees' notifications, and the importer is told once, when it ends.
 */
/**
 * What the database says of a batch's rows, as errors on them: the records an update finds (locked when `lock`), an
 * upsert's new records checked whole, and unique values. Returns the rows that make records and those that change one.
 */
async function checkAgainstRecords(
  trx: Db,
  plan: ImportPlan,
  rows: ConvertedRow[],
  lock: boolean,
): Promise<{ updates: Update[]; creates: ConvertedRow[] }> {
  const valid = rows.filter((row) => row.errors.length === 0);
  let updates: Update[] = [];
  let creates = valid;
  if (plan.mode !== "create") ({ updates, creates } = await findRecords(trx, plan, valid, lock));
  if (plan.mode === "upsert") for (const row of creates) validateRow(plan, row, true);

  await checkUnique(trx, plan, [
    ...creates.map((row) => ({ row, selfId: null })),
    ...updates.map(({ row, existing }) => ({ row, selfId: existing.id })),
  ]);
  return {
    creates: creates.filter((row) => row.errors.length === 0),
    updates: updates.filter(({ row }) => row.errors.length === 0),
  };
}

/**
 * A batch's rows checked as `writeBatch` would check them, writing and locking nothing: the check of a whole file
 * before its import (each row's errors are left on it). The database may change before the import; the import checks
 * again.
 */
export async function checkBatch(db: Db, plan: ImportPlan, rows: ConvertedRow[]): Promise<void> {
  await checkAgainstRecords(db, plan, rows, false);
}

export async function writeBatch(
  trx: Transaction<Database>,
  plan: ImportPlan,
  rows: ConvertedRow[],
  actorId: string,
): Promise<BatchOutcome> {
  const { creates, updates } = await checkAgainstRecords(trx, plan, rows, true);

  const history: writes.HistoryRow[] = [];
  const inserted = await writes.insertRecords(
    trx,
    plan.entity,
    creates.map((row) => ({ ...row.values, status_id: plan.defaultStatusId })),
    actorId,
  );
  for (const record of inserted) {
    history.push({ record_id: record.id, action: "create", before: null, after: toDto(plan.entity, record).values });
  }

  const changes = new Map<string, { before: Record<string, unknown>; keys: string[] }>();
  for (const { row, existing } of updates) {
    const before = toDto(plan.entity, existing).values;
    const keys = Object.keys(row.values).filter((key) => !same(before[key], row.values[key]));
    if (keys.length > 0) changes.set(existing.id, { before, keys });
  }
  const changedRows = updates.filter(({ existing }) => changes.has(existing.id));
  const mappedKeys = [...new Set(changedRows.flatMap(({ row }) => Object.keys(row.values)))];
  const updated = await writes.updateRecords(
    trx,
    plan.entity,
    changedRows.map(({ row, existing }) => ({ id: existing.id, values: row.values })),
    mappedKeys,
    actorId,
  );
  for (const record of updated) {
    const change = changes.get(record.id);
    if (!change) continue;
    const after = toDto(plan.entity, record).values;
    history.push({
      record_id: record.id,
      action: "update",
      before: Object.fromEntries(change.keys.map((key) => [key, change.before[key] ?? null])),
      after: Object.fromEntries(change.keys.map((key) => [key, after[key] ?? null])),
    });
  }
  await writes.insertHistory(trx, plan.entity, actorId, history);

  return {
    created: inserted.length,
    updated: updated.length,
    unchanged: updates.length - changedRows.length,
    failed: rows
      .filter((row) => row.errors.length > 0)
      .map((row) => ({ rowNumber: row.rowNumber, cells: row.cells.map(storedCell), errors: row.errors })),
  };
}
