import { z } from "zod";
import { RECENT_SIZE_DEFAULT, RECENT_SIZE_MAX, recentRecordSchema } from "./recent.ts";
import { apiRoute } from "./route.ts";

/** The records the signed-in user changed last: the home page's "recently changed". */
export const recentApi = {
  records: apiRoute({
    method: "GET",
    path: "/me/recent",
    tags: ["current user"],
    summary:
      "The records the signed-in user changed last, newest first, one entry each; deleted ones and entities the user may not read are left out",
    querystring: z.object({
      size: z.coerce.number().int().min(1).max(RECENT_SIZE_MAX).default(RECENT_SIZE_DEFAULT),
    }),
    response: { 200: z.array(recentRecordSchema) },
  }),
};
