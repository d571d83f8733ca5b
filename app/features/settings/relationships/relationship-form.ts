import type { DefaultValue } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { messages } from "../../../../server/contract/messages.ts";
import {
  type RelationshipDto,
  type RelationshipInput,
  relationshipChangeSchema,
  relationshipInputSchema,
  relationshipTypes,
} from "../../../../server/contract/relationships.ts";
import { coerceWithCheckboxes, requiredErrors } from "../../../utils/form-errors.ts";

/** A group a side may be shown to. */
export interface GroupOption {
  uuid: string;
  name: string;
}

/** How the form and the URL name an entity: its schema and table, "crm.company". */
const ENTITY = /^([a-z][a-z0-9_]{0,62})\.([a-z][a-z0-9_]{0,62})$/;

export function splitEntity(value: string | null | undefined): { schemaKey: string; tableKey: string } | null {
  const [, schemaKey, tableKey] = ENTITY.exec(value ?? "") ?? [];
  return schemaKey && tableKey ? { schemaKey, tableKey } : null;
}

/**
 * A new relationship as the form has it: the contract's schema, with each side's entity as one select ("crm.company")
 * in place of its schema and table, and a type not chosen yet as missing rather than not one of the options.
 */
export const newRelationshipFormSchema = relationshipInputSchema
  .omit({ schema1: true, key1: true, schema2: true, key2: true })
  .extend({
    entity1: z.string().regex(ENTITY, messages.notAnOption),
    entity2: z.string().regex(ENTITY, messages.notAnOption),
    type: z.enum(relationshipTypes, {
      error: (issue) => (issue.input === undefined ? messages.required : messages.notAnOption),
    }),
  });

export type NewRelationshipFormValue = z.input<typeof newRelationshipFormSchema>;
export type RelationshipChangeFormValue = z.input<typeof relationshipChangeSchema>;

const newSchema = coerceWithCheckboxes(newRelationshipFormSchema);
const changeSchema = coerceWithCheckboxes(relationshipChangeSchema);

/** The new relationship form, read by the contract's schema: the same in the browser and in the action. */
export function parseNewRelationshipForm(formData: FormData) {
  return parseWithZod(formData, { schema: newSchema, disableAutoCoercion: true, error: requiredErrors });
}

/** The edit form: what may change on a relationship, read by the contract's schema for a change. */
export function parseRelationshipChangeForm(formData: FormData) {
  return parseWithZod(formData, { schema: changeSchema, disableAutoCoercion: true, error: requiredErrors });
}

/** The body the API takes for a new relationship: the form's values with each entity split into schema and table. */
export function toRelationshipInput(value: z.output<typeof newRelationshipFormSchema>): RelationshipInput {
  const { entity1, entity2, ...rest } = value;
  const side1 = splitEntity(entity1);
  const side2 = splitEntity(entity2);
  if (!side1 || !side2) throw new Error("The form's schema lets only entities through");
  return { ...rest, schema1: side1.schemaKey, key1: side1.tableKey, schema2: side2.schemaKey, key2: side2.tableKey };
}

/**
 * The API names a side's entity by its schema and table, and a group of a list by its index ("visibleGroups1.0"); the
 * form has one select per entity and one list of groups.
 */
export function formFieldOf(apiField: string): string {
  const field = apiField.replace(/\.\d+$/, "");
  if (field === "schema1" || field === "key1") return "entity1";
  if (field === "schema2" || field === "key2") return "entity2";
  return field;
}

/** A new relationship starts visible on both sides, to everyone, and not a favorite; a filtered list's entity first. */
export function newRelationshipDefaults(entity?: string): DefaultValue<NewRelationshipFormValue> {
  return {
    entity1: entity ?? "",
    entity2: "",
    visible1: true,
    visible2: true,
    visibleGroups1: [],
    visibleGroups2: [],
    favorite: false,
  };
}

export function relationshipChangeDefaults(relationship: RelationshipDto): DefaultValue<RelationshipChangeFormValue> {
  return {
    label1En: relationship.label1En,
    label1Nb: relationship.label1Nb,
    label2En: relationship.label2En,
    label2Nb: relationship.label2Nb,
    name1En: relationship.name1En,
    name1Nb: relationship.name1Nb,
    name2En: relationship.name2En,
    name2Nb: relationship.name2Nb,
    visible1: relationship.visible1,
    visible2: relationship.visible2,
    visibleGroups1: relationship.visibleGroups1,
    visibleGroups2: relationship.visibleGroups2,
    favorite: relationship.favorite,
  };
}
