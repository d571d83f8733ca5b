import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { entityRefSchema, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, recordSchema } from "../contract/records.ts";
import type { AttachmentKind } from "./attachments.repository.ts";
import * as service from "./attachments.service.ts";

const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const security = [{ bearer: [] }];
const itemParams = z.object({ id: z.string().max(64) });
const refs = z.array(entityRefSchema).min(1).max(100);
export const recordRefParams = z.object({ schema: key, table: key, id: z.string().max(64) });

/**
 * The calls that attach items of one kind (notes, documents) to records of any entity (spec §3 note_attached_to):
 * an item's records, attach, detach, and a record's items. The items themselves are read, edited and deleted
 * through the generic record calls.
 */
export function attachmentRoutes(kind: AttachmentKind): FastifyPluginAsyncZod {
  const base = `/${kind.schema}/${kind.table}`;
  const tags = [kind.schema];
  return async (app) => {
    app.get(
      `${base}/:id/attached_to`,
      {
        schema: {
          tags,
          summary: `The records a ${kind.table} is attached to (those the user may read), with their names`,
          security,
          params: itemParams,
          response: { 200: z.array(entityRefSchema.extend({ rowName: z.string() })) },
        },
      },
      async (request) => service.attachmentsOf(app.db, request.actor, kind, request.params.id),
    );

    app.post(
      `${base}/:id/attached_to`,
      {
        schema: {
          tags,
          summary: `Attach a ${kind.table} to records; one it is attached to already answers "Attachment record already existing."`,
          security,
          params: itemParams,
          body: z.object({ attachTo: refs }),
        },
      },
      async (request, reply) => {
        await service.attach(app.db, request.actor, kind, request.params.id, request.body.attachTo);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      `${base}/:id/attached_to`,
      {
        schema: {
          tags,
          summary: `Detach a ${kind.table} from records`,
          security,
          params: itemParams,
          body: z.object({ detachFrom: refs }),
        },
      },
      async (request, reply) => {
        await service.detach(app.db, request.actor, kind, request.params.id, request.body.detachFrom);
        return reply.status(204).send(null);
      },
    );

    app.get(
      `${base}/attached/:schema/:table/:id`,
      {
        schema: {
          tags,
          summary: `A page of the ${kind.table}s attached to a record, newest attachment first`,
          security,
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
        },
      },
      async (request) => {
        const { schema, table, id } = request.params;
        const { page, size } = request.query;
        return service.itemsOfRecord(
          app.db,
          request.actor,
          kind,
          { schemaKey: schema, tableKey: table, uuidKey: id },
          page,
          size,
        );
      },
    );
  };
}
