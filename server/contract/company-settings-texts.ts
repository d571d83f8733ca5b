import { messageCode } from "./message-code.ts";
import { validationCodes } from "./messages.ts";

/**
 * The company settings' texts, apart from the schemas (company-settings.ts, which re-exports them) so that the web
 * app's locale files use them without loading Zod into every page.
 */

/** The logo's limit: the specification's for a profile image (spec §5, §9: 800 kB). */
export const COMPANY_LOGO_MAX_KB = 800;

/** The codes of the product's own texts for a refused logo. */
export const companyLogoTexts = {
  type: validationCodes.logoType,
  tooLarge: messageCode(validationCodes.logoTooLarge, { max: COMPANY_LOGO_MAX_KB }),
} as const;

/** What `timeZoneSchema` (identity.ts) answers for a name that is not a time zone. */
export const TIME_ZONE_TEXT = validationCodes.timeZone;
