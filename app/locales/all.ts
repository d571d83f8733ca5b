import type { Language } from "../utils/i18n.ts";
import en, { type Translations } from "./en.ts";
import nb from "./nb.ts";
import profileEn from "./profile.en.ts";
import profileNb from "./profile.nb.ts";
import settingsEn from "./settings.en.ts";
import settingsNb from "./settings.nb.ts";
import webFormsEn from "./web-forms.en.ts";
import webFormsNb from "./web-forms.nb.ts";

/**
 * Every text of each language as i18next namespaces: `translation` holds what every page may show, each other
 * namespace the sections of the screens that name it (utils/text-parts.ts). The server has them all; the browser
 * fetches a namespace when a route that shows it is opened.
 */
export const textResources = {
  en: { translation: en, settings: settingsEn, profile: profileEn, webForms: webFormsEn },
  nb: { translation: nb, settings: settingsNb, profile: profileNb, webForms: webFormsNb },
} satisfies Record<Language, Record<string, object>>;

export type TextNamespace = keyof (typeof textResources)[Language];

/** Every text of each language in one tree, as a page reads them (a namespace's sections are its top-level keys). */
export const allTexts: Record<Language, Translations> = {
  en: { ...en, ...settingsEn, ...profileEn, ...webFormsEn },
  nb: { ...nb, ...settingsNb, ...profileNb, ...webFormsNb },
};
