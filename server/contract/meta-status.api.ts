import { z } from "zod";
import {
  metaStatusEntitySchema,
  metaStatusInputSchema,
  metaStatusKindSchema,
  metaStatusSettingSchema,
} from "./meta-status.ts";
import { metaStatusSchema } from "./records.ts";
import { apiRoute } from "./route.ts";

const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const tags = ["statuses"];
const kindParams = z.object({ kind: metaStatusKindSchema });
const valueParams = z.object({ kind: metaStatusKindSchema, id: z.string().max(64) });
const entityParams = z.object({ schema: key, table: key });

/**
 * Statuses, priorities, categories and sources (meta statuses, spec §7 /api/metastatus): an entity's active ones for
 * its forms and lists, and the generic service on /metastatus/{kind} by which the settings keep them.
 */
export const metaStatusApi = {
  listSettings: apiRoute({
    method: "GET",
    path: "/metastatus/:kind",
    tags,
    summary: "Every status (or priority, category, source) with inactive ones, of one entity or all (settings)",
    params: kindParams,
    querystring: z.object({ schema: key.optional(), table: key.optional() }),
    response: { 200: z.array(metaStatusSettingSchema) },
  }),
  entities: apiRoute({
    method: "GET",
    path: "/metastatus/:kind/entities",
    tags,
    summary: "The entities that have statuses (or priorities, categories, sources), for the settings",
    params: kindParams,
    response: { 200: z.array(metaStatusEntitySchema) },
  }),
  create: apiRoute({
    method: "POST",
    path: "/metastatus/:kind",
    tags,
    summary: "Add a status (or priority, category, source) to an entity; a new default replaces the old one",
    params: kindParams,
    body: z.intersection(metaStatusInputSchema, z.object({ schema: key, table: key })),
    response: { 201: metaStatusSettingSchema },
  }),
  change: apiRoute({
    method: "PUT",
    path: "/metastatus/:kind/:id",
    tags,
    summary: "Change a status (or priority, category, source); a default must be active",
    params: valueParams,
    body: metaStatusInputSchema,
    response: { 200: metaStatusSettingSchema },
  }),
  delete: apiRoute({
    method: "DELETE",
    path: "/metastatus/:kind/:id",
    tags,
    summary: "Delete an inactive status (or priority, category, source) that is not the default and no record holds",
    params: valueParams,
    response: { 204: z.null() },
  }),
  ofEntity: apiRoute({
    method: "GET",
    path: "/metastatus/:schema/:table",
    tags,
    summary: "An entity's statuses, or with kind its priorities (in rank order), categories or sources",
    params: entityParams,
    querystring: z.object({ kind: metaStatusKindSchema.default("status") }),
    response: { 200: z.array(metaStatusSchema) },
  }),
  categories: apiRoute({
    method: "GET",
    path: "/metastatus/category/:schema/:table",
    tags,
    summary: "An entity's categories",
    params: entityParams,
    response: { 200: z.array(metaStatusSchema) },
  }),
  autocomplete: apiRoute({
    method: "GET",
    path: "/metastatus/:schema/:table/autocomplete",
    tags,
    summary: "An entity's categories (or another kind) whose name holds the query (3+ characters, trimmed)",
    params: entityParams,
    querystring: z.object({
      query: z.string().max(255).default(""),
      kind: metaStatusKindSchema.default("category"),
    }),
    response: { 200: z.array(metaStatusSchema) },
  }),
  entityDefault: apiRoute({
    method: "GET",
    path: "/metastatus/default/:schema/:table",
    tags,
    summary: "An entity's default status (or, with kind, its default priority, category or source)",
    params: entityParams,
    querystring: z.object({ kind: metaStatusKindSchema.default("status") }),
    response: { 200: metaStatusSchema },
  }),
  ofRecord: apiRoute({
    method: "GET",
    path: "/metastatus/:schema/:table/:id/get",
    tags,
    summary: "A record's status",
    params: z.object({ schema: key, table: key, id: z.string().max(64) }),
    response: { 200: metaStatusSchema.nullable() },
  }),
};
