import { CacheProvider } from "@emotion/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { createEmotionCache } from "./utils/emotion.ts";
import { fallbackLanguage, isLanguage, languages, resources } from "./utils/i18n.ts";

const lang = document.documentElement.lang;

await i18next.use(initReactI18next).init({
  lng: isLanguage(lang) ? lang : fallbackLanguage,
  resources,
  supportedLngs: [...languages],
  fallbackLng: fallbackLanguage,
  interpolation: { escapeValue: false },
});

const cache = createEmotionCache();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <CacheProvider value={cache}>
        <I18nextProvider i18n={i18next}>
          <HydratedRouter />
        </I18nextProvider>
      </CacheProvider>
    </StrictMode>,
  );
});
