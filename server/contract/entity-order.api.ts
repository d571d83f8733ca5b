import { z } from "zod";
import { entityOrderFieldSchema, entityOrderInputSchema } from "./entity-order.ts";
import { apiRoute } from "./route.ts";

const identifier = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const tags = ["entity order"];
const entityParams = z.object({ schema: identifier, table: identifier });

/** The order of an entity's fields (spec §7 entity order), which its forms, record pages and lists follow. */
export const entityOrderApi = {
  get: apiRoute({
    method: "GET",
    path: "/entity_order/:schema/:table",
    tags,
    summary: "An entity's fields, standard and custom, inactive ones too, in their order",
    params: entityParams,
    response: { 200: z.array(entityOrderFieldSchema) },
  }),
  set: apiRoute({
    method: "POST",
    path: "/entity_order/:schema/:table",
    tags,
    summary: "Put an entity's fields in a new order: the body names every field of the entity once",
    params: entityParams,
    body: entityOrderInputSchema,
    response: { 200: z.array(entityOrderFieldSchema) },
  }),
};
