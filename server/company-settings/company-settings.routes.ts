import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { companySettingsApi as routes } from "../contract/company-settings.api.ts";
import { companySettingsSchema } from "../contract/company-settings.ts";
import { contractRoute } from "../http/contract-route.ts";
import * as service from "./company-settings.service.ts";

const security = [{ bearer: [] }];
const tags = ["company settings"];

/**
 * The company's settings (spec §2 company-settings), as `companySettingsApi` declares them. The logo's upload
 * (multipart, which a contract route cannot describe) and the logo itself (a file, not JSON), which every signed-in
 * user gets, are declared here.
 */
export const companySettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(routes.settings),
    handler: async (request) => service.companySettings(app.db, request.actor),
  });

  app.route({
    ...contractRoute(routes.save),
    handler: async (request) => service.saveCompanySettings(app.db, request.actor, request.body),
  });

  app.route({
    ...contractRoute(routes.brand),
    handler: async () => service.companyBrand(app.db),
  });

  app.post(
    "/core/company_settings/logo",
    {
      schema: {
        tags,
        summary:
          "Upload the company's logo (System_Settings Update): multipart/form-data with one file, a PNG, JPEG or WebP image by its content, at most 800 kB",
        security,
        consumes: ["multipart/form-data"],
        response: { 200: companySettingsSchema },
      },
    },
    async (request) => service.uploadLogo(app.db, app.storage, request.actor, request),
  );

  app.route({
    ...contractRoute(routes.removeLogo),
    handler: async (request, reply) => {
      await service.removeLogo(app.db, request.actor);
      return reply.status(204).send(null);
    },
  });

  app.get(
    "/core/company_settings/logo",
    {
      schema: { tags, summary: "The company's logo image, for any signed-in user", security },
    },
    async (request, reply) => {
      const logo = await service.logoFile(app.db);
      const etag = `"${logo.key}"`;
      reply
        .header("content-type", logo.mime)
        .header("etag", etag)
        .header("cache-control", "private, no-cache")
        .header("x-content-type-options", "nosniff");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      return reply.header("content-length", logo.size).send(app.storage.read(logo.key));
    },
  );
};
