import type { Language } from "./i18n.ts";

/** A language's texts: nested objects of strings, read by dotted keys ("records.showing"). */
export interface Messages {
  readonly [key: string]: string | Messages;
}

/** Values for a text's `{{name}}` placeholders; `count` also picks a plural form, `defaultValue` stands in for a missing key. */
export interface TranslateOptions {
  readonly count?: number;
  readonly defaultValue?: string;
  readonly [name: string]: unknown;
}

export type TFunction = (key: string, options?: TranslateOptions) => string;

export interface Translator {
  language: Language;
  t: TFunction;
}

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/**
 * The app's texts in one language, read the way they are written: `{{name}}` placeholders
 * (a placeholder with no value given stays as written, one given as null or undefined reads
 * empty), plural forms as `key_one`/`key_other` (and `key_zero` for a count of 0) by the
 * language's plural rules, and the key itself for a missing text.
 */
export function createTranslator(language: Language, messages: Messages): Translator {
  const plurals = new Intl.PluralRules(language);
  const find = (key: string, count: number | undefined): string | undefined => {
    if (typeof count === "number") {
      const plural =
        (count === 0 ? lookup(messages, `${key}_zero`) : undefined) ??
        lookup(messages, `${key}_${plurals.select(count)}`);
      if (plural !== undefined) return plural;
    }
    return lookup(messages, key);
  };
  const t: TFunction = (key, options) => {
    const text = find(key, options?.count) ?? options?.defaultValue ?? key;
    if (!options) return text;
    return text.replace(PLACEHOLDER, (placeholder, name: string) => {
      const variable = name.trim();
      if (!Object.hasOwn(options, variable)) return placeholder;
      const value = options[variable];
      return value === null || value === undefined ? "" : String(value);
    });
  };
  return { language, t };
}
