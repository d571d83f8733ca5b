import { describe, expect, it } from "vitest";
import { moveShortcut, pageAddress, shortcutsUrl } from "./shortcut-urls.ts";

describe("shortcut addresses", () => {
  it("keep a page's path and query, without what opens a panel or a dialog over it", () => {
    expect(pageAddress("/companies", "")).toBe("/companies");
    expect(pageAddress("/companies", "?q=acme&sort=name%2Cdesc")).toBe("/companies?q=acme&sort=name%2Cdesc");
    expect(pageAddress("/companies/1", "?panel=edit")).toBe("/companies/1");
    expect(pageAddress("/todo", "?overdue=1&confirm=delete&goto=1&page=2")).toBe("/todo?overdue=1&page=2");
  });

  it("point at a row of the shortcuts page, or open its panels", () => {
    expect(shortcutsUrl()).toBe("/shortcuts");
    expect(shortcutsUrl({}, "shortcut-1")).toBe("/shortcuts#shortcut-1");
    expect(shortcutsUrl({ panel: "edit", id: "1" })).toBe("/shortcuts?panel=edit&id=1");
  });
});

describe("moving a shortcut", () => {
  it("swaps it with its neighbour, and leaves the ends and unknown ids as they are", () => {
    expect(moveShortcut(["a", "b", "c"], "b", "up")).toEqual(["b", "a", "c"]);
    expect(moveShortcut(["a", "b", "c"], "b", "down")).toEqual(["a", "c", "b"]);
    expect(moveShortcut(["a", "b", "c"], "a", "up")).toEqual(["a", "b", "c"]);
    expect(moveShortcut(["a", "b", "c"], "c", "down")).toEqual(["a", "b", "c"]);
    expect(moveShortcut(["a", "b"], "x", "up")).toEqual(["a", "b"]);
  });
});
