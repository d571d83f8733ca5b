import type { CoreTranslations } from "../locales/en.ts";
import type { Language } from "./i18n.ts";

// One import each, in a map: of a conditional expression of two imports the bundler makes one preload with the chunks
// of one of them (the English texts and the contract's), which a Norwegian page then fetched for nothing.
const languages: Record<Language, () => Promise<{ default: CoreTranslations }>> = {
  en: () => import("../locales/en.ts"),
  nb: () => import("../locales/nb.ts"),
};

/**
 * Each language's core texts are a chunk of their own: a page loads only the one it speaks, and the parts its routes
 * need (utils/text-parts.ts).
 */
export function loadMessages(language: Language): Promise<CoreTranslations> {
  return languages[language]().then((module) => module.default);
}
