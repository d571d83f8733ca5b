import { z } from "zod";
import { maxValueMessage, messages, minValueMessage } from "./messages.ts";
import { requiredNameSchema } from "./names.ts";
import { OWN_SHORTCUTS_MAX, SHARED_SHORTCUTS_MAX, shortcutTexts } from "./shortcut-texts.ts";

/**
 * Shortcuts (spec §2, §3 name, url, visible, ordering, group; §6 visibility; §7 `/api/shortcuts`): a user's own, or
 * shared ones made in the system settings for everyone, company administrators only, or one group.
 */
export const shortcutVisibilities = ["everyone", "admins", "group"] as const;
export type ShortcutVisibility = (typeof shortcutVisibilities)[number];

export { OWN_SHORTCUTS_MAX, SHARED_SHORTCUTS_MAX, shortcutTexts } from "./shortcut-texts.ts";

export const SHORTCUT_ORDERING_MAX = 9999;

// Tabs and line breaks are dropped by URL parsers ("/\t/evil.example" is "//evil.example"); a backslash reads as a
// slash; a space is never in a path a browser shows.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\\]/;
const BASE = "http://workspace.invalid";

/**
 * A path inside the app ("/companies?q=acme"): it starts with one slash, has no scheme, host, backslash, space or
 * control character, and stays on the app's origin once a browser resolves it (dot segments cannot make it "//host").
 */
export function isAppPath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//") || UNSAFE_CHARACTERS.test(value)) return false;
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE && !/^\/[/\\]/.test(url.pathname);
  } catch {
    return false;
  }
}

const name = requiredNameSchema;
const url = z
  .string()
  .trim()
  .min(1, messages.required)
  .max(1000, messages.max1000)
  // An empty one is only "Required".
  .refine((value) => value === "" || isAppPath(value), shortcutTexts.appPath);

/** `POST /api/shortcuts/shortcut` (the user's own, such as the page they are on) and `PUT …/shortcut/{id}`. */
export const shortcutInputSchema = z.object({ name, url });
export type ShortcutInput = z.infer<typeof shortcutInputSchema>;

/** A shared shortcut, as the system settings make it: whom it is for, and its place among the shared ones. */
export const sharedShortcutInputSchema = z
  .object({
    name,
    url,
    visibility: z.enum(shortcutVisibilities, { error: messages.notAnOption }),
    groupUuid: z.uuid(messages.notAnOption).nullish(),
    ordering: z
      .number({ error: messages.notANumber })
      .int(messages.notANumber)
      .min(0, minValueMessage(0))
      .max(SHORTCUT_ORDERING_MAX, maxValueMessage(SHORTCUT_ORDERING_MAX))
      // Left out: a new one goes last, a changed one keeps its place.
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.visibility === "group" && !input.groupUuid) {
      ctx.addIssue({ code: "custom", message: messages.required, path: ["groupUuid"] });
    }
  })
  .transform((input) => ({ ...input, groupUuid: input.visibility === "group" ? (input.groupUuid ?? null) : null }));
export type SharedShortcutInput = z.output<typeof sharedShortcutInputSchema>;

const group = z.object({ uuid: z.string(), name: z.string() }).nullable();

/** One shortcut as its user sees it (`GET /api/shortcuts/shortcut/user`), in the user's order. */
export const shortcutSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  url: z.string(),
  visible: z.boolean(),
  /** Its place in the user's list, from 0. */
  ordering: z.number().int(),
  /** The user's own (they may rename and delete it), or a shared one. */
  own: z.boolean(),
  /** A shared one's audience; null for the user's own. */
  visibility: z.enum(shortcutVisibilities).nullable(),
  group,
});
export type ShortcutDto = z.infer<typeof shortcutSchema>;

/** A shared shortcut in the system settings. */
export const sharedShortcutSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  url: z.string(),
  visibility: z.enum(shortcutVisibilities),
  group,
  ordering: z.number().int(),
});
export type SharedShortcutDto = z.infer<typeof sharedShortcutSchema>;

/** `PATCH /api/shortcuts/shortcut/order`: the ids of the user's shortcuts in their new order; any left out follow. */
export const shortcutOrderSchema = z
  .array(z.uuid())
  .min(1)
  .max(OWN_SHORTCUTS_MAX + SHARED_SHORTCUTS_MAX);
