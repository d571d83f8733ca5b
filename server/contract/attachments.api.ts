import { z } from "zod";
import { entityRefSchema, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, recordSchema } from "./records.ts";
import { apiRoute } from "./route.ts";

const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const itemParams = z.object({ id: z.string().max(64) });
const refs = z.array(entityRefSchema).min(1).max(100);
/** A record of any entity in a path: /{schema}/{table}/{id}. */
export const recordRefParams = z.object({ schema: key, table: key, id: z.string().max(64) });

/**
 * The calls that attach items of one kind (the notes of /notes/note, the documents of /documents/document) to records
 * of any entity (spec §3 note_attached_to): an item's records, attach, detach, and a record's items. The items
 * themselves are read, edited and deleted through the generic record calls.
 */
function attachmentsOf(schema: string, table: string) {
  const base = `/${schema}/${table}`;
  const tags = [schema];
  return {
    attachedTo: apiRoute({
      method: "GET",
      path: `${base}/:id/attached_to`,
      tags,
      summary: `The records a ${table} is attached to (those the user may read), with their names`,
      params: itemParams,
      response: { 200: z.array(entityRefSchema.extend({ rowName: z.string() })) },
    }),
    attach: apiRoute({
      method: "POST",
      path: `${base}/:id/attached_to`,
      tags,
      summary: `Attach a ${table} to records; one it is attached to already answers "Attachment record already existing."`,
      params: itemParams,
      body: z.object({ attachTo: refs }),
      response: { 204: z.null() },
    }),
    detach: apiRoute({
      method: "DELETE",
      path: `${base}/:id/attached_to`,
      tags,
      summary: `Detach a ${table} from records`,
      params: itemParams,
      body: z.object({ detachFrom: refs }),
      response: { 204: z.null() },
    }),
    itemsOfRecord: apiRoute({
      method: "GET",
      path: `${base}/attached/:schema/:table/:id`,
      tags,
      summary: `A page of the ${table}s attached to a record, newest attachment first`,
      params: recordRefParams,
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
    }),
  };
}

/** One kind's attachment calls. */
export type AttachmentsApi = ReturnType<typeof attachmentsOf>;

/** The attachment calls of notes and of documents, by the name of the tab that lists them on a record. */
export const attachmentsApi = {
  notes: attachmentsOf("notes", "note"),
  documents: attachmentsOf("documents", "document"),
};
