import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import {
  type QueryDefinition,
  type QueryType,
  queryTypes,
  type SavedQueryInput,
  savedQueryInputSchema,
} from "../../../server/contract/advanced-search.ts";
import { messages } from "../../../server/contract/messages.ts";
import { errorsOnForm, issuesOnForm } from "../../utils/form-errors.ts";

export const QUERY_FORM_ID = "query-form";

/**
 * The builder's form names. The definition is the contract's (`savedQueryInputSchema`), but the form lets the user
 * pick an entity as one choice ("crm.company"), a join as one choice ("crm.company|crm.contact": from an entity of
 * the query to a related one), the fields as checkboxes and the sort as one field of any entity
 * ("crm.company.name"). Before the contract's schema reads the form, these are spelled out as the contract names them:
 * the main entity is `entities[0]`, each joined entity `entities[k]` with its join `joins[k - 1]`.
 */
export type BuilderEntityForm = {
  /** The main entity (`entities[0]` only). */
  entity?: string;
  /** "from|to" (joined entities). */
  join?: string;
  /** How it is joined (joined entities): "INNER" unless "LEFT OUTER" is chosen. */
  joinType?: string;
  fields?: string[];
  filters?: { field?: string; operation?: string; paramValue?: string }[];
  dateFilter?: { field?: string; from?: string; to?: string };
};

export type BuilderForm = {
  name?: string;
  description?: string;
  queryType?: QueryType;
  definition?: {
    entities?: BuilderEntityForm[];
    sort?: { field?: string; direction?: string };
  };
};

const ENTITY = /^([a-z][a-z0-9_]{0,62})\.([a-z][a-z0-9_]{0,62})$/;

function splitEntity(value: unknown): { schemaName?: string; tableName?: string } {
  const match = typeof value === "string" ? ENTITY.exec(value) : null;
  return match ? { schemaName: match[1], tableName: match[2] } : {};
}

function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null || value === "" ? [] : [value];
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The form's choices spelled out as the contract's definition names them. */
export function definitionOfForm(value: unknown): unknown {
  const definition = record(value);
  const entities = asList(definition.entities).map(record);
  const joins: Record<string, unknown>[] = [];
  const spelled = entities.map((entity, index) => {
    let names: { schemaName?: string; tableName?: string };
    if (index === 0) names = splitEntity(entity.entity);
    else {
      const [from, to] = String(entity.join ?? "").split("|");
      const one = splitEntity(from);
      names = splitEntity(to);
      joins.push({
        schema1Name: one.schemaName,
        table1Name: one.tableName,
        joinType: entity.joinType || "INNER",
        schema2Name: names.schemaName,
        table2Name: names.tableName,
      });
    }
    const dateFilter = record(entity.dateFilter);
    const filters = asList(entity.filters)
      .map(record)
      .map((filter) => ({ ...filter, paramValue: filter.paramValue === "" ? undefined : filter.paramValue }));
    return {
      ...names,
      selectedFields: asList(entity.fields).map((key) => ({ key })),
      filters,
      dateFilter: dateFilter.field || dateFilter.from || dateFilter.to ? dateFilter : undefined,
    };
  });
  const sort = record(definition.sort);
  const match = typeof sort.field === "string" ? /^([^.]+)\.([^.]+)\.([^.]+)$/.exec(sort.field) : null;
  return {
    entities: spelled,
    joins,
    sort: match
      ? { schemaName: match[1], tableName: match[2], field: match[3], direction: sort.direction || "asc" }
      : undefined,
  };
}

const savedQueryFormSchema = savedQueryInputSchema.extend({
  queryType: z.enum(queryTypes, { error: messages.required }),
});

/**
 * One schema for the builder's action and the browser: the contract's saved query and which kind it is, read from the
 * form's choices, its errors named as the form's fields (see `formFieldName`).
 */
export const builderSchema = z.unknown().transform((value, ctx) => {
  const form = record(value);
  const result = savedQueryFormSchema.safeParse({ ...form, definition: definitionOfForm(form.definition) });
  if (result.success) return result.data;
  for (const issue of issuesOnForm(result.error.issues, formFieldName)) ctx.addIssue({ code: "custom", ...issue });
  return z.NEVER;
});

/** Only the query's own fields for the browser's constraints (required, lengths). */
export const builderConstraintSchema = savedQueryInputSchema.pick({ name: true, description: true });

/**
 * Where an error of the contract's names shows in the form: on the choice that made the name (an entity's or a
 * join's choice, the fields' checkboxes, the sort's field).
 */
export function formFieldName(apiName: string): string {
  // The API names a list's item by its index after a dot (`entities.0.tableName`), Conform in brackets.
  const name = apiName.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
  const path = /^(?:definition\.)?(entities|joins|sort)(.*)$/.exec(name);
  if (!path) return name;
  const [, part, rest] = path;
  if (part === "entities") {
    const entity = /^\[(\d+)\]\.?(\w*)(.*)$/.exec(rest);
    if (!entity) return `definition.entities${rest}`;
    const [, index, field, more] = entity;
    if (field === "schemaName" || field === "tableName") {
      return `definition.entities[${index}].${index === "0" ? "entity" : "join"}`;
    }
    if (field === "selectedFields") return `definition.entities[${index}].fields`;
    return `definition.entities[${index}]${field ? `.${field}` : ""}${more}`;
  }
  if (part === "joins") {
    const join = /^\[(\d+)\]/.exec(rest);
    return join ? `definition.entities[${Number(join[1]) + 1}].join` : "definition.entities";
  }
  return rest.startsWith(".direction") ? "definition.sort.direction" : "definition.sort.field";
}

/** Errors by the form's names, first message of each kept. */
export function formErrors(errors: Record<string, string[] | null> | null | undefined): Record<string, string[]> {
  return errorsOnForm(errors, formFieldName);
}

/** The builder's form read by the schema, its errors on the form's names. */
export function parseBuilderForm(formData: FormData) {
  return parseWithZod(formData, { schema: builderSchema });
}

export type BuilderValue = SavedQueryInput & { queryType: QueryType };
export type BuilderResult = SubmissionResult<string[]>;

/** A saved definition as the form's values, for edit and for "save as new". */
export function formOfDefinition(definition: QueryDefinition): NonNullable<BuilderForm["definition"]> {
  const names = definition.entities.map((entity) => `${entity.schemaName}.${entity.tableName}`);
  return {
    entities: definition.entities.map((entity, index) => {
      const name = names[index];
      // The join that reaches this entity from one before it.
      const earlier = names.slice(0, index);
      let joinValue: string | undefined;
      let joinType: string | undefined;
      for (const item of index > 0 ? definition.joins : []) {
        const one = `${item.schema1Name}.${item.table1Name}`;
        const two = `${item.schema2Name}.${item.table2Name}`;
        if (two === name && earlier.includes(one)) joinValue = `${one}|${two}`;
        else if (one === name && earlier.includes(two)) joinValue = `${two}|${one}`;
        joinType = item.joinType;
        if (joinValue) break;
      }
      return {
        ...(index === 0 ? { entity: name } : { join: joinValue, joinType }),
        fields: entity.selectedFields.map((field) => field.key),
        filters: entity.filters.map((filter) => ({
          field: filter.field,
          operation: filter.operation,
          paramValue: filter.paramValue ?? "",
        })),
        dateFilter: entity.dateFilter
          ? { field: entity.dateFilter.field ?? "", from: entity.dateFilter.from ?? "", to: entity.dateFilter.to ?? "" }
          : undefined,
      };
    }),
    sort: definition.sort?.field
      ? {
          field: `${definition.sort.schemaName}.${definition.sort.tableName}.${definition.sort.field}`,
          direction: definition.sort.direction,
        }
      : undefined,
  };
}
