import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { workItemsApi as routes } from "../contract/work-items.api.ts";
import { contractRoutes } from "../http/contract-route.ts";
import * as service from "./work-items.service.ts";

/**
 * Inquiries' and to-dos' links to a contact and one of its companies (crm.{inquiry,todo}_company_contact), and their
 * settings, as `workItemsApi` declares them.
 */
export const workItemsRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  serve(routes.links, (request) => service.linksOf(app.db, request.actor, request.params.table, request.params.id));
  serve.created(routes.addLink, (request) =>
    service.addLink(app.db, request.actor, request.params.table, request.params.id, request.body),
  );
  serve.noContent(routes.removeLink, (request) =>
    service.removeLink(app.db, request.actor, request.params.table, request.params.linkId),
  );
  serve.created(routes.createLinked, (request) => {
    const { values, statusId, link } = request.body;
    return service.createLinked(app.db, request.actor, request.params.table, { values, statusId }, link);
  });
  serve(routes.itemsOf, (request) => {
    const { table, ownerTable, ownerId } = request.params;
    const owner = { tableKey: ownerTable, id: ownerId };
    return service.itemsOf(app.db, request.actor, table, owner, request.query.page, request.query.size);
  });

  serve(routes.referenceNumberStart, (request) =>
    service.referenceNumberStart(app.db, request.actor, request.params.table),
  );
  serve(routes.setReferenceNumberStart, (request) =>
    service.setReferenceNumberStart(app.db, request.actor, request.params.table, request.body.next),
  );
  serve(routes.defaults, (request) => service.workItemDefaults(app.db, request.actor, request.params.table));
  serve(routes.setDefaults, (request) =>
    service.setWorkItemDefaults(app.db, request.actor, request.params.table, request.body),
  );
};
