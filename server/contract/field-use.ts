import type { FieldDefinition } from "./fields.ts";

/**
 * Where a field is used: on forms, on a record's page, in its table. Apart from the schemas (fields.ts, which
 * re-exports them) so that a record's page uses them without loading Zod before it is interactive.
 */

/** A field a form or a record call may set: active, and not one the product keeps itself. */
export function isWritable(field: Pick<FieldDefinition, "active" | "settings" | "type">): boolean {
  return field.active && !field.settings.readOnly && field.type !== "Query";
}

/** A field a record's form shows: writable, and not hidden by the settings (a new record gets its default). */
export function isOnForms(field: Pick<FieldDefinition, "active" | "settings" | "type">): boolean {
  return isWritable(field) && !field.settings.hidden;
}

/** A field a record's page shows: active and not hidden. */
export function isShown(field: Pick<FieldDefinition, "active" | "settings">): boolean {
  return field.active && !field.settings.hidden;
}

/** A field whose value lives in a column of the record's table (a Query field has none). */
export function isStored(field: Pick<FieldDefinition, "type">): boolean {
  return field.type !== "Query";
}
