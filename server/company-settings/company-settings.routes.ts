import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyBrandSchema, companySettingsInputSchema, companySettingsSchema } from "../contract/company-settings.ts";
import * as service from "./company-settings.service.ts";

const security = [{ bearer: [] }];
const tags = ["company settings"];

/**
 * The company's settings (spec §2 company-settings): name, organisation number, address, logo, the language and time
 * zone of users who have chosen none. Reading and changing them is System_Settings'; every signed-in user gets what
 * the pages show (the brand) and the logo.
 */
export const companySettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/core/company_settings",
    {
      schema: {
        tags,
        summary: "The company's settings (System_Settings Read)",
        security,
        response: { 200: companySettingsSchema },
      },
    },
    async (request) => service.companySettings(app.db, request.actor),
  );

  app.put(
    "/core/company_settings",
    {
      schema: {
        tags,
        summary: "Change the company's settings, all but the logo (System_Settings Update)",
        security,
        body: companySettingsInputSchema,
        response: { 200: companySettingsSchema },
      },
    },
    async (request) => service.saveCompanySettings(app.db, request.actor, request.body),
  );

  app.get(
    "/core/company_settings/brand",
    {
      schema: {
        tags,
        summary: "What every page shows of the company: its name, its logo's version, and its users' default language",
        security,
        response: { 200: companyBrandSchema },
      },
    },
    async () => service.companyBrand(app.db),
  );

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

  app.delete(
    "/core/company_settings/logo",
    {
      schema: {
        tags,
        summary: "Remove the company's logo (System_Settings Update)",
        security,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.removeLogo(app.db, request.actor);
      return reply.status(204).send(null);
    },
  );

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
