import type { FieldMetadata } from "@conform-to/react";
import { readMessageCode } from "../../../server/contract/message-code.ts";
import { notFoundTexts } from "../../../server/contract/settings-texts.ts";
import { useMessageText } from "../../utils/message-text.ts";

/**
 * Codes the settings screens word their own way: what the API did not find, or found changed, said as the screen sees
 * it (the chosen user no longer exists; the fields changed while the page was open).
 */
const screenWording = new Map<string, string>([
  [notFoundTexts.status, "settings.metaStatus.notFound"],
  [notFoundTexts.noneOfKind, "settings.metaStatus.noneOfKind"],
  [notFoundTexts.user, "settings.workItems.userNotFound"],
  [notFoundTexts.group, "settings.workItems.groupNotFound"],
  [notFoundTexts.relationship, "settings.relationships.notFound"],
  [notFoundTexts.entity, "settings.relationships.entityNotFound"],
  ["entityOrder.everyFieldOnce", "settings.fieldManagement.orderChanged"],
]);

/** The key and values of a message's text on a settings screen, or null for a text that is no code. */
export function settingsMessageKey(message: string): { key: string; values?: Record<string, string> } | null {
  const code = readMessageCode(message);
  if (!code) return null;
  const own = screenWording.get(code.key);
  return own ? { key: own } : code;
}

/** A message of the settings in the page's language, in the screen's own wording where it has one. */
export function useSettingsMessage(): (message: string) => string {
  const messageText = useMessageText();
  return (message) => {
    const own = settingsMessageKey(message);
    return messageText(own && !own.values ? own.key : message);
  };
}

type Meta = FieldMetadata<unknown>;

/** A form field's errors in the page's language: the settings' own texts here, the rest in FormField. */
export function useTranslatedMeta(): (meta: Meta) => Meta {
  const settingsMessage = useSettingsMessage();
  return (meta) =>
    ({
      id: meta.id,
      errorId: meta.errorId,
      required: meta.required,
      errors: meta.errors?.map(settingsMessage),
    }) as Meta;
}
