import createCache from "@emotion/cache";

export const EMOTION_KEY = "css";

export function createEmotionCache() {
  return createCache({ key: EMOTION_KEY });
}
