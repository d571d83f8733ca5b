import type { FieldMetadata } from "@conform-to/react";
import { fieldRuleTexts, fieldTexts } from "../../../server/contract/custom-fields.ts";
import { entityOrderTexts } from "../../../server/contract/entity-order.ts";
import { DEFAULT_MUST_BE_ACTIVE, INVALID_COLOUR } from "../../../server/contract/meta-status.ts";
import { overviewBlockTexts } from "../../../server/contract/overview-blocks.ts";
import { useTranslation } from "../../utils/translation.tsx";

/**
 * The settings' own texts, which the contract gives in English (its rules for custom fields, the API's refusals that
 * the error catalogue has no text for), and their keys in the locale files.
 */
const keys = new Map<string, string>([
  ...Object.entries(fieldRuleTexts).map(([key, text]): [string, string] => [text, `settings.rules.${key}`]),
  [fieldTexts.optionInUse, "settings.rules.optionInUse"],
  ["Standard fields cannot be deactivated or edited", "settings.rules.standardField"],
  ["Standard relationships cannot be changed or deleted", "settings.relationships.standard"],
  ["Relationship not found", "settings.relationships.notFound"],
  ["Entity not found", "settings.relationships.entityNotFound"],
  ...Object.entries(overviewBlockTexts).map(([key, text]): [string, string] => [
    text,
    `settings.overviewBlocks.${key}`,
  ]),
  [INVALID_COLOUR, "settings.metaStatus.invalidColour"],
  [DEFAULT_MUST_BE_ACTIVE, "settings.metaStatus.defaultMustBeActive"],
  ["Status not found", "settings.metaStatus.notFound"],
  ["User not found", "settings.workItems.userNotFound"],
  ["Group not found", "settings.workItems.groupNotFound"],
]);

export function settingsMessageKey(text: string): { key: string; values?: Record<string, string> } | null {
  const key = keys.get(text);
  if (key) return { key };
  // The order named the fields as they were: one was added or deleted meanwhile.
  if (text.startsWith(entityOrderTexts.everyFieldOnce)) return { key: "settings.fieldManagement.orderChanged" };
  if (/^The entity has no (status|priority|category|source)$/.test(text))
    return { key: "settings.metaStatus.noneOfKind" };
  const fields = /^This entity already has (\d+) custom fields, the most an entity can have$/.exec(text);
  if (fields) return { key: "settings.rules.fieldLimit", values: { limit: fields[1] } };
  const columns = /^The entity has used all (\d+) columns$/.exec(text);
  return columns ? { key: "settings.rules.columnLimit", values: { limit: columns[1] } } : null;
}

/**
 * A message of the field settings in the page's language; any other (validation, the error catalogue) is left as it
 * is, for FormField and ErrorDialog to show in the page's language.
 */
export function useSettingsMessage(): (text: string) => string {
  const { t } = useTranslation();
  return (text) => {
    const found = settingsMessageKey(text);
    return found ? t(found.key, found.values) : text;
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
