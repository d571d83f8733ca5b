import { defaultBaseConfig } from "@chakra-ui/react/preset-base";
import { createSystem, defineConfig } from "@chakra-ui/react/styled-system";
import {
  animationStyles,
  appGlobalCss,
  appTokens,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  recipes,
  semanticTokens,
  slotRecipes,
  textStyles,
  tokens,
} from "./theme-data.ts";
import { chakraStylesheet } from "./utils/chakra-stylesheet.ts";

const themeData = {
  cssVarsPrefix,
  cssVarsRoot,
  tokens,
  semanticTokens,
  keyframes,
  globalCss,
  textStyles,
  layerStyles,
  animationStyles,
  recipes,
  slotRecipes,
  appTokens,
  appGlobalCss,
};

/** What app/theme-data.ts exports; the browser build replaces it with data of the same shape. */
export type ThemeData = typeof themeData;

/**
 * Chakra's default theme, but with only the recipes of the components the app uses: the full
 * set (`defaultConfig`) is about 27 KiB gzip of the first page's JavaScript. A component whose
 * recipe is missing renders unstyled, so theme.test.ts checks every Chakra import in app/.
 * Recipes of components that no signed-in page shows at first are in app/theme-deferred.ts.
 */
function chakraTheme(data: ThemeData) {
  return defineConfig({
    preflight: true,
    cssVarsPrefix: data.cssVarsPrefix,
    cssVarsRoot: data.cssVarsRoot,
    globalCss: data.globalCss,
    theme: {
      keyframes: data.keyframes,
      tokens: data.tokens,
      semanticTokens: data.semanticTokens,
      textStyles: data.textStyles,
      layerStyles: data.layerStyles,
      animationStyles: data.animationStyles,
      // What a signed-in page paints first; app/theme-deferred.ts has the rest.
      recipes: data.recipes,
      slotRecipes: data.slotRecipes,
    },
  });
}

/** The app's own changes to Chakra's default theme. */
function appChanges(data: ThemeData) {
  return defineConfig({
    theme: {
      // The product's breakpoints: xs 576, sm 768, md 992, lg 1200.
      breakpoints: { xs: "576px", sm: "768px", md: "992px", lg: "1200px", xl: "1400px", "2xl": "1600px" },
      tokens: data.appTokens,
    },
    globalCss: data.appGlobalCss,
  });
}

export const appConfig = appChanges(themeData);

export function createAppSystem(data: ThemeData) {
  return createSystem(defaultBaseConfig, chakraTheme(data), appChanges(data));
}

const fullSystem = createAppSystem(themeData);

/**
 * Where the build wrote the global styles (reset, tokens, keyframes, global CSS) to the cached
 * stylesheet, the provider gets none: in the browser the tokens come without values
 * (app/theme-data.ts), and on the server Emotion would serialise all of them for every page
 * only for `emotionStyleTags` to leave them out. The dev server and tests keep them inline.
 */
export const system = chakraStylesheet ? { ...fullSystem, _global: [] } : fullSystem;
