import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NOTE_ATTACHMENTS } from "../attachments/attachments.repository.ts";
import { attachmentRoutes, recordRefParams } from "../attachments/attachments.routes.ts";
import { recordInputSchema, recordSchema } from "../contract/records.ts";
import * as service from "./notes.service.ts";

/**
 * Notes attached to records of any entity (spec §3 note_attached_to). Notes themselves are read, created, edited and
 * deleted through the generic record calls at /api/notes/note.
 */
export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(attachmentRoutes(NOTE_ATTACHMENTS));

  app.post(
    "/notes/note/attached/:schema/:table/:id",
    {
      schema: {
        tags: ["notes"],
        summary: "Create a note attached to a record, in one transaction",
        security: [{ bearer: [] }],
        params: recordRefParams,
        body: recordInputSchema,
        response: { 201: recordSchema },
      },
    },
    async (request, reply) => {
      const { schema, table, id } = request.params;
      const note = await service.createAttachedNote(
        app.db,
        request.actor,
        { schemaKey: schema, tableKey: table, uuidKey: id },
        request.body.values,
        request.body.statusId,
      );
      return reply.status(201).send(note);
    },
  );
};
