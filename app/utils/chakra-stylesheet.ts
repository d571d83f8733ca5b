declare const __CHAKRA_STYLESHEET__: string;

/**
 * The URL of the built stylesheet with Chakra's global styles (see vite.config.ts and
 * chakra-global-css.server.ts); empty in dev and in tests, where pages carry them inline.
 */
export const chakraStylesheet: string = typeof __CHAKRA_STYLESHEET__ === "string" ? __CHAKRA_STYLESHEET__ : "";
