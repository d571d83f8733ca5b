import { describe, expect, it } from "vitest";
import { languageFromAcceptLanguage } from "./i18n.ts";

describe("languageFromAcceptLanguage", () => {
  it.each([
    ["no", "nb"],
    ["nn-NO", "nb"],
    ["nb-NO,nb;q=0.9,en;q=0.8", "nb"],
    ["en-US,en;q=0.9", "en"],
    ["de-DE,no;q=0.5,en;q=0.4", "nb"],
    ["en;q=0.2,nn;q=0.8", "nb"],
  ])("reads %s as %s", (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });

  it("gives nothing for unsupported or empty headers", () => {
    expect(languageFromAcceptLanguage("de-DE,fr;q=0.5")).toBeNull();
    expect(languageFromAcceptLanguage(null)).toBeNull();
    expect(languageFromAcceptLanguage("no;q=0")).toBeNull();
  });
});
