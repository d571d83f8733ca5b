import { system } from "../theme.ts";

declare const __CHAKRA_STYLESHEET__: string;

/**
 * The URL of the built stylesheet with Chakra's global styles (see vite.config.ts and
 * chakra-global-css.server.ts); empty in dev and in tests, where pages carry them inline.
 */
export const chakraStylesheet: string = typeof __CHAKRA_STYLESHEET__ === "string" ? __CHAKRA_STYLESHEET__ : "";

/**
 * The system as the app's ChakraProvider gets it. Where the built stylesheet holds the global styles, its <Global> gets
 * none: Emotion would serialise all of them on every render (on the server, for every page) only for
 * `emotionStyleTags` to leave them out. The dev server keeps them.
 */
export const providedSystem: typeof system = chakraStylesheet ? { ...system, _global: [] } : system;
