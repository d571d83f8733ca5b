import { z } from "zod";
import { languages } from "./i18n.ts";
import { menuLayouts, skins } from "./preferences.ts";

/**
 * The preference forms (skin, menu layout, language): each posts its `intent` and the chosen `value`, from buttons,
 * with nothing typed; the action parses them with Conform.
 */
export const preferenceSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("skin"), value: z.enum(skins) }),
  z.object({ intent: z.literal("menuLayout"), value: z.enum(menuLayouts) }),
  z.object({ intent: z.literal("language"), value: z.enum(languages) }),
]);
