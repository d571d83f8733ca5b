import type { i18n as I18n } from "i18next";
import { readMessageCode } from "../../server/contract/message-code.ts";
import { useTranslation } from "./translation.tsx";

/**
 * A message in a translator's language. Schemas, actions and the API give messages as codes (the key of the text in
 * the locale files, with its values: server/contract/message-code.ts); a text that is no code (a server message
 * without one) shows as it came.
 */
export function messageIn(i18n: Pick<I18n, "t" | "exists">, message: string): string {
  const code = readMessageCode(message);
  return code && i18n.exists(code.key) ? i18n.t(code.key, code.values) : message;
}

/** A message in the page's language. */
export function useMessageText(): (message: string) => string {
  const { i18n } = useTranslation();
  return (message) => messageIn(i18n, message);
}
