import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { entityRefSchema, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, recordSchema } from "../contract/records.ts";
import * as service from "./notes.service.ts";

const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const security = [{ bearer: [] }];
const noteParams = z.object({ id: z.string().max(64) });
const refs = z.array(entityRefSchema).min(1).max(100);

/**
 * Notes attached to records of any entity (spec §3 note_attached_to). Notes themselves are read, created, edited and
 * deleted through the generic record calls at /api/notes/note.
 */
export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/notes/note/:id/attached_to",
    {
      schema: {
        tags: ["notes"],
        summary: "The records a note is attached to (those the user may read), with their names",
        security,
        params: noteParams,
        response: { 200: z.array(entityRefSchema.extend({ rowName: z.string() })) },
      },
    },
    async (request) => service.attachmentsOf(app.db, request.actor, request.params.id),
  );

  app.post(
    "/notes/note/:id/attached_to",
    {
      schema: {
        tags: ["notes"],
        summary:
          'Attach a note to records; one it is attached to already answers "Attachment record already existing."',
        security,
        params: noteParams,
        body: z.object({ attachTo: refs }),
      },
    },
    async (request, reply) => {
      await service.attachNote(app.db, request.actor, request.params.id, request.body.attachTo);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/notes/note/:id/attached_to",
    {
      schema: {
        tags: ["notes"],
        summary: "Detach a note from records",
        security,
        params: noteParams,
        body: z.object({ detachFrom: refs }),
      },
    },
    async (request, reply) => {
      await service.detachNote(app.db, request.actor, request.params.id, request.body.detachFrom);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/notes/note/attached/:schema/:table/:id",
    {
      schema: {
        tags: ["notes"],
        summary: "A page of the notes attached to a record, newest attachment first",
        security,
        params: z.object({ schema: key, table: key, id: z.string().max(64) }),
        querystring: z.object({
          page: z.coerce.number().int().min(0).default(0),
          size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
        }),
        response: {
          200: z.object({
            content: z.array(recordSchema),
            totalElements: z.number().int(),
            page: z.number().int(),
            size: z.number().int(),
          }),
        },
      },
    },
    async (request) => {
      const { schema, table, id } = request.params;
      const { page, size } = request.query;
      return service.notesOfRecord(
        app.db,
        request.actor,
        { schemaKey: schema, tableKey: table, uuidKey: id },
        page,
        size,
      );
    },
  );
};
