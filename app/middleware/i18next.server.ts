import { createI18nextMiddleware } from "remix-i18next";
import { fallbackLanguage, isLanguage, languageFromAcceptLanguage, languages, resources } from "../utils/i18n.ts";
import { readLanguageCookie } from "../utils/preferences.server.ts";
import { userContext } from "./auth.server.ts";

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...languages],
    fallbackLanguage,
    order: ["custom"],
    // The signed-in user's language wins, then the switch's cookie, then the browser's
    // languages (where the library's own matching would send `no` and `nn` to English).
    findLocale: async ({ request, context }) => {
      const userLanguage = context.get(userContext)?.language;
      if (isLanguage(userLanguage)) return userLanguage;
      return (await readLanguageCookie(request)) ?? languageFromAcceptLanguage(request.headers.get("Accept-Language"));
    },
  },
  i18next: {
    resources,
    supportedLngs: [...languages],
    fallbackLng: fallbackLanguage,
    interpolation: { escapeValue: false },
  },
});
