import { z } from "zod";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, recordSchema } from "./records.ts";
import { apiRoute } from "./route.ts";

const tags = ["connections"];
const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);

const linkSchema = z.looseObject({ uuid: z.string(), role: z.string() });

/** Links between records (such as a contact's role at a company). */
export const linksApi = {
  linkedRecords: apiRoute({
    method: "GET",
    path: "/data/from/:schema/:table/of/:ownerTable/:ownerId",
    tags,
    summary: "Records of one entity linked to a record of another, with each link's role",
    params: z.object({ schema: key, table: key, ownerTable: key, ownerId: z.string().max(64) }),
    querystring: z.object({
      page: z.coerce.number().int().min(0).default(0),
      size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    }),
    response: {
      200: z.object({
        content: z.array(z.object({ link: linkSchema, record: recordSchema })),
        totalElements: z.number().int(),
        page: z.number().int(),
        size: z.number().int(),
      }),
    },
  }),
  link: apiRoute({
    method: "POST",
    path: "/data/links/:schema/:table",
    tags,
    summary: "Link two records with a role (side 1 and side 2 as the relationship defines them)",
    params: z.object({ schema: key, table: key }),
    body: z.object({ id1: z.string().max(64), id2: z.string().max(64), role: z.string().max(255).nullish() }),
    response: { 201: linkSchema },
  }),
  unlink: apiRoute({
    method: "DELETE",
    path: "/data/links/:schema/:table/:id",
    tags,
    summary: "Remove a link",
    params: z.object({ schema: key, table: key, id: z.string().max(64) }),
    response: { 204: z.null() },
  }),
};
