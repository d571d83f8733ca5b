import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { settingsApi as routes } from "../contract/settings.api.ts";
import { contractRoute } from "../http/contract-route.ts";
import { getSetting } from "./settings.repository.ts";

export const SIGNATURE_ENABLED = "signature_enabled";

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(routes.signatureEnabled),
    handler: async () => ({ enabled: (await getSetting<boolean>(app.db, SIGNATURE_ENABLED)) === true }),
  });
};
