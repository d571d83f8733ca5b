import { z } from "zod";
import { PAGE_SIZE_MAX } from "./records.ts";
import {
  recordConnectionsSchema,
  relationshipChangeSchema,
  relationshipInputSchema,
  relationshipSchema,
} from "./relationships.ts";
import { apiRoute } from "./route.ts";

const tags = ["relationships"];
const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const idParams = z.object({ id: z.string().max(64) });
const recordParams = z.object({ schema: key, table: key, id: z.string().max(64) });

/** Relationships between entities (spec §3) and a record's connections through them. */
export const relationshipsApi = {
  list: apiRoute({
    method: "GET",
    path: "/relationships",
    tags,
    summary: "Every relationship, built-in and custom, with how many links each has (settings)",
    response: { 200: z.array(relationshipSchema) },
  }),
  get: apiRoute({
    method: "GET",
    path: "/relationships/:id",
    tags,
    summary: "One relationship",
    params: idParams,
    response: { 200: relationshipSchema },
  }),
  create: apiRoute({
    method: "POST",
    path: "/relationships",
    tags,
    summary: "Relate two entities (one-to-one, one-to-many, many-to-one, many-to-many), with a link table of its own",
    body: relationshipInputSchema,
    response: { 201: relationshipSchema },
  }),
  change: apiRoute({
    method: "PUT",
    path: "/relationships/:id",
    tags,
    summary: "Change a relationship's labels, names, visibility and favorite flag; its entities and type stay",
    params: idParams,
    body: relationshipChangeSchema,
    response: { 200: relationshipSchema },
  }),
  delete: apiRoute({
    method: "DELETE",
    path: "/relationships/:id",
    tags,
    summary:
      'Delete a relationship no records are linked by ("Failed to delete. This relationship is currently in use.")',
    params: idParams,
    response: { 204: z.null() },
  }),
  connections: apiRoute({
    method: "GET",
    path: "/data/connections/:schema/:table/:id",
    tags,
    summary:
      "A record's connections: each relationship shown to the user, with the newest linked records and the count; or a page of one relationship's (`relationship`)",
    params: recordParams,
    querystring: z.object({
      relationship: z.uuid().optional(),
      page: z.coerce.number().int().min(0).max(100_000).default(0),
      size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
    }),
    response: { 200: recordConnectionsSchema },
  }),
  relatedCustomEntities: apiRoute({
    method: "GET",
    path: "/data/from/:schema/:table/:id/all_related_custom_entities",
    tags,
    summary: "The custom entities a record is related to, with its linked records of each",
    params: recordParams,
    response: {
      200: z.array(
        recordConnectionsSchema.element.shape.other.extend({
          relationshipId: z.string(),
          totalElements: z.number().int(),
          records: z.array(z.object({ uuid: z.string(), rowName: z.string() })),
        }),
      ),
    },
  }),
};
