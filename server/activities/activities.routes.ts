import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ACTIVITY_PAGE_SIZE, activityKinds, activityPageSchema } from "../contract/activities.ts";
import { PAGE_SIZE_MAX } from "../contract/records.ts";
import * as service from "./activities.service.ts";

const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);

/** A record's activities timeline. */
export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/activities/:schema/:table/:id",
    {
      schema: {
        tags: ["activities"],
        summary:
          "A record's timeline, newest first: notes and documents on it, inquiries and to-dos linked to it, its history; kind=note,document,inquiry,todo,history narrows it",
        security: [{ bearer: [] }],
        params: z.object({ schema: key, table: key, id: z.string().max(64) }),
        querystring: z.object({
          page: z.coerce.number().int().min(0).default(0),
          size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(ACTIVITY_PAGE_SIZE),
          kind: z
            .string()
            .max(100)
            .transform((text) => text.split(",").map((kind) => kind.trim()))
            .pipe(z.array(z.enum(activityKinds)))
            .optional(),
        }),
        response: { 200: activityPageSchema },
      },
    },
    async (request) => {
      const { schema, table, id } = request.params;
      const { page, size, kind } = request.query;
      return service.activitiesOf(
        app.db,
        request.actor,
        { schemaKey: schema, tableKey: table, uuidKey: id },
        { kinds: kind, page, size },
      );
    },
  );
};
