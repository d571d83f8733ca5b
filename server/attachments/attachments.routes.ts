import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AttachmentsApi } from "../contract/attachments.api.ts";
import { contractRoute } from "../http/contract-route.ts";
import type { AttachmentKind } from "./attachments.repository.ts";
import * as service from "./attachments.service.ts";

/**
 * The calls that attach items of one kind (notes, documents) to records of any entity (spec §3 note_attached_to), as
 * `attachmentsApi` declares them for that kind: an item's records, attach, detach, and a record's items.
 */
export function attachmentRoutes(kind: AttachmentKind, routes: AttachmentsApi): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...contractRoute(routes.attachedTo),
      handler: async (request) => service.attachmentsOf(app.db, request.actor, kind, request.params.id),
    });

    app.route({
      ...contractRoute(routes.attach),
      handler: async (request, reply) => {
        await service.attach(app.db, request.actor, kind, request.params.id, request.body.attachTo);
        return reply.status(204).send(null);
      },
    });

    app.route({
      ...contractRoute(routes.detach),
      handler: async (request, reply) => {
        await service.detach(app.db, request.actor, kind, request.params.id, request.body.detachFrom);
        return reply.status(204).send(null);
      },
    });

    app.route({
      ...contractRoute(routes.itemsOfRecord),
      handler: async (request) => {
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
    });
  };
}
