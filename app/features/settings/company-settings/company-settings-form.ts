import { parseWithZod } from "@conform-to/zod/v4";
import { type CompanySettings, companySettingsInputSchema } from "../../../../server/contract/company-settings.ts";

/** The company settings' form, by id. */
export const COMPANY_FORM_ID = "company-settings-form";

/** The company settings as the form posts them: the API's own schema (an empty language: each browser's). */
export const companyFormSchema = companySettingsInputSchema;

export function parseCompanyForm(formData: FormData) {
  return parseWithZod(formData, { schema: companyFormSchema });
}

export function companyFormDefaults(settings: CompanySettings) {
  return {
    name: settings.name,
    organisationNumber: settings.organisationNumber,
    address: settings.address,
    defaultLanguage: settings.defaultLanguage ?? "",
    timeZone: settings.timeZone,
  };
}

/** The logo's part of the page, which a change without JavaScript comes back to. */
export const LOGO_ANCHOR = "company-logo";
