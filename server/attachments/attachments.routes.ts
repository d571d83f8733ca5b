import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AttachmentsApi } from "../contract/attachments.api.ts";
import { contractRoutes } from "../http/contract-route.ts";
import { recordOfPath } from "../http/record-path.ts";
import type { AttachmentKind } from "./attachments.repository.ts";
import * as service from "./attachments.service.ts";

/**
 * The calls that attach items of one kind (notes, documents) to records of any entity (spec §3 note_attached_to), as
 * `attachmentsApi` declares them for that kind: an item's records, attach, detach, and a record's items.
 */
export function attachmentRoutes(kind: AttachmentKind, routes: AttachmentsApi): FastifyPluginAsyncZod {
  return async (app) => {
    const serve = contractRoutes(app);
    serve(routes.attachedTo, (request) => service.attachmentsOf(app.db, request.actor, kind, request.params.id));
    serve.noContent(routes.attach, (request) =>
      service.attach(app.db, request.actor, kind, request.params.id, request.body.attachTo),
    );
    serve.noContent(routes.detach, (request) =>
      service.detach(app.db, request.actor, kind, request.params.id, request.body.detachFrom),
    );
    serve(routes.itemsOfRecord, (request) => {
      const { page, size } = request.query;
      return service.itemsOfRecord(app.db, request.actor, kind, recordOfPath(request.params), page, size);
    });
  };
}
