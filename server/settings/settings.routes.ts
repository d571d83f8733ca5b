import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { settingsApi as routes } from "../contract/settings.api.ts";
import { contractRoutes } from "../http/contract-route.ts";
import { getSetting } from "./settings.repository.ts";

export const SIGNATURE_ENABLED = "signature_enabled";

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoutes(app)(routes.signatureEnabled, async () => ({
    enabled: (await getSetting<boolean>(app.db, SIGNATURE_ENABLED)) === true,
  }));
};
