import { z } from "zod";
import { customFieldInputSchema, fieldEntitySchema, fieldSettingSchema, queryResultSchema } from "./custom-fields.ts";
import { apiRoute } from "./route.ts";

const identifier = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const tags = ["custom fields"];
const entityParams = z.object({ schema: identifier, table: identifier });

/** Custom fields (spec §7 advanced fields): every entity's fields, managed at runtime, and its Query fields run. */
export const fieldsApi = {
  entities: apiRoute({
    method: "GET",
    path: "/advance_field/entities",
    tags,
    summary: "The entities fields may be added to, with their custom fields and column budget",
    response: { 200: z.array(fieldEntitySchema) },
  }),
  listCustom: apiRoute({
    method: "GET",
    path: "/advance_field/:schema/:table",
    tags,
    summary: "An entity's custom fields, inactive ones too, in order",
    params: entityParams,
    response: { 200: z.array(fieldSettingSchema) },
  }),
  listStandard: apiRoute({
    method: "GET",
    path: "/advance_field/:schema/:table/standard_fields",
    tags,
    summary: "An entity's standard fields, which cannot be edited or deactivated",
    params: entityParams,
    response: { 200: z.array(fieldSettingSchema) },
  }),
  get: apiRoute({
    method: "GET",
    path: "/advance_field/:schema/:table/:key",
    tags,
    summary: "One field",
    params: entityParams.extend({ key: z.string().max(64) }),
    response: { 200: fieldSettingSchema },
  }),
  create: apiRoute({
    method: "POST",
    path: "/advance_field/:schema/:table",
    tags,
    summary: "Add a custom field: its column is added in the same transaction, and records use it at once",
    params: entityParams,
    body: customFieldInputSchema,
    response: { 201: fieldSettingSchema },
  }),
  change: apiRoute({
    method: "PUT",
    path: "/advance_field/:schema/:table/:key",
    tags,
    summary: "Change a custom field; its type only while no record holds a value in it",
    params: entityParams.extend({ key: z.string().max(64) }),
    body: customFieldInputSchema,
    response: { 200: fieldSettingSchema },
  }),
  delete: apiRoute({
    method: "DELETE",
    path: "/advance_field/:schema/:table/:id",
    tags,
    summary: "Delete a custom field that no record holds a value in, with its column",
    params: entityParams.extend({ id: z.string().max(64) }),
    response: { 204: z.null() },
  }),
  execute: apiRoute({
    method: "GET",
    path: "/advance_field/:schema/:table/:fieldKey/execute",
    tags,
    summary: 'A Query field\'s rows for one record (read-only, limited); a failing select answers "Query failed."',
    params: entityParams.extend({ fieldKey: z.string().max(64) }),
    querystring: z.object({ id: z.string().max(64) }),
    response: { 200: queryResultSchema },
  }),
  executeMany: apiRoute({
    method: "POST",
    path: "/advance_field/:schema/:table/execute/queries",
    tags,
    summary: "Several Query fields' rows for one record",
    params: entityParams,
    body: z.object({ id: z.string().max(64), keys: z.array(z.string().max(64)).min(1).max(50) }),
    response: { 200: z.array(queryResultSchema) },
  }),
};
