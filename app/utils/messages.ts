import type { CoreTranslations } from "../locales/en.ts";
import type { Language } from "./i18n.ts";

/**
 * Each language's core texts are a chunk of their own: a page loads only the one it speaks, and the parts its routes
 * need (utils/text-parts.ts).
 */
export function loadMessages(language: Language): Promise<CoreTranslations> {
  return (language === "nb" ? import("../locales/nb.ts") : import("../locales/en.ts")).then((module) => module.default);
}
