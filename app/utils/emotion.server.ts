import createCache, { type EmotionCache } from "@emotion/cache";
import { renderStaticClasses } from "../styles/static-classes/static-css.server.tsx";
import { renderChakraGlobalStyles } from "./chakra-global-css.server.tsx";
import { chakraStylesheet } from "./chakra-stylesheet.ts";
import { EMOTION_KEY } from "./emotion.ts";

/** A cache per request; compat mode keeps Emotion from writing <style> tags into <body>. */
export function createServerEmotionCache(nonce: string): EmotionCache {
  const cache = createCache({ key: EMOTION_KEY, nonce });
  cache.compat = true;
  return cache;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
}

let globalIds: Set<string> | undefined;

/** Styles that the built stylesheet (root's `links`) holds, so pages leave them out; none in dev. */
function stylesheetIds(): Set<string> {
  globalIds ??= new Set(chakraStylesheet ? renderChakraGlobalStyles().ids : []);
  return globalIds;
}

let staticCss: string | undefined;

/** The static classes, which the built stylesheet holds; in dev, pages carry them inline. */
function inlineStaticClasses(nonce: string): string {
  if (chakraStylesheet) return "";
  staticCss ??= renderStaticClasses();
  return `<style data-static-classes nonce="${nonce}">${staticCss}</style>`;
}

/**
 * The styles a render used, as one <style> tag for <head>, in the order they were inserted.
 * Order matters: Chakra declares its cascade layers first, and a rule set placed ahead of
 * that declaration would reorder the layers; the stylesheet with the global styles, which
 * declares them, comes before this tag. The browser's cache picks the tag up at start;
 * <Global> styles are then inserted again on the client, which is harmless.
 */
export function emotionStyleTags(cache: EmotionCache, nonce: string): string {
  const skip = stylesheetIds();
  const ids: string[] = [];
  let css = "";
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== "string" || rules === "" || skip.has(id)) continue;
    ids.push(id);
    css += rules;
  }
  // In dev the static classes come after the global styles, which declare the cascade layers.
  if (ids.length === 0) return inlineStaticClasses(nonce);
  return `<style data-emotion="${escapeAttribute(`${cache.key} ${ids.join(" ")}`)}" nonce="${nonce}">${css}</style>${inlineStaticClasses(nonce)}`;
}
