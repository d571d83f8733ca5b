import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signatureEnabledSchema } from "../contract/identity.ts";
import { getSetting } from "./settings.repository.ts";

export const SIGNATURE_ENABLED = "signature_enabled";

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/documents/signature/enable",
    {
      schema: {
        tags: ["signature"],
        summary: "Whether digital signing is enabled",
        security: [{ bearer: [] }],
        response: { 200: signatureEnabledSchema },
      },
    },
    async () => ({ enabled: (await getSetting<boolean>(app.db, SIGNATURE_ENABLED)) === true }),
  );
};
