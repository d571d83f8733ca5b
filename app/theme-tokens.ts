/**
 * Chakra's default tokens, keyframes and global CSS, for app/theme.ts. The browser build
 * replaces this module with the same tokens without their values (see `browserTheme` in
 * app/utils/chakra-browser-theme.ts and vite.config.ts): in the browser, a token is only ever
 * written as its CSS variable, and the variables' values, the keyframes and the global CSS
 * come with the cached stylesheet.
 */
export { globalCss, keyframes, semanticTokens, tokens } from "@chakra-ui/react/theme";
