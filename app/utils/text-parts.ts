import i18next from "i18next";
import type { DataStrategyResult, MiddlewareFunction } from "react-router";
import { type TextPart, textParts } from "./i18n.ts";

export type { TextPart };

/**
 * Texts that only some screens show are i18next namespaces of their own (app/locales/all.ts): the browser starts with
 * the core namespace and the parts the first page's routes name, and its i18next backend fetches a part when a route
 * that shows it is opened. The server has every text.
 */
export function isTextPart(name: string): name is TextPart {
  return (textParts as readonly string[]).includes(name);
}

/** What a route module's handle says of its texts. */
export interface TextsHandle {
  texts: TextPart[];
}

/**
 * Where the browser's backend fetches a namespace (routes/locales.ts). With the texts' version the answer may be kept
 * for good: another build with other texts has another version.
 */
export function textsPath(language: string, namespace: string, version?: string): string {
  return `/locales/${language}/${namespace}${version ? `?v=${encodeURIComponent(version)}` : ""}`;
}

/** Where the head's script leaves the answers it asked for, by address, until the backend takes them. */
const EARLY_TEXTS = "__workspaceTexts";

/**
 * A script for the page's head that starts fetching its texts at once, beside its scripts, so that the browser's
 * entry finds them on their way (a preload link would be fetched, and warned of as unused, without JavaScript too).
 */
export function earlyTextsScript(paths: string[]): string {
  const list = JSON.stringify(paths).replaceAll("<", "\\u003c");
  return `window.${EARLY_TEXTS}=Object.fromEntries(${list}.map((p)=>[p,fetch(p)]))`;
}

/** The backend's fetch: the answer the head's script asked for, once, or a request of its own. */
export function fetchTexts(path: string, init?: RequestInit): Promise<Response> {
  const early = (window as unknown as Record<string, Record<string, Promise<Response>> | undefined>)[EARLY_TEXTS];
  const started = early?.[path];
  if (!started) return fetch(path, init);
  delete early[path];
  return started;
}

/**
 * A route's client middleware that loads its text parts before a navigation shows it; its handle names them too
 * (`textsHandle`), for the first page, whose texts the browser loads before it hydrates.
 */
export function loadTexts(...names: TextPart[]): MiddlewareFunction<Record<string, DataStrategyResult>> {
  return async (_args, next) => {
    await i18next.loadNamespaces(names);
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
