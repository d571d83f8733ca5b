import { z } from "zod";
import {
  entityInfoSchema,
  fieldKeysQuery,
  HISTORY_SIZE_DEFAULT,
  listFilterQuery,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  recordInputSchema,
  recordPageSchema,
  recordSchema,
  transactionPageSchema,
} from "./records.ts";
import { apiRoute } from "./route.ts";

const tags = ["records"];
const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const entityParams = z.object({ schema: key, entity: key });
const recordParams = entityParams.extend({ id: z.string().max(64) });

// Loose: the filters come as filter.<key>, one parameter per field.
const listQuery = z.looseObject({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  ...listFilterQuery,
  fields: fieldKeysQuery,
});

/** The generic resource service: every entity's records at /api/{schema}/{entity}, and each record's history. */
export const recordsApi = {
  history: apiRoute({
    method: "GET",
    path: "/data_feed/:schema/:entity",
    tags,
    summary: "History of one record (newest first)",
    params: entityParams,
    querystring: z.object({
      // Accepts id=<uuid> and the filter form id==<uuid>.
      id: z
        .string()
        .max(80)
        .transform((value) => value.replace(/^=/, "")),
      page: z.coerce.number().int().min(0).default(0),
      size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(HISTORY_SIZE_DEFAULT),
    }),
    response: { 200: transactionPageSchema },
  }),
  info: apiRoute({
    method: "GET",
    path: "/:schema/:entity/info",
    tags,
    summary: "An entity's fields",
    params: entityParams,
    response: { 200: entityInfoSchema },
  }),
  list: apiRoute({
    method: "GET",
    path: "/:schema/:entity",
    tags,
    summary:
      "A page of records: page from 0, size, sort=key,asc|desc, q (3+ characters), filter.<key>=value (from..to for dates and numbers), open=true (not in a closed status), overdue=YYYY-MM-DD|true (open and due before that day), fields=a,b (the values to return), connections=true (each row's linked records)",
    params: entityParams,
    querystring: listQuery,
    response: { 200: recordPageSchema },
  }),
  get: apiRoute({
    method: "GET",
    path: "/:schema/:entity/:id",
    tags,
    summary: "One record",
    params: recordParams,
    response: { 200: recordSchema },
  }),
  create: apiRoute({
    method: "POST",
    path: "/:schema/:entity",
    tags,
    summary: "Create a record",
    params: entityParams,
    body: recordInputSchema,
    response: { 201: recordSchema },
  }),
  replace: apiRoute({
    method: "PUT",
    path: "/:schema/:entity/:id",
    tags,
    summary: "Replace a record's values",
    params: recordParams,
    body: recordInputSchema,
    response: { 200: recordSchema },
  }),
  change: apiRoute({
    method: "PATCH",
    path: "/:schema/:entity/:id",
    tags,
    summary: "Change some of a record's values",
    params: recordParams,
    body: recordInputSchema,
    response: { 200: recordSchema },
  }),
  delete: apiRoute({
    method: "DELETE",
    path: "/:schema/:entity/:id",
    tags,
    summary: "Delete a record",
    params: recordParams,
    response: { 204: z.null() },
  }),
};
