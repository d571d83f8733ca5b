import { z } from "zod";
import { ACTIVITY_PAGE_SIZE, activityKinds, activityPageSchema } from "./activities.ts";
import { PAGE_SIZE_MAX } from "./records.ts";
import { apiRoute } from "./route.ts";

const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);

/** A record's activities timeline. */
export const activitiesApi = {
  ofRecord: apiRoute({
    method: "GET",
    path: "/activities/:schema/:table/:id",
    tags: ["activities"],
    summary:
      "A record's timeline, newest first: notes and documents on it, inquiries and to-dos linked to it, its history; kind=note,document,inquiry,todo,history narrows it",
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
  }),
};
