/**
 * Shortcuts' limits and texts, apart from the schemas (shortcuts.ts, which re-exports them) so that the web app's
 * locale files use them without loading Zod into every page.
 */

/** The most own shortcuts a user keeps, and shared ones a workspace has: a menu, not a bookmark store. */
export const OWN_SHORTCUTS_MAX = 50;
export const SHARED_SHORTCUTS_MAX = 100;

/** The product's own texts (the specification has none), shown in the page's language by the web app. */
export const shortcutTexts = {
  appPath: "Must be a path in the app, starting with /",
  ownLimit: `At most ${OWN_SHORTCUTS_MAX} shortcuts`,
  sharedLimit: `At most ${SHARED_SHORTCUTS_MAX} shared shortcuts`,
  listedOnce: "List each shortcut once",
  notFound: "Shortcut not found",
} as const;
