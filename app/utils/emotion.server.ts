import createCache, { type EmotionCache } from "@emotion/cache";
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

/**
 * The styles a render used, as one <style> tag for <head>, in the order they were inserted.
 * Order matters: Chakra declares its cascade layers first, and a rule set placed ahead of
 * that declaration would reorder the layers. The browser's cache picks the tag up at start;
 * <Global> styles are then inserted again on the client, which is harmless.
 */
export function emotionStyleTags(cache: EmotionCache, nonce: string): string {
  const ids: string[] = [];
  let css = "";
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== "string") continue;
    ids.push(id);
    css += rules;
  }
  if (ids.length === 0) return "";
  return `<style data-emotion="${escapeAttribute(`${cache.key} ${ids.join(" ")}`)}" nonce="${nonce}">${css}</style>`;
}
