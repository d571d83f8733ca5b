import type { InitOptions } from "i18next";
import { useTranslation } from "./translation.tsx";

export const languages = ["en", "nb"] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/**
 * The namespaces that hold only some screens' texts (app/locales/all.ts). A key is looked up in the core namespace,
 * then in these: a screen names `settings.users.title` whichever namespace holds it.
 */
export const textParts = ["settings", "profile", "webForms"] as const;
export type TextPart = (typeof textParts)[number];

/** How i18next reads the texts, the same on the server and in the browser. */
export const i18nextOptions = {
  supportedLngs: [...languages],
  fallbackLng: fallbackLanguage,
  defaultNS: "translation",
  fallbackNS: [...textParts],
  // React escapes what it renders; escaping here too would show "&amp;".
  interpolation: { escapeValue: false },
  returnNull: false,
} satisfies InitOptions;

/** The page's language. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : fallbackLanguage;
}

/** Norwegian comes as `no`, `nb` or `nn` (with or without a region); all read Bokmål here. */
function toLanguage(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split("-")[0];
  if (primary === "no" || primary === "nb" || primary === "nn") return "nb";
  if (primary === "en") return "en";
  return null;
}

/** Best supported language from an Accept-Language header, honouring q-values. */
export function languageFromAcceptLanguage(header: string | null): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { language: toLanguage(tag), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.language && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked[0]?.language ?? null;
}
