import { CacheProvider } from "@emotion/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { createEmotionCache } from "./utils/emotion.ts";
import { fallbackLanguage, i18nextOptions, isLanguage } from "./utils/i18n.ts";
import { loadMessages } from "./utils/messages.ts";

const lang = document.documentElement.lang;
const language = isLanguage(lang) ? lang : fallbackLanguage;
// Only the page's language: the page preloads its texts (entry.server.tsx), so this waits for nothing on the network.
await i18next
  .use(initReactI18next)
  .init({ ...i18nextOptions, lng: language, resources: { [language]: { translation: await loadMessages(language) } } });

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
