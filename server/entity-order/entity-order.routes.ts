import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { entityOrderFieldSchema, entityOrderInputSchema } from "../contract/entity-order.ts";
import * as service from "./entity-order.service.ts";

const identifier = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const security = [{ bearer: [] }];
const tags = ["entity order"];
const entityParams = z.object({ schema: identifier, table: identifier });

/** The order of an entity's fields (spec §7 entity order), which its forms, record pages and lists follow. */
export const entityOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/entity_order/:schema/:table",
    {
      schema: {
        tags,
        summary: "An entity's fields, standard and custom, inactive ones too, in their order",
        security,
        params: entityParams,
        response: { 200: z.array(entityOrderFieldSchema) },
      },
    },
    async (request) => service.getEntityOrder(app.db, request.actor, request.params.schema, request.params.table),
  );

  app.post(
    "/entity_order/:schema/:table",
    {
      schema: {
        tags,
        summary: "Put an entity's fields in a new order: the body names every field of the entity once",
        security,
        params: entityParams,
        body: entityOrderInputSchema,
        response: { 200: z.array(entityOrderFieldSchema) },
      },
    },
    async (request) => {
      const { schema, table } = request.params;
      return service.setEntityOrder(app.db, request.actor, schema, table, request.body);
    },
  );
};
