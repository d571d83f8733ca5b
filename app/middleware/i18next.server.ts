import { createI18nextMiddleware } from "remix-i18next";
import { fallbackLanguage, languageFromAcceptLanguage, languages, resources } from "../utils/i18n.ts";
import { languageCookie } from "../utils/preferences.server.ts";

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...languages],
    fallbackLanguage,
    cookie: languageCookie,
    order: ["cookie", "custom"],
    // The library's own header matching sends `no` and `nn` to English.
    findLocale: async ({ request }) => languageFromAcceptLanguage(request.headers.get("Accept-Language")),
  },
  i18next: {
    resources,
    supportedLngs: [...languages],
    fallbackLng: fallbackLanguage,
    interpolation: { escapeValue: false },
  },
});
