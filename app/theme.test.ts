import fs from "node:fs";
import path from "node:path";
import { createSystem, defaultConfig, defaultSystem } from "@chakra-ui/react";
import { describe, expect, it } from "vitest";
import { appConfig, system } from "./theme.ts";

/** Recipes that a component renders besides its own (a button's spinner, a checkbox's checkmark). */
const alsoNeeds: Record<string, string[]> = {
  Button: ["spinner"],
  IconButton: ["button", "spinner"],
  CloseButton: ["button", "spinner"],
  Checkbox: ["checkmark"],
};

/** Every name the app imports from @chakra-ui/react. */
function chakraImports(): Set<string> {
  const names = new Set<string>();
  const appDir = import.meta.dirname;
  for (const file of fs.readdirSync(appDir, { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(file) || file.includes(".test.")) continue;
    const source = fs.readFileSync(path.join(appDir, file), "utf8");
    for (const match of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"@chakra-ui\/react"/g)) {
      for (const part of match[1].split(",")) {
        const name = part
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
    }
  }
  return names;
}

describe("theme", () => {
  it("has the recipe of every Chakra component the app uses", () => {
    const names = chakraImports();
    expect(names.has("Button")).toBe(true);
    for (const name of names) {
      const keys = [name[0].toLowerCase() + name.slice(1), ...(alsoNeeds[name] ?? [])];
      for (const key of keys.filter((k) => defaultSystem.hasRecipe(k))) {
        expect(system.hasRecipe(key), `<${name}> needs the "${key}" recipe in app/theme.ts`).toBe(true);
      }
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
