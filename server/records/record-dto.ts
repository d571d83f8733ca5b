import { type FieldDefinition, fieldValues } from "../contract/fields.ts";
import type { RecordDto } from "../contract/records.ts";
import type { EntityMetadata } from "./metadata.repository.ts";
import type { StoredRecord } from "./records.repository.ts";

/** A stored value as the record calls give it. */
export function outputValue(field: FieldDefinition, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case "Number":
    case "Percent":
      return Number(value);
    case "DateTime":
      return value instanceof Date ? value.toISOString() : String(value);
    default:
      return value;
  }
}

export function valuesOf(entity: EntityMetadata, row: StoredRecord): Record<string, unknown> {
  const values = fieldValues();
  for (const field of entity.fields) {
    if (field.active && Object.hasOwn(row, field.key)) values[field.key] = outputValue(field, row[field.key]);
  }
  return values;
}

export function rowName(entity: EntityMetadata, values: Record<string, unknown>): string {
  return entity.fields
    .filter((field) => field.partOfName)
    .map((field) => values[field.key])
    .filter((value) => value !== null && value !== undefined && value !== "")
    .join(" ");
}

export function toDto(entity: EntityMetadata, row: StoredRecord): RecordDto {
  const values = valuesOf(entity, row);
  return {
    uuid: row.id,
    statusId: row.status_id ?? null,
    rowName: rowName(entity, values),
    values,
    connections: [],
    favoriteConnections: [],
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
