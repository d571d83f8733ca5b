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

describe("locale files", () => {
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
    // Names, codes and words that read the same in both languages.
    expect(
      same.every((key) => /(^app\.name$|english|norwegian|status$|\.go$)/.test(key)),
      same.join(", "),
    ).toBe(true);
  });
});
