import { ChakraProvider, createSystem, defaultConfig } from "@chakra-ui/react";
import { tokens } from "@chakra-ui/react/theme";
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import i18next from "i18next";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { recipeKeysUsed } from "./styles/chakra-recipes.ts";
import { renderStaticClassRules } from "./styles/static-classes/static-css.server.tsx";
import { appConfig, system } from "./theme.ts";
import { renderChakraGlobalStyles } from "./utils/chakra-global-css.server.tsx";
import { TextsProvider } from "./utils/translation.tsx";

const used = recipeKeysUsed(import.meta.dirname);

/** Relative luminance of a #rrggbb colour (WCAG 2). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

// The components' texts are their keys here: only their styles are compared.
const texts = i18next.createInstance();
await texts.init({ lng: "en", resources: {} });

/** Renders markup with a system, the way the server renders a page (Emotion's classes included). */
function render(chakraSystem: ReturnType<typeof createSystem>, children: ReactNode): string {
  const cache = createCache({ key: "css" });
  const Stub = createRoutesStub([{ path: "/", Component: () => <>{children}</> }]);
  return renderToStaticMarkup(
    <CacheProvider value={cache}>
      <ChakraProvider value={chakraSystem}>
        <TextsProvider i18n={texts}>
          <Stub />
        </TextsProvider>
      </ChakraProvider>
    </CacheProvider>,
  );
}

describe("the theme", () => {
  it("is Chakra's default theme with the app's changes", () => {
    const reference = createSystem(defaultConfig, appConfig);
    expect(Object.keys(system._config.theme?.recipes ?? {}).sort()).toEqual(
      Object.keys(reference._config.theme?.recipes ?? {}).sort(),
    );
    expect(system.token("colors.teal.solid")).toBe(reference.token("colors.teal.solid"));
    expect(system.token("spacing.4")).toBe(reference.token("spacing.4"));
  });

  it("gives primary buttons white text at a contrast of at least 4.5:1", () => {
    const solid = tokens.colors.teal[700];
    const ratio = 1.05 / (luminance(solid.value) + 0.05);
    expect(ratio).toBeGreaterThanOrEqual(4.5);
    expect(renderChakraGlobalStyles().css).toContain("--chakra-colors-teal-solid:var(--chakra-colors-teal-700)");
  });

  it("lifts the skip link above the sticky header", () => {
    const skip = renderStaticClassRules().find((rules) => rules.name === "ws-skip-link")?.css ?? "";
    expect(skip).toContain("z-index:var(--chakra-z-index-skip-link)");
    expect(renderChakraGlobalStyles().css).toContain("--chakra-z-index-skip-link:1900");
  });
});

describe("the browser's recipes", () => {
  it("are found for the components the app imports, with the recipes those components render", () => {
    for (const key of ["button", "spinner", "drawer", "dialog", "nativeSelect", "checkbox", "checkmark", "field"]) {
      expect(used, key).toContain(key);
    }
    expect(used).not.toContain("colorPicker");
    const all = { ...system._config.theme?.recipes, ...system._config.theme?.slotRecipes };
    expect(used.size).toBeLessThan(Object.keys(all).length / 2);
  });

  it("style the app's components exactly as all of Chakra's do", async () => {
    const { defaultThemeConfig, recipes, slotRecipes } = await import("@chakra-ui/react/theme");
    const { defaultBaseConfig } = await import("@chakra-ui/react/preset-base");
    const withOnly = (keys: Set<string>) => {
      const pick = <T,>(all: Record<string, T>): Record<string, T> =>
        Object.fromEntries(Object.entries(all).filter(([key]) => keys.has(key)));
      const theme = { ...defaultThemeConfig.theme, recipes: pick(recipes), slotRecipes: pick(slotRecipes) };
      return createSystem(defaultBaseConfig, { ...defaultThemeConfig, theme }, appConfig);
    };
    const browser = withOnly(used);
    const { SidePanel, PanelCancel } = await import("./components/side-panel.tsx");
    const { ConfirmDialog } = await import("./components/dialogs.tsx");
    const { EmptyState } = await import("./components/empty-state.tsx");
    const { ProgressBar } = await import("./components/progress-bar.tsx");
    const { LinkTabs } = await import("./components/link-tabs.tsx");
    const samples = (
      <>
        <SidePanel title="Panel" closeTo="/" footer={<PanelCancel />}>
          text
        </SidePanel>
        <ConfirmDialog title="Delete" confirmLabel="Delete" closeTo="/" action="/" intent="delete">
          Sure?
        </ConfirmDialog>
        <EmptyState title="Nothing" description="Yet" />
        <ProgressBar value={40} label="Import" />
        <LinkTabs label="Tabs" tabs={[{ to: "/", label: "One", current: true }]} />
      </>
    );
    const full = render(createSystem(defaultConfig, appConfig), samples);
    expect(render(browser, samples)).toBe(full);
    // The comparison would see a missing recipe: without the drawer's, the panel renders otherwise.
    expect(render(withOnly(new Set([...used].filter((key) => key !== "drawer"))), samples)).not.toBe(full);
  });
});
