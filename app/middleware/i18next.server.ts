import { initReactI18next } from "react-i18next";
import type { RouterContextProvider } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { textResources } from "../locales/all.ts";
import {
  fallbackLanguage,
  i18nextOptions,
  isLanguage,
  type Language,
  languageFromAcceptLanguage,
  languages,
} from "../utils/i18n.ts";
import { readLanguageCookie } from "../utils/preferences.server.ts";
import { userContext } from "./auth.server.ts";

const [middleware, getLocaleOf, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...languages],
    fallbackLanguage,
    // One finder keeps the product's order: the signed-in user's chosen language, then the switch's cookie, then the
    // company's default language for users who chose none (when the company settings name one), then the browser's
    // languages, where `no` and `nn` read as Bokmål (a plain language match would miss them).
    order: ["custom"],
    async findLocale({ request, context }) {
      const user = context.get(userContext);
      if (isLanguage(user?.language)) return user.language;
      const companyDefault = user?.brand?.defaultLanguage;
      return (
        (await readLanguageCookie(request)) ??
        (isLanguage(companyDefault) ? companyDefault : undefined) ??
        languageFromAcceptLanguage(request.headers.get("Accept-Language")) ??
        fallbackLanguage
      );
    },
  },
  // The texts are the locale modules, loaded once; each request's instance refers to them, nothing is copied.
  i18next: { ...i18nextOptions, resources: textResources },
  plugins: [initReactI18next],
});

export const i18nextMiddleware = middleware;
export { getInstance };

/** The request's language; English where the middleware did not run (a request that failed before it). */
export function getLocale(context: Readonly<RouterContextProvider>): Language {
  try {
    const locale = getLocaleOf(context);
    return isLanguage(locale) ? locale : fallbackLanguage;
  } catch {
    return fallbackLanguage;
  }
}
