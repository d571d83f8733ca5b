import { z } from "zod";
import { customEntityInputSchema, customEntitySchema, entityNamesSchema } from "./custom-entities.ts";
import { apiRoute } from "./route.ts";

const tags = ["custom entities"];
const keyParams = z.object({ key: z.string().max(64) });

/** Custom entities (spec §2 `/custom-entity/{key}`): tables of records an administrator makes at run time. */
export const customEntitiesApi = {
  list: apiRoute({
    method: "GET",
    path: "/custom_entities",
    tags,
    summary: "Every custom entity, with its number of custom fields and records (settings)",
    response: { 200: z.array(customEntitySchema) },
  }),
  get: apiRoute({
    method: "GET",
    path: "/custom_entities/:key",
    tags,
    summary: "One custom entity",
    params: keyParams,
    response: { 200: customEntitySchema },
  }),
  create: apiRoute({
    method: "POST",
    path: "/custom_entities",
    tags,
    summary:
      "Make a custom entity: its table in custom_schema and its first custom fields (at least one), in one transaction",
    body: customEntityInputSchema,
    response: { 201: customEntitySchema },
  }),
  rename: apiRoute({
    method: "PUT",
    path: "/custom_entities/:key",
    tags,
    summary: "Rename a custom entity or change its icon",
    params: keyParams,
    body: entityNamesSchema,
    response: { 200: customEntitySchema },
  }),
  delete: apiRoute({
    method: "DELETE",
    path: "/custom_entities/:key",
    tags,
    summary: 'Delete a custom entity without records, with its table ("This custom entity already have data")',
    params: keyParams,
    response: { 204: z.null() },
  }),
};
