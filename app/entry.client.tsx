import { CacheProvider } from "@emotion/react";
import i18next from "i18next";
import FetchBackend from "i18next-fetch-backend";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { createEmotionCache } from "./utils/emotion.ts";
import { fallbackLanguage, i18nextOptions, isLanguage } from "./utils/i18n.ts";
import { fetchTexts, isTextPart, textsPath } from "./utils/text-parts.ts";
import { TextsProvider } from "./utils/translation.tsx";

const { lang, dataset } = document.documentElement;
const language = isLanguage(lang) ? lang : fallbackLanguage;
// The page's language and the text parts its routes name (root.tsx), which the page's head has asked for already:
// this waits for nothing more on the network.
const namespaces = ["translation", ...(dataset.texts ?? "").split(" ").filter(isTextPart)];
await i18next
  .use(initReactI18next)
  .use(FetchBackend)
  .init({
    ...i18nextOptions,
    lng: language,
    // Every language has every key (app/locales/locales.test.ts): the other language is never fetched to fall back on.
    fallbackLng: false,
    ns: namespaces,
    backend: { loadPath: textsPath("{{lng}}", "{{ns}}", dataset.textsVersion), fetch: fetchTexts },
  });

// Texts that did not come leave the page as the server drew it, working as it does without JavaScript, rather than
// showing keys in their place.
if (namespaces.every((namespace) => i18next.hasLoadedNamespace(namespace))) {
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
}
