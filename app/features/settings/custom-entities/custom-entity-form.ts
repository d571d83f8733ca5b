import type { DefaultValue } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { coerceFormValue } from "@conform-to/zod/v4/future";
import type { z } from "zod";
import {
  type CustomEntity,
  customEntityInputSchema,
  entityNamesSchema,
} from "../../../../server/contract/custom-entities.ts";
import { customFieldTypes } from "../../../../server/contract/custom-fields.ts";
import type { FieldType } from "../../../../server/contract/fields.ts";
import { requiredErrors } from "../../../utils/form-errors.ts";

export type NewEntityFormValue = z.input<typeof customEntityInputSchema>;
export type EntityNamesFormValue = z.input<typeof entityNamesSchema>;

/**
 * The types the first field may have here: those that need only a label and a key. A list needs its options and a
 * Query its select, which the custom fields screen asks for when further fields are added.
 */
export const firstFieldTypes: readonly FieldType[] = customFieldTypes.filter(
  (type) => type !== "List" && type !== "MultiSelect" && type !== "Query",
);

// An unchecked box is absent from the form and so takes the schema's default: false for "part of the name", and true
// for "active", which the form does not show.
const newEntitySchema = coerceFormValue(customEntityInputSchema);
const namesSchema = coerceFormValue(entityNamesSchema);

/** The new entity form, read by the contract's schema: the same in the browser and in the action. */
export function parseNewEntityForm(formData: FormData) {
  return parseWithZod(formData, { schema: newEntitySchema, disableAutoCoercion: true, error: requiredErrors });
}

/** The rename form, read by the contract's schema for an entity's names and icon. */
export function parseEntityNamesForm(formData: FormData) {
  return parseWithZod(formData, { schema: namesSchema, disableAutoCoercion: true, error: requiredErrors });
}

/** A new entity starts with the default icon and one Text field that names its records. */
export function newEntityDefaults(): DefaultValue<NewEntityFormValue> {
  return {
    key: "",
    labelEn: "",
    labelNb: "",
    pluralEn: "",
    pluralNb: "",
    icon: "box",
    fields: [{ key: "", labelEn: "", labelNb: "", type: "Text", partOfName: true }],
  };
}

export function entityNamesDefaults(entity: CustomEntity): DefaultValue<EntityNamesFormValue> {
  return {
    labelEn: entity.labelEn,
    labelNb: entity.labelNb,
    pluralEn: entity.pluralEn,
    pluralNb: entity.pluralNb,
    icon: entity.icon as EntityNamesFormValue["icon"],
  };
}
