import { z } from "zod";
import { overviewBlockListSchema } from "./overview-blocks.ts";
import { apiRoute } from "./route.ts";

const tags = ["overview blocks"];
const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const entityParams = z.object({ schema: key, table: key });

/** Which blocks each entity's 360-overview shows, in which order (spec §2 expanded-entity-overview-widgets). */
export const overviewBlocksApi = {
  get: apiRoute({
    method: "GET",
    path: "/overview_blocks/:schema/:table",
    tags,
    summary: "The blocks a record's overview shows, in order, with whether each is shown",
    params: entityParams,
    response: { 200: overviewBlockListSchema },
  }),
  save: apiRoute({
    method: "PUT",
    path: "/overview_blocks/:schema/:table",
    tags,
    summary:
      "Order an entity's overview blocks: every block that applies to it once, in order, the fields first and shown",
    params: entityParams,
    body: overviewBlockListSchema,
    response: { 200: overviewBlockListSchema },
  }),
};
