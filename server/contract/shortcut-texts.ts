import { messageCodes } from "./message-code.ts";
import { validationCodes } from "./messages.ts";

/**
 * Shortcuts' limits and texts, apart from the schemas (shortcuts.ts, which re-exports them) so that the web app's
 * locale files use them without loading Zod into every page.
 */

/** The most own shortcuts a user keeps, and shared ones a workspace has: a menu, not a bookmark store. */
export const OWN_SHORTCUTS_MAX = 50;
export const SHARED_SHORTCUTS_MAX = 100;

/** The product's own texts in English (the specification has none), by their keys (`shortcuts.messages.<name>`). */
export const shortcutEnglish = {
  ownLimit: `At most ${OWN_SHORTCUTS_MAX} shortcuts`,
  sharedLimit: `At most ${SHARED_SHORTCUTS_MAX} shared shortcuts`,
  listedOnce: "List each shortcut once",
  notFound: "Shortcut not found",
} as const;

/** The codes of shortcuts' messages. */
export const shortcutTexts = {
  ...messageCodes("shortcuts.messages", shortcutEnglish),
  appPath: validationCodes.appPath,
} as const;
