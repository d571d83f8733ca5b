import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NOTE_ATTACHMENTS } from "../attachments/attachments.repository.ts";
import { attachmentRoutes } from "../attachments/attachments.routes.ts";
import { attachmentsApi } from "../contract/attachments.api.ts";
import { notesApi as routes } from "../contract/notes.api.ts";
import { contractRoutes } from "../http/contract-route.ts";
import { recordOfPath } from "../http/record-path.ts";
import * as service from "./notes.service.ts";

/**
 * Notes attached to records of any entity (spec §3 note_attached_to), as `notesApi` and `attachmentsApi.notes` declare
 * them. Notes themselves are read, created, edited and deleted through the generic record calls at /api/notes/note.
 */
export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(attachmentRoutes(NOTE_ATTACHMENTS, attachmentsApi.notes));

  contractRoutes(app).created(routes.createAttached, (request) => {
    const { values, statusId } = request.body;
    return service.createAttachedNote(app.db, request.actor, recordOfPath(request.params), values, statusId);
  });
};
