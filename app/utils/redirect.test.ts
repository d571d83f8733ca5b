import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect.ts";

const APP_URL = "https://crm.example.com";

describe("safeRedirectPath", () => {
  it("keeps local paths", () => {
    expect(safeRedirectPath("/companies?page=2", APP_URL)).toBe("/companies?page=2");
    expect(safeRedirectPath("/contacts/1#notes", APP_URL)).toBe("/contacts/1#notes");
  });

  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/%09/evil.example".replace("%09", "\t"),
    "/\n/evil.example",
    "/\r\n/companies",
    "/\\/evil.example",
    "/..//evil.example",
    "/.//evil.example",
    "/%2e%2e//evil.example",
    "/companies/../..//evil.example",
    "/ /evil.example".replace(" ", "\u000b"),
    "",
    null,
    undefined,
  ])("refuses %j", (target) => {
    expect(safeRedirectPath(target, APP_URL)).toBe("/");
  });

  it("gives the fallback it is told", () => {
    expect(safeRedirectPath("//evil.example", APP_URL, "/companies")).toBe("/companies");
  });
});
