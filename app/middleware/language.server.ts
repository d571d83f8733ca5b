import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import en from "../locales/en.ts";
import nb from "../locales/nb.ts";
import { fallbackLanguage, isLanguage, type Language, languageFromAcceptLanguage } from "../utils/i18n.ts";
import { readLanguageCookie } from "../utils/preferences.server.ts";
import { createTranslator, type Translator } from "../utils/translate.ts";
import { userContext } from "./auth.server.ts";

const languageContext = createContext<Language>(fallbackLanguage);

// The texts do not change while the server runs: one translator per language serves every request.
const translators: Record<Language, Translator> = { en: createTranslator("en", en), nb: createTranslator("nb", nb) };

/**
 * The page's language: the signed-in user's, then the switch's cookie, then the browser's
 * languages (`no` and `nn` read as Bokmål), then English.
 */
export const languageMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const userLanguage = context.get(userContext)?.language;
  const language = isLanguage(userLanguage)
    ? userLanguage
    : ((await readLanguageCookie(request)) ??
      languageFromAcceptLanguage(request.headers.get("Accept-Language")) ??
      fallbackLanguage);
  context.set(languageContext, language);
  return next();
};

/** The request's language; English where the middleware did not run. */
export function getLanguage(context: Readonly<RouterContextProvider>): Language {
  return context.get(languageContext);
}

export function getTranslator(context: Readonly<RouterContextProvider>): Translator {
  return translators[getLanguage(context)];
}
