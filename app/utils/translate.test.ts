import i18next from "i18next";
import { describe, expect, it } from "vitest";
import en from "../locales/en.ts";
import nb from "../locales/nb.ts";
import type { Language } from "./i18n.ts";
import { createTranslator, type Messages, type TranslateOptions } from "./translate.ts";

/** i18next as the app was set up with it, to check that the translator reads every text the same. */
async function reference(language: Language, messages: Messages) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { [language]: { translation: messages } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  } as Parameters<typeof instance.init>[0]);
  return (key: string, options?: TranslateOptions): string => String(instance.t(key, options as never));
}

/** Every dotted key of a locale file. */
function keysOf(messages: Messages, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

const values = {
  name: "Fjord & Co <AS>",
  entity: "company",
  field: "Name",
  from: 1,
  to: 25,
  total: 1000,
  date: "November 22, 2026",
  status: 404,
};

describe.each([
  ["en", en],
  ["nb", nb],
] as const)("texts in %s", (language, messages) => {
  const { t } = createTranslator(language, messages);

  it("reads every key of the locale file as i18next does, with and without values", async () => {
    const expected = await reference(language, messages);
    const keys = keysOf(messages);
    expect(keys.length).toBeGreaterThan(100);
    for (const key of keys) {
      expect(t(key), key).toBe(expected(key));
      expect(t(key, values), key).toBe(expected(key, values));
    }
  });

  it("fills placeholders, leaves those without a value, and reads missing keys as i18next does", async () => {
    const expected = await reference(language, messages);
    const cases: [string, TranslateOptions?][] = [
      ["records.showing", { from: 26, to: 50, total: 1234 }],
      ["records.showing", { from: 1, to: 0 }],
      ["records.showing", { from: null, to: undefined, total: 0 }],
      ["records.sortBy", { field: "{{name}}", name: "x" }],
      ["history.create", { name: "$t(app.name)" }],
      ["links.roles.board_member", { defaultValue: "board_member" }],
      ["links.roles.unknown_role", { defaultValue: "unknown_role" }],
      ["links.roles.unknown_role"],
      ["no.such.key"],
      ["records.showing.deeper"],
      ["auth.sessionExpired", {}],
    ];
    for (const [key, options] of cases) expect(t(key, options), key).toBe(expected(key, options));
  });

  it("picks plural forms by the language's rules", async () => {
    const texts: Messages = {
      rows: { count_zero: "none", count_one: "{{count}} row", count_other: "{{count}} rows" },
      items_one: "one item",
      items_other: "{{count}} items",
      plain: "{{count}} whatever",
    };
    const expected = await reference(language, texts);
    const { t: plural } = createTranslator(language, texts);
    for (const count of [0, 1, 2, 5, 21, 1.5, -1]) {
      for (const key of ["rows.count", "items", "plain", "missing"]) {
        expect(plural(key, { count }), `${key} ${count}`).toBe(expected(key, { count }));
      }
    }
  });
});

describe("a key that names a group of texts", () => {
  it("reads as the key, where i18next reads an error message", () => {
    expect(createTranslator("en", en).t("records")).toBe("records");
  });
});

describe("locale files", () => {
  it("have the same keys in English and Norwegian", () => {
    expect(keysOf(nb).sort()).toEqual(keysOf(en).sort());
  });

  it("Norwegian texts are Norwegian", () => {
    expect(createTranslator("nb", nb).t("records.showing", { from: 1, to: 25, total: 60 })).toBe(
      "Viser 1 til 25 av 60 oppføringer",
    );
    expect(createTranslator("en", en).t("records.showing", { from: 1, to: 25, total: 60 })).toBe(
      "Showing 1 to 25 of 60 entries",
    );
  });
});
