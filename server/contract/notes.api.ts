import { recordRefParams } from "./attachments.api.ts";
import { recordInputSchema, recordSchema } from "./records.ts";
import { apiRoute } from "./route.ts";

/**
 * Notes attached to records of any entity (spec §3 note_attached_to), beside the attachment calls of
 * `attachmentsApi.notes`. Notes themselves are read, created, edited and deleted through the generic record calls at
 * /api/notes/note.
 */
export const notesApi = {
  createAttached: apiRoute({
    method: "POST",
    path: "/notes/note/attached/:schema/:table/:id",
    tags: ["notes"],
    summary: "Create a note attached to a record, in one transaction",
    params: recordRefParams,
    body: recordInputSchema,
    response: { 201: recordSchema },
  }),
};
