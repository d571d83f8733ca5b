import { defaultBaseConfig } from "@chakra-ui/react/preset-base";
import { createSystem, defineConfig } from "@chakra-ui/react/styled-system";
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from "@chakra-ui/react/theme";
import { recipes, slotRecipes } from "./theme-recipes.ts";
import { chakraStylesheet } from "./utils/chakra-stylesheet.ts";

const fontStack = "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** The app's changes to Chakra's default theme. */
export const appConfig = defineConfig({
  theme: {
    // The product's breakpoints: xs 576, sm 768, md 992, lg 1200.
    breakpoints: { xs: "576px", sm: "768px", md: "992px", lg: "1200px", xl: "1400px", "2xl": "1600px" },
    tokens: {
      fonts: { heading: { value: fontStack }, body: { value: fontStack } },
      // The skip link goes above the sticky header and everything else.
      zIndex: { skipLink: { value: 1900 } },
    },
    semanticTokens: {
      colors: {
        // White on Chakra's teal.600 is 3.74:1; teal.700 is 5.47:1, enough for text on the primary buttons.
        teal: {
          solid: { value: "{colors.teal.700}" },
          emphasized: { value: { _light: "{colors.teal.300}", _dark: "{colors.teal.700}" } },
        },
      },
    },
  },
  globalCss: {
    "html, body": { minHeight: "100%" },
    body: { bg: "bg.subtle", color: "fg" },
  },
});

/**
 * Chakra's default theme (its `defaultConfig`, put together here so that the recipes come from app/theme-recipes.ts:
 * in the browser only those the app's components use) with the app's changes.
 */
const chakraConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

const fullSystem = createSystem(defaultBaseConfig, chakraConfig, appConfig);

/**
 * Where the build wrote the global styles (reset, tokens, keyframes, global CSS) to the cached stylesheet
 * (decision 006), the provider gets none: Emotion would serialise all of them for every page only for
 * `emotionStyleTags` to leave them out. The dev server and tests keep them inline.
 */
export const system = chakraStylesheet ? { ...fullSystem, _global: [] } : fullSystem;
