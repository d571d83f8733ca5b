import type { Language } from "../utils/i18n.ts";
import en, { type Translations } from "./en.ts";
import nb from "./nb.ts";
import profileEn from "./profile.en.ts";
import profileNb from "./profile.nb.ts";
import settingsEn from "./settings.en.ts";
import settingsNb from "./settings.nb.ts";

/** Every text of each language, as the server renders them (the browser loads the parts as its pages need them). */
export const allTexts: Record<Language, Translations> = {
  en: { ...en, ...settingsEn, ...profileEn },
  nb: { ...nb, ...settingsNb, ...profileNb },
};
