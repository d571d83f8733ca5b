import { CacheProvider } from "@emotion/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { createEmotionCache } from "./utils/emotion.ts";
import { fallbackLanguage, i18nextOptions, isLanguage } from "./utils/i18n.ts";
import { loadMessages } from "./utils/messages.ts";
import { isTextPart, textPartsLoaded, textPartTexts } from "./utils/text-parts.ts";
import { TextsProvider } from "./utils/translation.tsx";

const lang = document.documentElement.lang;
const language = isLanguage(lang) ? lang : fallbackLanguage;
// Only the page's language, and the text parts its routes name (root.tsx): the page preloads them (entry.server.tsx),
// so this waits for nothing on the network.
const parts = (document.documentElement.dataset.texts ?? "").split(" ").filter(isTextPart);
const [core, partTexts] = await Promise.all([loadMessages(language), textPartTexts(language, parts)]);
await i18next.use(initReactI18next).init({
  ...i18nextOptions,
  lng: language,
  resources: { [language]: { translation: Object.assign({}, core, ...partTexts) } },
});
textPartsLoaded(language, parts);

const cache = createEmotionCache();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <CacheProvider value={cache}>
        <TextsProvider i18n={i18next}>
          <HydratedRouter />
        </TextsProvider>
      </CacheProvider>
    </StrictMode>,
  );
});
