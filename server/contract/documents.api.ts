import { recordRefParams } from "./attachments.api.ts";
import { recordSchema } from "./records.ts";
import { apiRoute } from "./route.ts";

const tags = ["documents"];

/**
 * Documents' uploads, beside the attachment calls of `attachmentsApi.documents`. Their bodies are multipart forms,
 * which the web app streams on as they arrive (app/features/documents/upload.server.ts), so no body schema is
 * declared. Reading, editing and deleting are the generic record calls; a document's file is downloaded from
 * /api/documents/document/{id}/download.
 */
export const documentsApi = {
  upload: apiRoute({
    method: "POST",
    path: "/documents/document",
    tags,
    summary:
      "Upload a document: multipart/form-data with optional name and description fields first, then the file (one)",
    response: { 201: recordSchema },
  }),
  uploadAttached: apiRoute({
    method: "POST",
    path: "/documents/document/attached/:schema/:table/:id",
    tags,
    summary: "Upload a document attached to a record (a company's documents tab): the same body as an upload",
    params: recordRefParams,
    response: { 201: recordSchema },
  }),
};
