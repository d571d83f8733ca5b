import {
  buttonRecipe,
  fieldSlotRecipe,
  headingRecipe,
  inputRecipe,
  linkRecipe,
  nativeSelectSlotRecipe,
  tableSlotRecipe,
} from "@chakra-ui/react/theme";

/**
 * What the app's Chakra theme is made of (app/theme.ts): Chakra's default tokens, keyframes,
 * global CSS, text, layer and animation styles, the recipes of what a signed-in page paints
 * first, and the app's own fonts and global CSS. The browser build replaces this module with
 * plain data (`browserThemeModule` in app/utils/chakra-browser-theme.ts, vite.config.ts): the
 * tokens without their values, since in the browser a token is only ever written as its CSS
 * variable and the values, keyframes and global CSS come with the cached stylesheet; the
 * recipes as the objects they are, without the modules that build them.
 */
export {
  animationStyles,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from "@chakra-ui/react/theme";

export const recipes = { button: buttonRecipe, heading: headingRecipe, input: inputRecipe, link: linkRecipe };

export const slotRecipes = { field: fieldSlotRecipe, nativeSelect: nativeSelectSlotRecipe, table: tableSlotRecipe };

/** The product's fonts, in place of Chakra's. */
export const appTokens = {
  fonts: {
    heading: { value: "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
    body: { value: "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
  },
};

export const appGlobalCss = {
  "html, body": { minHeight: "100%" },
  body: { bg: "bg.subtle", color: "fg" },
};
