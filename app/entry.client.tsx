import { CacheProvider } from "@emotion/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { createEmotionCache } from "./utils/emotion.ts";
import { fallbackLanguage, isLanguage } from "./utils/i18n.ts";
import { loadMessages } from "./utils/messages.ts";
import { createTranslator } from "./utils/translate.ts";
import { TranslationProvider } from "./utils/translation.tsx";

const lang = document.documentElement.lang;
const language = isLanguage(lang) ? lang : fallbackLanguage;
// The page preloads its language's texts (root.tsx), so this waits for nothing on the network.
const translator = createTranslator(language, await loadMessages(language));

const cache = createEmotionCache();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <CacheProvider value={cache}>
        <TranslationProvider value={translator}>
          <HydratedRouter />
        </TranslationProvider>
      </CacheProvider>
    </StrictMode>,
  );
});
