import { parseWithZod } from "@conform-to/zod/v4";
import { type SharedShortcutDto, sharedShortcutInputSchema } from "../../../../server/contract/shortcuts.ts";

/** A shared shortcut as the panel posts it: the API's own schema (its ordering a number, or empty for last). */
export const sharedShortcutFormSchema = sharedShortcutInputSchema;

export function parseSharedShortcutForm(formData: FormData) {
  return parseWithZod(formData, { schema: sharedShortcutFormSchema });
}

/** A group the shortcut may be for. */
export interface GroupOption {
  uuid: string;
  name: string;
}

/** The form's values for a shortcut being changed; a new one is for everyone and goes last. */
export function sharedShortcutDefaults(shortcut?: SharedShortcutDto) {
  if (!shortcut) return { name: "", url: "/", visibility: "everyone", groupUuid: "", ordering: "" };
  return {
    name: shortcut.name,
    url: shortcut.url,
    visibility: shortcut.visibility,
    groupUuid: shortcut.group?.uuid ?? "",
    ordering: String(shortcut.ordering),
  };
}
