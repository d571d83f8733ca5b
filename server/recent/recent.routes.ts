import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { RECENT_SIZE_DEFAULT, RECENT_SIZE_MAX, recentRecordSchema } from "../contract/recent.ts";
import { recentRecords } from "./recent.service.ts";

/** The records the signed-in user changed last: the home page's "recently changed". */
export const recentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/me/recent",
    {
      schema: {
        tags: ["current user"],
        summary:
          "The records the signed-in user changed last, newest first, one entry each; deleted ones and entities the user may not read are left out",
        security: [{ bearer: [] }],
        querystring: z.object({
          size: z.coerce.number().int().min(1).max(RECENT_SIZE_MAX).default(RECENT_SIZE_DEFAULT),
        }),
        response: { 200: z.array(recentRecordSchema) },
      },
    },
    async (request) => recentRecords(app.db, request.actor, request.query.size),
  );
};
