import type { Translations } from "../locales/en.ts";
import type { Language } from "./i18n.ts";

/** Each language's texts are a chunk of their own: a page loads only the one it speaks. */
export function loadMessages(language: Language): Promise<Translations> {
  return (language === "nb" ? import("../locales/nb.ts") : import("../locales/en.ts")).then((module) => module.default);
}
