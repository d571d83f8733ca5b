import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "./en.ts";
import nb from "./nb.ts";

interface Texts {
  readonly [key: string]: string | Texts;
}

/** Every dotted key of a locale file. */
function keysOf(texts: Texts, prefix = ""): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

/** The app's source files, for the keys they name. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.includes(".test.") ? [file] : [];
  });
}

describe("locale files", () => {
  it('have every key the app names in its code (t("a.b"), and labels of menus and sections)', () => {
    const known = new Set(keysOf(en).map((key) => key.replace(/_(one|other)$/, "")));
    const named = sourceFiles(path.resolve(import.meta.dirname, "..")).flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return [
        ...text.matchAll(/\bt\(\s*"([a-zA-Z0-9_]+(?:\.[a-zA-Z0-9_]+)+)"/g),
        ...text.matchAll(/\b(?:label|labelKey):\s*"([a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9_]+)+)"/g),
      ].map((match) => `${match[1]} (${path.basename(file)})`);
    });
    expect(named.filter((entry) => !known.has(entry.split(" ")[0]))).toEqual([]);
  });

  it("have the same keys in English and Norwegian", () => {
    expect(keysOf(nb).sort()).toEqual(keysOf(en).sort());
  });

  it("use the same placeholders in both languages", () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const lookup = (texts: Texts, key: string) =>
      key.split(".").reduce<string | Texts>((node, part) => (node as Texts)[part], texts) as string;
    for (const key of keysOf(en)) {
      expect(placeholders(lookup(nb, key)), key).toEqual(placeholders(lookup(en, key)));
    }
  });

  it("differ where a language has its own words", () => {
    const same = keysOf(en).filter((key) => {
      const lookup = (texts: Texts) =>
        key.split(".").reduce<string | Texts>((node, part) => (node as Texts)[part], texts);
      return lookup(en) === lookup(nb);
    });
    // Names, codes and words that read the same in both languages ("Sum", "Min").
    expect(
      same.every((key) => /(^app\.name$|english|norwegian|status$|\.go$|^charts\.(sum|min)$)/.test(key)),
      same.join(", "),
    ).toBe(true);
  });
});
