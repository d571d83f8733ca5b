import { z } from "zod";
import { recordRefParams } from "./attachments.api.ts";
import { recordSchema } from "./records.ts";
import { apiRoute } from "./route.ts";

const tags = ["documents"];

/**
 * Documents' uploads and downloads, beside the attachment calls of `attachmentsApi.documents`. Upload bodies are
 * multipart forms, which the web app streams on as they arrive (app/features/documents/upload.server.ts), so no body
 * schema is declared; a download answers the file itself. Reading, editing and deleting are the generic record calls.
 */
export const documentsApi = {
  upload: apiRoute({
    method: "POST",
    path: "/documents/document",
    tags,
    summary:
      "Upload a document: multipart/form-data with optional name and description fields first, then the file (one)",
    consumes: ["multipart/form-data"],
    response: { 201: recordSchema },
  }),
  uploadAttached: apiRoute({
    method: "POST",
    path: "/documents/document/attached/:schema/:table/:id",
    tags,
    summary: "Upload a document attached to a record (a company's documents tab): the same body as an upload",
    params: recordRefParams,
    consumes: ["multipart/form-data"],
    response: { 201: recordSchema },
  }),
  /** Answered with 200, 206, 304 or 416 and the file's bytes, never JSON. */
  download: apiRoute({
    method: "GET",
    path: "/documents/document/:id/download",
    tags,
    summary:
      "A document's file, with its type, name (RFC 6266), ETag and byte ranges; inline=true shows PDFs, images and text in the browser",
    params: z.object({ id: z.string().max(64) }),
    querystring: z.object({ inline: z.enum(["true", "false"]).optional() }),
    response: {},
  }),
};
