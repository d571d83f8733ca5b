// @vitest-environment happy-dom
import { ChakraProvider } from "@chakra-ui/react";
import { CacheProvider } from "@emotion/react";
import { createInstance } from "i18next";
import { act, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { prerender } from "react-dom/static";
import { initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChartWidgetData } from "../../../server/contract/widget-data.ts";
import nb from "../../locales/nb.ts";
import { system } from "../../theme.ts";
import { createServerEmotionCache } from "../../utils/emotion.server.ts";
import { TextsProvider } from "../../utils/translation.tsx";
import { preloadCharts, WidgetView } from "./widget-view.tsx";

// React's act() for the hydration; the test waits for the charts' code itself.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

/**
 * Here the server's renderer and the browser's run in one process and share the providers' contexts, which React's
 * development build reports; the app's server and browser never do.
 */
const sharedRenderers = /^Detected multiple renderers concurrently rendering the same context provider/;

const i18n = createInstance();
await i18n.use(initReactI18next).init({
  lng: "nb",
  resources: { nb: { translation: nb } },
  interpolation: { escapeValue: false },
});

const chart = (type: ChartWidgetData["type"]): ChartWidgetData => ({
  type,
  labelTitle: "Opprettet",
  dateGrouping: "QUARTER",
  labels: [
    { key: "2026-01-01", text: null },
    { key: "2026-04-01", text: null },
    { key: null, text: null },
  ],
  series: [
    { key: "a", description: "Nye firmaer", values: [12, 30, 7] },
    { key: "b", description: "Tapte", values: [3, null, 1] },
  ],
});

/** The page as the server and the browser both render it: the same tree on each side (charts need no router). */
function page(types: ChartWidgetData["type"][]): ReactNode {
  return (
    <TextsProvider i18n={i18n}>
      <ChakraProvider value={system}>
        {types.map((type) => (
          <WidgetView key={type} data={chart(type)} title={`Diagram ${type}`} />
        ))}
      </ChakraProvider>
    </TextsProvider>
  );
}

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("charts drawn on the server", () => {
  it("hydrate in the browser without a mismatch, and scale once they have", async () => {
    const types: ChartWidgetData["type"][] = ["BAR", "GROUPED_BAR", "LINE", "MULTILINE", "PIE", "TREE"];
    // The charts' code as if reached: here the server's render shares the browser's modules (when-reached.test.tsx
    // hydrates a part that waits).
    preloadCharts(types);
    const { prelude } = await prerender(
      <CacheProvider value={createServerEmotionCache("test")}>{page(types)}</CacheProvider>,
      // As the app's server renders: every boundary in place (entry.server.tsx).
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const container = document.createElement("div");
    container.innerHTML = await new Response(prelude).text();
    document.body.append(container);
    expect(container.querySelectorAll("[data-chart] svg")).toHaveLength(types.length);

    const problems: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args) => {
      const message = args.map(String).join(" ");
      if (!sharedRenderers.test(message)) problems.push(message);
    });
    await act(async () => {
      hydrateRoot(container, page(types), { onRecoverableError: (error) => problems.push(String(error)) });
    });
    // Each chart's code arrives (a dynamic import), then its SVG hydrates and gets its viewBox.
    await vi.waitFor(() => expect(container.querySelectorAll("[data-chart] svg[viewBox]")).toHaveLength(types.length));
    expect(problems).toEqual([]);
    expect(container.querySelector('[data-chart="BAR"] svg')?.getAttribute("aria-label")).toBe("Diagram BAR");
    expect([...container.querySelectorAll('[data-chart="BAR"] text')].map((text) => text.textContent)).toContain(
      "K2 2026",
    );
  });
});
