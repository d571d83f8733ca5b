import { ChakraProvider } from "@chakra-ui/react";
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { renderToString } from "react-dom/server";
import { system } from "../theme.ts";
import { EMOTION_KEY } from "./emotion.ts";

export interface ChakraGlobalStyles {
  /** Emotion's ids for them, as a render's cache lists them. */
  ids: string[];
  css: string;
}

/**
 * Chakra's global styles: the cascade layers, the CSS reset, every token as a CSS variable,
 * keyframes and the app's global CSS. They are the same on every page and make a third of a
 * list page's HTML, so the build writes them to a stylesheet that browsers cache (see
 * vite.config.ts) and `emotionStyleTags` leaves them out of the page.
 */
export function renderChakraGlobalStyles(): ChakraGlobalStyles {
  const cache = createCache({ key: EMOTION_KEY });
  cache.compat = true;
  renderToString(
    <CacheProvider value={cache}>
      <ChakraProvider value={system}>{null}</ChakraProvider>
    </CacheProvider>,
  );
  const ids: string[] = [];
  let css = "";
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== "string") continue;
    ids.push(id);
    css += rules;
  }
  return { ids, css };
}
