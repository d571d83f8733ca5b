import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { CustomFieldInput, FieldSetting } from "../../../../server/contract/custom-fields.ts";
import { messages } from "../../../../server/contract/messages.ts";
import { fieldNamesAndSwitches } from "../custom-fields/custom-field-form.ts";

/**
 * What a row's buttons ask: a move one place up or down, or one of the field's switches set on or off. Each button
 * posts its own intent, so the row is one form.
 */
export const fieldManagementIntents = [
  "move-up",
  "move-down",
  "required-on",
  "required-off",
  "hidden-on",
  "hidden-off",
  "active-on",
  "active-off",
  // The warning of a refusal closed without JavaScript: back to the row.
  "dismiss",
] as const;
export type FieldManagementIntent = (typeof fieldManagementIntents)[number];

/** The settings a row switches, each through the field's settings call. */
export type FieldSwitch = "required" | "hidden" | "active";

/** A row's form: the field and what its button asks, the same in the browser and in the action. */
export const fieldManagementSchema = z.object({
  key: z.string({ error: messages.required }).regex(/^[a-z][a-z0-9_]{0,62}$/),
  intent: z.enum(fieldManagementIntents, { error: messages.notAnOption }),
  /** Posted by the page's script (a fetcher), which wants an answer rather than a redirect to the row. */
  enhanced: z.boolean().default(false),
});

export function parseFieldManagementForm(formData: FormData) {
  return parseWithZod(formData, { schema: fieldManagementSchema });
}

export type FieldCommand =
  | { kind: "move"; direction: "up" | "down" }
  | { kind: "switch"; setting: FieldSwitch; value: boolean }
  | { kind: "dismiss" };

export function commandOf(intent: FieldManagementIntent): FieldCommand {
  if (intent === "dismiss") return { kind: "dismiss" };
  const [name, what] = intent.split("-") as [string, string];
  if (name === "move") return { kind: "move", direction: what === "up" ? "up" : "down" };
  return { kind: "switch", setting: name as FieldSwitch, value: what === "on" };
}

export function switchIntent(setting: FieldSwitch, value: boolean): FieldManagementIntent {
  return `${setting}-${value ? "on" : "off"}`;
}

/** The keys with `key` moved one place; null when it cannot move so (not there, or already at that end). */
export function movedKeys(keys: readonly string[], key: string, direction: "up" | "down"): string[] | null {
  const from = keys.indexOf(key);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= keys.length) return null;
  const moved = [...keys];
  [moved[from], moved[to]] = [moved[to] as string, moved[from] as string];
  return moved;
}

/**
 * The body the field's settings call takes: the field's settings as they are, with one switch changed. Limits,
 * options and the default go back as the API gave them (a Percent's limits as fractions, the default as stored).
 */
export function fieldInputOf(field: FieldSetting, setting: FieldSwitch, value: boolean): CustomFieldInput {
  return {
    ...fieldNamesAndSwitches(field),
    minLength: field.minLength,
    maxLength: field.maxLength,
    minValue: field.minValue,
    maxValue: field.maxValue,
    from: field.from,
    to: field.to,
    defaultValue: field.defaultValue ?? undefined,
    options: field.options,
    query: field.query,
    [setting]: value,
  };
}
