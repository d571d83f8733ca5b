import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What a page loads before it is interactive is every module its browser code imports statically, from the entry, the
 * root, the language's texts and the page's route module. Forms' code (Conform, Zod), charts' (nivo) and editors load
 * after the page is interactive (docs/performance.md, "On a slow link"): this test follows the static imports, as
 * the bundler does, and names the chain that reaches one of them.
 */
const root = path.resolve(import.meta.dirname, "..");

/** Libraries no first load may carry. */
const deferred = /^(zod|@conform-to\/|@nivo\/|d3-|@react-spring\/)/;

/** The import specifiers a module needs at run time: not `import type`, nor imports of types alone. */
function runtimeImports(source: string): string[] {
  const out: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+([^;]*?)\s+from\s+"([^"]+)"/gms)) {
    const [, clause, specifier] = match;
    if (/^type\s/.test(clause)) continue;
    const named = /^\{([^}]*)\}$/.exec(clause.trim());
    if (named?.[1].split(",").every((part) => !part.trim() || /^type\s/.test(part.trim()))) continue;
    out.push(specifier);
  }
  for (const match of source.matchAll(/^import\s+"([^"]+)"/gm)) out.push(match[1]);
  return out;
}

/** The chain of modules from `entry` to the first library of `deferred` it reaches statically, if any. */
function reachesDeferred(entry: string): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    for (const specifier of runtimeImports(fs.readFileSync(file, "utf8"))) {
      if (!specifier.startsWith(".")) {
        if (deferred.test(specifier)) return [...chain, specifier];
        continue;
      }
      const target = path.resolve(path.dirname(file), specifier);
      // Server modules never reach the browser (the route's loader and action go with them).
      if (/\.server\.tsx?$/.test(target) || !fs.existsSync(target)) continue;
      const found = walk(target, [...chain, path.relative(root, target)]);
      if (found) return found;
    }
    return null;
  };
  return walk(path.join(root, entry), [entry]);
}

describe("a first load", () => {
  it.each([
    "app/entry.client.tsx",
    "app/root.tsx",
    "app/locales/en.ts",
    "app/locales/nb.ts",
    "app/utils/message-text.ts",
    "app/routes/home.tsx",
    "app/routes/record-list.tsx",
    "app/routes/record-detail.tsx",
    "app/routes/dashboard.tsx",
  ])("of %s imports no forms', schemas' or charts' code", (entry) => {
    expect(reachesDeferred(entry)).toBeNull();
  });
});
