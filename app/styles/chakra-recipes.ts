/**
 * Which of Chakra's recipes the app's components use, read from the sources at build time (Node only): the names the
 * app imports from "@chakra-ui/react", the Chakra modules they come from and those modules' own imports, and the
 * recipe keys those modules ask for (`createRecipeContext({ key: "button" })`, `useSlotRecipe({ key: … })`).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const chakraEsm = path.join(path.dirname(require.resolve("@chakra-ui/react/package.json")), "dist", "esm");

const RECIPE_KEY = /(?:create(?:Slot)?RecipeContext|use(?:Slot)?Recipe)\(\s*\{\s*key:\s*"([\w-]+)"/g;
const RELATIVE_IMPORT = /(?:import|export)\s*(?:[^'";]*?\s+from\s*)?['"](\.{1,2}\/[^'"]+\.js)['"]/g;

/** Every name the app's modules import from "@chakra-ui/react". */
export function chakraNamesUsed(appDir: string): Set<string> {
  const names = new Set<string>();
  for (const file of fs.readdirSync(appDir, { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
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

/** Chakra's exports by name, with the module each comes from. */
function chakraExports(): Map<string, string> {
  const index = fs.readFileSync(path.join(chakraEsm, "index.js"), "utf8");
  const exports = new Map<string, string>();
  for (const match of index.matchAll(/export\s*\{([^}]*)\}\s*from\s*'(\.\/[^']+)'/g)) {
    for (const part of match[1].split(",")) {
      const exported = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (exported) exports.set(exported, path.join(chakraEsm, match[2]));
    }
  }
  const namespaces = new Map<string, string>();
  for (const match of index.matchAll(/import \* as (\S+) from '(\.\/[^']+)'/g)) {
    namespaces.set(match[1], path.join(chakraEsm, match[2]));
  }
  for (const match of index.matchAll(/export\s*\{\s*(\S+) as (\w+)\s*\};/g)) {
    const file = namespaces.get(match[1]);
    if (file) exports.set(match[2], file);
  }
  return exports;
}

/** The recipe keys a Chakra module and the component modules it imports ask for. */
function recipeKeysFrom(file: string, seen: Set<string>, keys: Set<string>) {
  if (seen.has(file) || !file.startsWith(path.join(chakraEsm, "components"))) return;
  seen.add(file);
  const source = fs.readFileSync(file, "utf8");
  for (const match of source.matchAll(RECIPE_KEY)) keys.add(match[1]);
  for (const match of source.matchAll(RELATIVE_IMPORT))
    recipeKeysFrom(path.resolve(path.dirname(file), match[1]), seen, keys);
}

/** The recipe keys of the Chakra components the app imports; a name Chakra does not export is an error. */
export function recipeKeysUsed(appDir: string): Set<string> {
  const exports = chakraExports();
  const keys = new Set<string>();
  const seen = new Set<string>();
  for (const name of chakraNamesUsed(appDir)) {
    const file = exports.get(name);
    // Types, hooks and functions from other entry points (`type ButtonProps`, `createSystem`) bring no recipe.
    if (file) recipeKeysFrom(file, seen, keys);
  }
  return keys;
}

/** The browser's app/theme-recipes.ts: the recipes of those keys, imported one by one so the rest drop out. */
export function browserRecipesModule(
  keys: Set<string>,
  theme: { recipes: Record<string, unknown>; slotRecipes: Record<string, unknown> },
  exported: Record<string, unknown>,
): string {
  const nameOf = (recipe: unknown) => Object.entries(exported).find(([, value]) => value === recipe)?.[0];
  const lines = (kind: "recipes" | "slotRecipes") =>
    [...keys]
      .filter((key) => key in theme[kind])
      .sort()
      .map((key) => {
        const name = nameOf(theme[kind][key]);
        if (!name) throw new Error(`no export of @chakra-ui/react/theme is the ${key} recipe`);
        return [key, name] as const;
      });
  const recipes = lines("recipes");
  const slotRecipes = lines("slotRecipes");
  const names = [...recipes, ...slotRecipes].map(([, name]) => name);
  return [
    `import { ${names.join(", ")} } from "@chakra-ui/react/theme";`,
    `export const recipes = { ${recipes.map(([key, name]) => `${JSON.stringify(key)}: ${name}`).join(", ")} };`,
    `export const slotRecipes = { ${slotRecipes.map(([key, name]) => `${JSON.stringify(key)}: ${name}`).join(", ")} };`,
  ].join("\n");
}
