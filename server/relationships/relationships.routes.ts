import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { relationshipsApi as routes } from "../contract/relationships.api.ts";
import { contractRoutes } from "../http/contract-route.ts";
import { recordOfPath } from "../http/record-path.ts";
import * as service from "./relationships.service.ts";

/** Relationships between entities (spec §3) and a record's connections through them, as `relationshipsApi` declares. */
export const relationshipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  serve(routes.list, (request) => service.listRelationships(app.db, request.actor));
  serve(routes.get, (request) => service.getRelationship(app.db, request.actor, request.params.id));
  serve.created(routes.create, (request) => service.createRelationship(app.db, request.actor, request.body));
  serve(routes.change, (request) => service.updateRelationship(app.db, request.actor, request.params.id, request.body));
  serve.noContent(routes.delete, (request) => service.deleteRelationship(app.db, request.actor, request.params.id));

  serve(routes.connections, (request) => {
    const { relationship, page, size } = request.query;
    const paging = { relationshipId: relationship, page, size };
    return service.connectionsOfRecord(app.db, request.actor, recordOfPath(request.params), paging);
  });
  serve(routes.relatedCustomEntities, (request) =>
    service.relatedCustomEntities(app.db, request.actor, recordOfPath(request.params)),
  );
};
