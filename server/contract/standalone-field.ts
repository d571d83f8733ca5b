import type { FieldDefinition } from "./fields.ts";

/**
 * A field that is no column of an entity (a query's result column, a widget's, a web form's question), so that values
 * are checked and shown by its type as a record's are: active, and none of the entity's own flags. Kept apart from
 * `fields.ts` so that pages which only show values (a dashboard's widgets) load no schema code.
 */
export function standaloneField(
  field: Pick<FieldDefinition, "key" | "labelEn" | "labelNb" | "type"> &
    Partial<Pick<FieldDefinition, "required" | "settings">>,
): FieldDefinition {
  return {
    required: false,
    settings: {},
    ...field,
    unique: false,
    active: true,
    builtIn: false,
    customField: false,
    partOfName: false,
    searchable: false,
    favorite: false,
  };
}
