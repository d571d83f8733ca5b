import { advancedSearchTexts } from "../../server/contract/advanced-search-texts.ts";
import { bulkDataTexts } from "../../server/contract/bulk-data-texts.ts";
import { dashboardTexts } from "../../server/contract/dashboard-texts.ts";
import { passwordMessages, profileTexts } from "../../server/contract/profile-texts.ts";
import { apiErrorTexts, validationTexts } from "../locales/spec-texts.ts";
import { useTranslation } from "./translation.tsx";

/**
 * Texts the API and the forms' schemas give in English, as the specification words them (validation messages, the
 * error catalogue), and the key each has in the locale files, so that they show in the page's language. A text
 * without a key (a server message shown as is) shows as it came.
 */
const specTexts = new Set<string>([...Object.values(validationTexts), ...Object.values(apiErrorTexts)]);

const exact = new Map<string, string>([
  ...Object.entries(validationTexts)
    .filter(([, text]) => !text.includes("{{"))
    .map(([key, text]): [string, string] => [text, `validation.${key}`]),
  ...Object.entries(apiErrorTexts)
    .filter(([, text]) => !text.includes("{{"))
    .map(([key, text]): [string, string] => [text, `apiErrors.${key}`]),
  // The product's own texts for the profile's rules and the password policy.
  ...Object.entries(profileTexts).map(([key, text]): [string, string] => [text, `profile.messages.${key}`]),
  ...Object.entries(passwordMessages).map(([key, text]): [string, string] => [text, `profile.messages.${key}`]),
  // The product's own texts of bulk imports and exports (the mapping's rules, an import's row errors).
  ...Object.entries(bulkDataTexts)
    .filter(([key]) => key !== "errorColumnNb")
    .map(([key, text]): [string, string] => [text, `bulk.messages.${key}`]),
  // Advanced search's own texts; those that are validation's or the catalogue's keep their keys there.
  ...Object.entries(advancedSearchTexts)
    .filter(([, text]) => !specTexts.has(text) && !/^Max \d+ limit$/.test(text))
    .map(([key, text]): [string, string] => [text, `searchMessages.${key}`]),
  // The product's own texts of widgets and dashboards.
  ...Object.entries(dashboardTexts).map(([key, text]): [string, string] => [text, `dashboardMessages.${key}`]),
  // The specification also spells it so.
  ["Must be a valid URLes", "validation.invalidUrl"],
]);

export function messageKey(text: string): { key: string; values?: Record<string, string> } | null {
  const key = exact.get(text);
  if (key) return { key };
  const max = /^Max (\d+) limit$/.exec(text);
  if (max) return { key: "validation.maxLength", values: { max: max[1] } };
  const tooLarge = /^File should not exceed (\d+)mb$/.exec(text);
  if (tooLarge) return { key: "validation.fileTooLarge", values: { max: tooLarge[1] } };
  const limit = limitMessage(text);
  if (limit) return limit;
  const duplicate = /^(.+) already exist$/.exec(text);
  if (duplicate) return { key: "validation.duplicate", values: { value: duplicate[1] } };
  return null;
}

/** The product's texts for values outside a custom field's limits (server/contract/fields.ts). */
function limitMessage(text: string): { key: string; values: Record<string, string> } | null {
  const min = /^Min (\d+) characters$/.exec(text);
  if (min) return { key: "validation.minLength", values: { min: min[1] } };
  const least = /^Must be at least (.+)$/.exec(text);
  if (least) return { key: "validation.minValue", values: { min: least[1] } };
  const most = /^Must be at most (.+)$/.exec(text);
  if (most) return { key: "validation.maxValue", values: { max: most[1] } };
  const from = /^Must be (\d{4}-\d{2}-\d{2}) or later$/.exec(text);
  if (from) return { key: "validation.fromDate", values: { date: from[1] } };
  const to = /^Must be (\d{4}-\d{2}-\d{2}) or earlier$/.exec(text);
  if (to) return { key: "validation.toDate", values: { date: to[1] } };
  return null;
}

/** A message of the API or of a schema in the page's language. */
export function useMessageText(): (text: string) => string {
  const { t } = useTranslation();
  return (text) => {
    const found = messageKey(text);
    return found ? t(found.key, found.values) : text;
  };
}
