import fs from "node:fs";
import path from "node:path";
import { createSystem, defaultConfig, defaultSystem, type SystemContext } from "@chakra-ui/react";
import { describe, expect, it } from "vitest";
import { appConfig, createAppSystem, system, type ThemeData } from "./theme.ts";
import * as themeData from "./theme-data.ts";
import { addDeferredRecipes, deferredRecipes } from "./theme-deferred.ts";
import { browserTheme, browserThemeModule } from "./utils/chakra-browser-theme.ts";

/** Recipes that a component renders besides its own (a button's spinner, a checkbox's checkmark). */
const alsoNeeds: Record<string, string[]> = {
  IconButton: ["button"],
  CloseButton: ["button"],
  Checkbox: ["checkmark"],
};

/** A button shows Chakra's spinner only while `loading`. */
const spinnerProp = /\bloading=/;

/** Every name each file of the app imports from @chakra-ui/react, and whether it imports app/theme-deferred.ts. */
function chakraImports(): { file: string; names: Set<string>; deferred: boolean; spinner: boolean }[] {
  const files = [];
  const appDir = import.meta.dirname;
  for (const file of fs.readdirSync(appDir, { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(file) || file.includes(".test.")) continue;
    const source = fs.readFileSync(path.join(appDir, file), "utf8");
    const names = new Set<string>();
    for (const match of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"@chakra-ui\/react"/g)) {
      for (const part of match[1].split(",")) {
        const name = part
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
    }
    files.push({
      file,
      names,
      deferred: /^import "[./]+theme-deferred\.ts";$/m.test(source),
      spinner: spinnerProp.test(source),
    });
  }
  return files;
}

const baseRecipes = new Set([...Object.keys(themeData.recipes), ...Object.keys(themeData.slotRecipes)]);
const laterRecipes = new Set([...Object.keys(deferredRecipes.recipes), ...Object.keys(deferredRecipes.slotRecipes)]);

describe("theme", () => {
  it("has the recipe of every Chakra component the app uses, there before the component renders", () => {
    const files = chakraImports();
    expect(files.some(({ names }) => names.has("Button"))).toBe(true);
    for (const { file, names, deferred, spinner } of files) {
      for (const name of names) {
        const keys = [
          name[0].toLowerCase() + name.slice(1),
          ...(alsoNeeds[name] ?? []),
          ...(spinner && name.endsWith("Button") ? ["spinner"] : []),
        ];
        for (const key of keys.filter((k) => defaultSystem.hasRecipe(k))) {
          expect(
            baseRecipes.has(key) || laterRecipes.has(key),
            `<${name}> needs the "${key}" recipe in app/theme.ts`,
          ).toBe(true);
          if (!baseRecipes.has(key)) {
            expect(deferred, `${file} renders <${name}>, so it must import "theme-deferred.ts"`).toBe(true);
          }
        }
      }
    }
    expect(system.hasRecipe("dialog")).toBe(true);
  });

  it("paints a list page with the recipes it has before any panel loads", () => {
    for (const key of ["button", "link", "heading", "table", "field", "input", "nativeSelect"]) {
      expect(baseRecipes.has(key), key).toBe(true);
    }
  });

  it("looks as Chakra's full default theme with the app's changes would", () => {
    const full = createSystem(defaultConfig, appConfig);
    expect(system.getPreflightCss()).toEqual(full.getPreflightCss());
    expect(system.getGlobalCss()).toEqual(full.getGlobalCss());
    expect(system.getTokenCss()).toEqual(full.getTokenCss());
    expect(system._config.theme?.keyframes).toEqual(full._config.theme?.keyframes);
    for (const key of Object.keys(system._config.theme?.recipes ?? {})) {
      expect(system.getRecipe(key)).toEqual(full.getRecipe(key));
    }
    for (const key of Object.keys(system._config.theme?.slotRecipes ?? {})) {
      expect(system.getSlotRecipe(key)).toEqual(full.getSlotRecipe(key));
    }
  });
});

/** The system as the browser build makes it: app/theme.ts with app/theme-data.ts replaced (vite.config.ts). */
function browserSystem(): SystemContext {
  const lean = createAppSystem(browserTheme(themeData) as unknown as ThemeData);
  addDeferredRecipes(lean);
  return lean;
}

/** Every combination of a recipe's variants, the defaults included. */
function variantCombinations(variants: Record<string, Record<string, unknown>> | undefined) {
  let combinations: Record<string, string>[] = [{}];
  for (const [name, values] of Object.entries(variants ?? {})) {
    combinations = combinations.flatMap((combination) =>
      Object.keys(values).map((value) => ({ ...combination, [name]: value })),
    );
  }
  return combinations;
}

/** Style props as the app writes them: tokens, semantic tokens, palettes, opacity, conditions, breakpoints. */
const sampleStyles = [
  { color: "fg", bg: "bg/85", borderWidth: "1px", borderRadius: "xl", boxShadow: "md", backdropFilter: "blur(8px)" },
  { px: { base: "3", md: "6" }, py: "6", mt: "-2", mx: "-4", w: "64", h: "100vh", minW: "60", maxW: "sm", insetX: "0" },
  { colorPalette: "teal", bg: "colorPalette.subtle", color: "colorPalette.fg", _hover: { bg: "bg.muted" } },
  { bg: "teal.solid", color: "teal.contrast", zIndex: "overlay", fontSize: "lg", fontWeight: "bold", lineHeight: "1" },
  { textStyle: "xs", layerStyle: "fill.subtle", animationStyle: "slide-fade-in", animationName: "spin" },
  { focusVisibleRing: "outside", truncate: true, srOnly: true, hideBelow: "md", gap: "1.5", rounded: "l2" },
  {
    "& a": { color: "gray.fg", _hover: { textDecorationColor: "currentColor/20" } },
    "& td": { borderBottomWidth: "1px" },
  },
  {
    fontFamily: "heading",
    letterSpacing: "tight",
    transition: "common",
    transitionDuration: "moderate",
    shadow: "inset",
  },
  {
    border: "1px solid {colors.border}",
    color: "{colors.red.500}",
    bg: "red.500/40",
    aspectRatio: "wide",
    cursor: "button",
  },
];

describe("browser theme", () => {
  const full = system;
  const lean = browserSystem();

  it("names every token's CSS variable as the whole theme does", () => {
    expect(Object.fromEntries(lean.tokens.flatMap)).toEqual(Object.fromEntries(full.tokens.flatMap));
    expect(lean.tokens.flatMap.size).toBeGreaterThan(500);
    const palettes = (system: SystemContext) =>
      Object.fromEntries([...system.tokens.colorPaletteMap].map(([name, vars]) => [name, Object.fromEntries(vars)]));
    expect(palettes(lean)).toEqual(palettes(full));
    for (const category of full.tokens.categoryMap.keys()) {
      expect(lean.tokens.getCategoryValues(category), category).toEqual(full.tokens.getCategoryValues(category));
    }
    expect([...lean.properties].sort()).toEqual([...full.properties].sort());
  });

  it("gives every recipe, in every variant, the same styles", () => {
    const recipes = { ...themeData.recipes, ...deferredRecipes.recipes };
    for (const [key, recipe] of Object.entries(recipes)) {
      for (const variants of variantCombinations(recipe.variants as never)) {
        expect(lean.getRecipeFn(key)(variants), `${key} ${JSON.stringify(variants)}`).toEqual(
          full.getRecipeFn(key)(variants),
        );
      }
    }
    const slotRecipes = { ...themeData.slotRecipes, ...deferredRecipes.slotRecipes };
    for (const [key, recipe] of Object.entries(slotRecipes)) {
      for (const variants of variantCombinations(recipe.variants as never)) {
        expect(lean.getSlotRecipeFn(key)(variants), `${key} ${JSON.stringify(variants)}`).toEqual(
          full.getSlotRecipeFn(key)(variants),
        );
      }
    }
  });

  it("is what the browser build's module holds", async () => {
    const code = browserThemeModule(themeData);
    const module = await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(code)}`);
    expect({ ...module }).toEqual(browserTheme(themeData));
    expect(code.length).toBeLessThan(JSON.stringify(browserTheme(themeData)).length);
  });

  it("turns style props into the same CSS", () => {
    for (const styles of sampleStyles) expect(lean.css(styles as never)).toEqual(full.css(styles as never));
    expect(full.css(sampleStyles[0] as never)).toMatchObject({ color: "var(--chakra-colors-fg)" });
  });
});
