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
 * The styles a render used, as <style> tags for <head>: global ones in the shape Emotion's
 * <Global> rehydrates, class rules in the shape the client cache picks up at start.
 */
export function emotionStyleTags(cache: EmotionCache, html: string, nonce: string): string {
  const classIds: string[] = [];
  let classCss = "";
  let tags = "";
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== "string") continue;
    if (html.includes(`${cache.key}-${id}`)) {
      classIds.push(id);
      classCss += rules;
    } else {
      tags += `<style data-emotion="${escapeAttribute(`${cache.key}-global ${id}`)}" nonce="${nonce}">${rules}</style>`;
    }
  }
  if (classIds.length > 0) {
    tags += `<style data-emotion="${escapeAttribute(`${cache.key} ${classIds.join(" ")}`)}" nonce="${nonce}">${classCss}</style>`;
  }
  return tags;
}
