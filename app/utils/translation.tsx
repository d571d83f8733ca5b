import type { i18n as I18n } from "i18next";
import { createContext, type ReactNode, useContext } from "react";
import { I18nextProvider, type UseTranslationResponse, useTranslation as useLibraryTranslation } from "react-i18next";

type PageTranslation = UseTranslationResponse<"translation", undefined>;

const PageTranslationContext = createContext<PageTranslation | null>(null);

/** react-i18next's translator, taken once for the whole page. */
function PageTranslationProvider({ children }: { children: ReactNode }) {
  const translation = useLibraryTranslation();
  return <PageTranslationContext value={translation}>{children}</PageTranslationContext>;
}

/**
 * The page's texts: i18next through react-i18next, with the translator taken once for the whole page (decision 040).
 * Wraps the app in entry.server.tsx and entry.client.tsx, and components in tests.
 */
export function TextsProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <PageTranslationProvider>{children}</PageTranslationProvider>
    </I18nextProvider>
  );
}

/**
 * react-i18next's `useTranslation()` (default namespace) for a component of the page. The library's hook copies the
 * i18next instance for each component that calls it, on every server render: some thirty times a list page, 2 ms of
 * its CPU. Here every component shares the page's one translator, which changes, and re-renders them, when the
 * language does.
 */
export function useTranslation(): PageTranslation {
  const translation = useContext(PageTranslationContext);
  if (!translation) throw new Error("useTranslation() outside TextsProvider");
  return translation;
}
