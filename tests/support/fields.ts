import type { FieldDefinition, FieldType } from "../../server/contract/fields.ts";

/** A field definition for tests: an optional, active, built-in field of the type, changed by `overrides`. */
export function fieldOf(type: FieldType, overrides: Partial<FieldDefinition> = {}): FieldDefinition {
  return {
    key: "value",
    labelEn: "Value",
    labelNb: "Verdi",
    type,
    required: false,
    unique: false,
    active: true,
    builtIn: true,
    customField: false,
    partOfName: false,
    searchable: false,
    favorite: false,
    settings: {},
    ...overrides,
  };
}
