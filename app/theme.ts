import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import {
  animationStyles,
  buttonRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  headingRecipe,
  inputRecipe,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  tableSlotRecipe,
  textStyles,
} from "@chakra-ui/react/theme";
import { globalCss, keyframes, semanticTokens, tokens } from "./theme-tokens.ts";
import { chakraStylesheet } from "./utils/chakra-stylesheet.ts";

/**
 * Chakra's default theme, but with only the recipes of the components the app uses: the full
 * set (`defaultConfig`) is about 27 KiB gzip of the first page's JavaScript. A component whose
 * recipe is missing renders unstyled, so theme.test.ts checks every Chakra import in app/.
 * Recipes of components that no signed-in page shows at first are in app/theme-deferred.ts.
 */
export const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    // What a signed-in page paints first; app/theme-deferred.ts has the rest.
    recipes: {
      button: buttonRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
    },
    slotRecipes: {
      field: fieldSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      table: tableSlotRecipe,
    },
  },
});

/** The app's own changes to Chakra's default theme. */
export const appConfig = defineConfig({
  theme: {
    // The product's breakpoints: xs 576, sm 768, md 992, lg 1200.
    breakpoints: { xs: "576px", sm: "768px", md: "992px", lg: "1200px", xl: "1400px", "2xl": "1600px" },
    tokens: {
      fonts: {
        heading: { value: "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
        body: { value: "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
      },
    },
  },
  globalCss: {
    "html, body": { minHeight: "100%" },
    body: { bg: "bg.subtle", color: "fg" },
  },
});

const fullSystem = createSystem(defaultBaseConfig, chakraTheme, appConfig);

/**
 * In the built browser code the global styles (reset, tokens, keyframes, global CSS) are the
 * cached stylesheet's, and the tokens come without values (app/theme-tokens.ts), so the
 * provider must not insert them again.
 */
export const system = chakraStylesheet && !import.meta.env.SSR ? { ...fullSystem, _global: [] } : fullSystem;
