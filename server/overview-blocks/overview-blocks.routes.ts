import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { overviewBlockListSchema } from "../contract/overview-blocks.ts";
import * as service from "./overview-blocks.service.ts";

const security = [{ bearer: [] }];
const tags = ["overview blocks"];
const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const entityParams = z.object({ schema: key, table: key });

/** Which blocks each entity's 360-overview shows, in which order (spec §2 expanded-entity-overview-widgets). */
export const overviewBlocksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/overview_blocks/:schema/:table",
    {
      schema: {
        tags,
        summary: "The blocks a record's overview shows, in order, with whether each is shown",
        security,
        params: entityParams,
        response: { 200: overviewBlockListSchema },
      },
    },
    async (request) => service.overviewBlocks(app.db, request.actor, request.params.schema, request.params.table),
  );

  app.put(
    "/overview_blocks/:schema/:table",
    {
      schema: {
        tags,
        summary:
          "Order an entity's overview blocks: every block that applies to it once, in order, the fields first and shown",
        security,
        params: entityParams,
        body: overviewBlockListSchema,
        response: { 200: overviewBlockListSchema },
      },
    },
    async (request) =>
      service.saveOverviewBlocks(app.db, request.actor, request.params.schema, request.params.table, request.body),
  );
};
