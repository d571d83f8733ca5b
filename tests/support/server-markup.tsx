import { ChakraProvider } from "@chakra-ui/react";
import { CacheProvider } from "@emotion/react";
import { createInstance } from "i18next";
import type { ReactNode } from "react";
import { prerender } from "react-dom/static";
import { initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import en from "../../app/locales/en.ts";
import nb from "../../app/locales/nb.ts";
import { system } from "../../app/theme.ts";
import { createServerEmotionCache } from "../../app/utils/emotion.server.ts";
import type { Language } from "../../app/utils/i18n.ts";
import { TextsProvider } from "../../app/utils/translation.tsx";

const translators = Object.fromEntries(
  await Promise.all(
    (["en", "nb"] as const).map(async (language) => {
      const i18n = createInstance();
      await i18n.use(initReactI18next).init({
        lng: language,
        resources: { [language]: { translation: language === "en" ? en : nb } },
        interpolation: { escapeValue: false },
      });
      return [language, i18n] as const;
    }),
  ),
);

/**
 * The markup the server sends for `element`, shown at `url` of a route `path`, and the styles Emotion wrote for it (as
 * the page's head carries them). React waits for lazily loaded parts, as the app's server does (it renders the whole
 * document before sending it), with every boundary in place, none moved to the end for a script to put back.
 */
export async function serverMarkup(
  element: ReactNode,
  { language = "en", path = "/", url = "/" }: { language?: Language; path?: string; url?: string } = {},
): Promise<{ html: string; styles: string }> {
  const Stub = createRoutesStub([{ path, Component: () => <>{element}</> }]);
  const cache = createServerEmotionCache("test");
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <TextsProvider i18n={translators[language]}>
        <ChakraProvider value={system}>
          <Stub initialEntries={[url]} />
        </ChakraProvider>
      </TextsProvider>
    </CacheProvider>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const styles = Object.values(cache.inserted)
    .filter((rule) => typeof rule === "string")
    .join("");
  return { html: await new Response(prelude).text(), styles };
}
