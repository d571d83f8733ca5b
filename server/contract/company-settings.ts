import { z } from "zod";
import { COMPANY_LOGO_MAX_KB } from "./company-settings-texts.ts";
import { languageSchema, timeZoneSchema } from "./identity.ts";
import { messages } from "./messages.ts";
import { requiredNameSchema } from "./names.ts";

export { COMPANY_LOGO_MAX_KB, companyLogoTexts, TIME_ZONE_TEXT } from "./company-settings-texts.ts";

export const COMPANY_LOGO_MAX_BYTES = COMPANY_LOGO_MAX_KB * 1024;

/** The image types a logo may be, by content. SVG is not one: it may carry script. */
export const companyLogoTypes = ["image/png", "image/jpeg", "image/webp"] as const;

/** Browsers post a textarea's line breaks as CR LF; a text is stored, and counted, with LF alone. */
const unixLineBreaks = (text: string) => text.replace(/\r\n?/g, "\n");

/**
 * `PUT /api/core/company_settings`: the company's name, organisation number and address; the language of users who
 * have not chosen one (null: each browser's); the time zone of users who have not chosen one.
 */
export const companySettingsInputSchema = z.object({
  name: requiredNameSchema,
  organisationNumber: z.string().trim().max(255, messages.max255).default(""),
  address: z.string().overwrite(unixLineBreaks).trim().max(1000, messages.max1000).default(""),
  defaultLanguage: languageSchema.nullish().transform((language) => language ?? null),
  timeZone: timeZoneSchema,
});
export type CompanySettingsInput = z.output<typeof companySettingsInputSchema>;

const logoSchema = z.object({
  /** Changes with the image: a page may keep the image as long as it names this. */
  version: z.string(),
  mime: z.enum(companyLogoTypes),
  size: z.number().int(),
});

/** `GET /api/core/company_settings` (System_Settings Read). */
export const companySettingsSchema = z.object({
  name: z.string(),
  organisationNumber: z.string(),
  address: z.string(),
  defaultLanguage: languageSchema.nullable(),
  timeZone: z.string(),
  logo: logoSchema.nullable(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/**
 * `GET /api/core/company_settings/brand`: what every signed-in page shows of the company and needs of it: its name,
 * its logo's version (null without one) and the language of users who have chosen none.
 */
export const companyBrandSchema = z.object({
  name: z.string(),
  logoVersion: z.string().nullable(),
  defaultLanguage: languageSchema.nullable(),
});
export type CompanyBrand = z.infer<typeof companyBrandSchema>;
