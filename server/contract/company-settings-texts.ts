/**
 * The company settings' texts, apart from the schemas (company-settings.ts, which re-exports them) so that the web
 * app's locale files use them without loading Zod into every page.
 */

/** The logo's limit: the specification's for a profile image (spec §5, §9: 800 kB). */
export const COMPANY_LOGO_MAX_KB = 800;

/** The product's own texts for a refused logo, shown in the page's language by the web app. */
export const companyLogoTexts = {
  type: "The logo must be a PNG, JPEG or WebP image",
  tooLarge: `The logo must not exceed ${COMPANY_LOGO_MAX_KB} kB`,
} as const;

/** What `timeZoneSchema` (identity.ts) answers for a name that is not a time zone. */
export const TIME_ZONE_TEXT = "Must be a time zone";
