import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resources } from "../../server/contract/identity.ts";
import { messageCatalogueEnglish } from "../../server/contract/message-catalogue.ts";
import { allTexts } from "./all.ts";
import profileEn from "./profile.en.ts";
import settingsEn from "./settings.en.ts";
import webFormsEn from "./web-forms.en.ts";

const { en, nb } = allTexts;

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

/** A text of a locale by its dotted key. */
function textAt(texts: Texts, key: string): string | undefined {
  let found: string | Texts | undefined = texts;
  for (const part of key.split(".")) found = typeof found === "object" ? found[part] : undefined;
  return typeof found === "string" ? found : undefined;
}

describe("locale files", () => {
  it("show every message code the API and the schemas give, in English as the contract words it", () => {
    const codes = keysOf(messageCatalogueEnglish);
    expect(codes.length).toBeGreaterThan(150);
    for (const code of codes) {
      expect(textAt(en, code), code).toBe(textAt(messageCatalogueEnglish, code));
      expect(textAt(nb, code), code).toEqual(expect.any(String));
    }
  });

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

  it("name a text part's texts only in the screens that load it (app/utils/text-parts.ts)", () => {
    const appDir = path.resolve(import.meta.dirname, "..");
    // The screens under the routes whose handle names each part; the server has every text.
    const parts = [
      {
        texts: settingsEn,
        screens:
          /^(features[\\/](settings|users|groups|roles)[\\/]|features[\\/]dashboards[\\/](dashboards-tab|widgets-tab|datasources-tab|settings-tab-list|widget-builder|dashboard-panel)\.|routes[\\/](system-settings|user-detail))/,
      },
      {
        texts: profileEn,
        screens: /^(features[\\/]profile[\\/]|features[\\/]notifications[\\/]settings-screen\.|routes[\\/]profile)/,
      },
      { texts: webFormsEn, screens: /^(features[\\/]web-forms[\\/](?!public-)|routes[\\/]forms)/ },
    ];
    const files = sourceFiles(appDir)
      .map((file) => path.relative(appDir, file))
      .filter((file) => !file.endsWith(".server.ts") && !file.startsWith("locales"));
    for (const { texts, screens } of parts) {
      const sections = Object.keys(texts).join("|");
      const named = new RegExp(`\\bt\\(\\s*[\`"](?:${sections})\\.|\\blabel(?:Key)?:\\s*"(?:${sections})\\.`);
      const outside = files.filter(
        (file) => !screens.test(file) && named.test(readFileSync(path.join(appDir, file), "utf8")),
      );
      expect(outside, sections).toEqual([]);
    }
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

  it("name every resource a role grants on the profile's Information page, in both languages", () => {
    for (const texts of [en, nb]) {
      const named = (texts as unknown as { profile: { information: { resources: Record<string, string> } } }).profile
        .information.resources;
      expect(resources.filter((resource) => !named[resource])).toEqual([]);
    }
  });
});
