import i18next from "i18next";
import type { DataStrategyResult, MiddlewareFunction } from "react-router";
import { fallbackLanguage, isLanguage, type Language } from "./i18n.ts";

/**
 * Texts that only some screens show, each a chunk of its own per language: the browser starts with the core texts
 * (utils/messages.ts) and adds a part when a route that shows it is opened. The server has every text.
 */
const parts = {
  settings: { en: () => import("../locales/settings.en.ts"), nb: () => import("../locales/settings.nb.ts") },
  profile: { en: () => import("../locales/profile.en.ts"), nb: () => import("../locales/profile.nb.ts") },
} satisfies Record<string, Record<Language, () => Promise<{ default: object }>>>;

export type TextPart = keyof typeof parts;

export function isTextPart(name: string): name is TextPart {
  return Object.hasOwn(parts, name);
}

/** What a route module's handle says of its texts. */
export interface TextsHandle {
  texts: TextPart[];
}

const loaded = new Set<string>();

/** Imports the parts' texts for the language, each once, as a part of its own. */
export async function textPartTexts(language: Language, names: readonly TextPart[]): Promise<object[]> {
  return Promise.all(names.map(async (name) => (await parts[name][language]()).default));
}

/** Adds the parts to the browser's texts, each once. */
export async function loadTextParts(language: Language, names: readonly TextPart[]): Promise<void> {
  const missing = names.filter((name) => !loaded.has(`${language}:${name}`));
  const texts = await textPartTexts(language, missing);
  texts.forEach((part, index) => {
    i18next.addResourceBundle(language, "translation", part, true, true);
    loaded.add(`${language}:${missing[index]}`);
  });
}

/** Marks parts as part of the browser's texts from the start (entry.client.tsx). */
export function textPartsLoaded(language: Language, names: readonly TextPart[]): void {
  for (const name of names) loaded.add(`${language}:${name}`);
}

/**
 * A route's client middleware that loads its text parts before a navigation shows it; its handle names them too
 * (`textsHandle`), for the first page, whose texts the browser loads before it hydrates.
 */
export function loadTexts(...names: TextPart[]): MiddlewareFunction<Record<string, DataStrategyResult>> {
  return async (_args, next) => {
    await loadTextParts(isLanguage(i18next.language) ? i18next.language : fallbackLanguage, names);
    return next();
  };
}

export function textsHandle(...names: TextPart[]): TextsHandle {
  return { texts: names };
}

/** The parts named by the handles of a page's routes, once each. */
export function textPartsOf(handles: readonly unknown[]): TextPart[] {
  const names = handles.flatMap((handle) => (handle as Partial<TextsHandle> | undefined)?.texts ?? []);
  return [...new Set(names)].filter(isTextPart);
}
