import { z } from "zod";
import { overviewBlockListSchema } from "./overview-blocks.ts";
import { settingApi } from "./setting-api.ts";

const tags = ["overview blocks"];
const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const entityParams = z.object({ schema: key, table: key });

const blocks = settingApi({
  path: "/overview_blocks/:schema/:table",
  tags,
  params: entityParams,
  schema: overviewBlockListSchema,
  read: "The blocks a record's overview shows, in order, with whether each is shown",
  save: "Order an entity's overview blocks: every block that applies to it once, in order, the fields first and shown",
});

/** Which blocks each entity's 360-overview shows, in which order (spec §2 expanded-entity-overview-widgets). */
export const overviewBlocksApi = { get: blocks.read, save: blocks.save };
