import { roleNameIn } from "../../server/contract/iam-texts.ts";
import { type Language, useLanguage } from "./i18n.ts";

/** A role's name in `language`: a built-in role's translated, a custom one's as its author wrote it. */
export function roleName(name: string, language: Language): string {
  return roleNameIn(name, language);
}

/** Names roles in the page's language. */
export function useRoleName(): (name: string) => string {
  const language = useLanguage();
  return (name) => roleNameIn(name, language);
}
