import { parseWithZod } from "@conform-to/zod/v4";
import { shortcutInputSchema } from "../../../server/contract/shortcuts.ts";

/** The rename panel's form, by id. */
export const SHORTCUT_FORM_ID = "shortcut-form";

/** A shortcut's name and address, as the rename panel posts them: the API's own schema. */
export const shortcutFormSchema = shortcutInputSchema;

export function parseShortcutForm(formData: FormData) {
  return parseWithZod(formData, { schema: shortcutFormSchema });
}
