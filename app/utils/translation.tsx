import { createContext, type ReactNode, useContext } from "react";
import type { Translator } from "./translate.ts";

const TranslationContext = createContext<Translator | null>(null);

/** The page's language and its texts, for every component below. */
export function TranslationProvider({ value, children }: { value: Translator; children: ReactNode }) {
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

/** `t(key, values)` in the page's language, and the language itself. */
export function useTranslation(): Translator {
  const translator = useContext(TranslationContext);
  if (!translator) throw new Error("useTranslation needs a TranslationProvider");
  return translator;
}
