import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NOTE_ATTACHMENTS } from "../attachments/attachments.repository.ts";
import { attachmentRoutes } from "../attachments/attachments.routes.ts";
import { attachmentsApi } from "../contract/attachments.api.ts";
import { notesApi as routes } from "../contract/notes.api.ts";
import { contractRoute } from "../http/contract-route.ts";
import * as service from "./notes.service.ts";

/**
 * Notes attached to records of any entity (spec §3 note_attached_to), as `notesApi` and `attachmentsApi.notes` declare
 * them. Notes themselves are read, created, edited and deleted through the generic record calls at /api/notes/note.
 */
export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(attachmentRoutes(NOTE_ATTACHMENTS, attachmentsApi.notes));

  app.route({
    ...contractRoute(routes.createAttached),
    handler: async (request, reply) => {
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
  });
};
