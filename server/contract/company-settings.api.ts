import { z } from "zod";
import { companyBrandSchema, companySettingsInputSchema, companySettingsSchema } from "./company-settings.ts";
import { apiRoute } from "./route.ts";

const tags = ["company settings"];

/**
 * The company's settings (spec §2 company-settings): name, organisation number, address, logo, the language and time
 * zone of users who have chosen none. Reading and changing them is System_Settings'; every signed-in user gets what
 * the pages show (the brand). The logo's upload is multipart, which the web app streams on (`upload`); the logo
 * answers a file, which it streams back (`stream`).
 */
export const companySettingsApi = {
  settings: apiRoute({
    method: "GET",
    path: "/core/company_settings",
    tags,
    summary: "The company's settings (System_Settings Read)",
    response: { 200: companySettingsSchema },
  }),
  save: apiRoute({
    method: "PUT",
    path: "/core/company_settings",
    tags,
    summary: "Change the company's settings, all but the logo (System_Settings Update)",
    body: companySettingsInputSchema,
    response: { 200: companySettingsSchema },
  }),
  brand: apiRoute({
    method: "GET",
    path: "/core/company_settings/brand",
    tags,
    summary: "What every page shows of the company: its name, its logo's version, and its users' default language",
    response: { 200: companyBrandSchema },
  }),
  removeLogo: apiRoute({
    method: "DELETE",
    path: "/core/company_settings/logo",
    tags,
    summary: "Remove the company's logo (System_Settings Update)",
    response: { 204: z.null() },
  }),
  uploadLogo: apiRoute({
    method: "POST",
    path: "/core/company_settings/logo",
    tags,
    summary:
      "Upload the company's logo (System_Settings Update): multipart/form-data with one file, a PNG, JPEG or WebP image by its content, at most 800 kB",
    consumes: ["multipart/form-data"],
    response: { 200: companySettingsSchema },
  }),
  logo: apiRoute({
    method: "GET",
    path: "/core/company_settings/logo",
    tags,
    summary: "The company's logo image, for any signed-in user",
    response: {},
  }),
};
