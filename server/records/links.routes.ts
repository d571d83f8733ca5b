import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { linksApi as routes } from "../contract/links.api.ts";
import { contractRoutes } from "../http/contract-route.ts";
import * as links from "./links.service.ts";

/** Links between records (such as a contact's role at a company), as `linksApi` declares them. */
export const linksRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  serve(routes.linkedRecords, (request) => {
    const { schema, table, ownerTable, ownerId } = request.params;
    const { page, size } = request.query;
    return links.linkedRecords(
      app.db,
      request.actor,
      { schemaKey: schema, tableKey: table },
      { tableKey: ownerTable, id: ownerId },
      page,
      size,
    );
  });
  serve.created(routes.link, (request) =>
    links.createLink(app.db, request.actor, request.params.schema, request.params.table, request.body),
  );
  serve.noContent(routes.unlink, (request) =>
    links.deleteLink(app.db, request.actor, request.params.schema, request.params.table, request.params.id),
  );
};
