import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { shortcutsApi as routes } from "../contract/shortcuts.api.ts";
import { contractRoutes } from "../http/contract-route.ts";
import * as service from "./shortcuts.service.ts";

/** Shortcuts (spec §7 `/api/shortcuts`), as `shortcutsApi` declares them. */
export const shortcutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  serve(routes.userShortcuts, (request) => service.userShortcuts(app.db, request.actor));
  serve(routes.setVisibility, (request) =>
    service.setVisibility(app.db, request.actor, request.params.id, request.query.visible === "true"),
  );
  serve(routes.order, (request) => service.orderShortcuts(app.db, request.actor, request.body));

  serve.created(routes.addOwn, (request) => service.addOwn(app.db, request.actor, request.body));
  serve(routes.changeOwn, (request) => service.changeOwn(app.db, request.actor, request.params.id, request.body));
  serve.noContent(routes.deleteOwn, (request) => service.deleteOwn(app.db, request.actor, request.params.id));

  serve(routes.listShared, (request) => service.listShared(app.db, request.actor));
  serve(routes.getShared, (request) => service.getShared(app.db, request.actor, request.params.id));
  serve.created(routes.createShared, (request) => service.createShared(app.db, request.actor, request.body));
  serve(routes.changeShared, (request) => service.changeShared(app.db, request.actor, request.params.id, request.body));
  serve.noContent(routes.deleteShared, (request) => service.deleteShared(app.db, request.actor, request.params.id));
};
