import { describe, expect, it } from "vitest";
import { badgeText, notificationsPageOf, withPanel } from "./urls.ts";

describe("the bell's count", () => {
  it("shows nothing at 0, the count up to 99, and 99+ above", () => {
    expect(badgeText(0)).toBe("");
    expect(badgeText(1)).toBe("1");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
    expect(badgeText(12_345)).toBe("99+");
  });
});

describe("the panel's address", () => {
  it("opens over the page, keeping its own parameters, and closes back to it", () => {
    expect(withPanel("/companies", "?q=fjord&page=2", 0)).toBe("/companies?q=fjord&page=2&notifications=1");
    expect(withPanel("/companies", "?q=fjord&notifications=1&notificationsPage=3", null)).toBe("/companies?q=fjord");
    expect(withPanel("/", "", 2)).toBe("/?notifications=1&notificationsPage=2");
    expect(withPanel("/", "?notifications=1", null)).toBe("/");
  });

  it("reads a page number, and anything else as the first page", () => {
    for (const [value, page] of [
      ["3", 3],
      ["-1", 0],
      ["x", 0],
      ["1.5", 0],
      ["99999999", 0],
    ] as const) {
      expect(notificationsPageOf(new URLSearchParams({ notificationsPage: value }))).toBe(page);
    }
    expect(notificationsPageOf(new URLSearchParams())).toBe(0);
  });
});
