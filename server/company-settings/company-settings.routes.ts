import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { companySettingsApi as routes } from "../contract/company-settings.api.ts";
import { uploadReader } from "../files/uploads.ts";
import { contractRoute, contractRoutes } from "../http/contract-route.ts";
import * as service from "./company-settings.service.ts";

/**
 * The company's settings (spec §2 company-settings), as `companySettingsApi` declares them.
 */
export const companySettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  serve(routes.settings, (request) => service.companySettings(app.db, request.actor));
  serve(routes.save, (request) => service.saveCompanySettings(app.db, request.actor, request.body));
  serve(routes.brand, () => service.companyBrand(app.db));
  serve(routes.uploadLogo, (request) => service.uploadLogo(app.db, request.actor, uploadReader(request, app.storage)));
  serve.noContent(routes.removeLogo, (request) => service.removeLogo(app.db, request.actor));

  app.route({
    ...contractRoute(routes.logo),
    handler: async (request, reply) => {
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
  });
};
