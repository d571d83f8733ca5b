import { describe, expect, it } from "vitest";
import { readListPanel } from "./settings-list.server.ts";

const items = [
  { uuid: "a", name: "Alpha" },
  { uuid: "b", name: "Beta" },
];
const panel = (query: string, idParam?: string) =>
  readListPanel(new URLSearchParams(query), "shortcut", items, (item) => item.uuid, idParam);

describe("a settings list's panel from its URL", () => {
  it("opens the new item's panel", () => {
    expect(panel("panel=new")).toEqual({ mode: "new" });
  });

  it("opens the named item's edit panel and delete question", () => {
    expect(panel("panel=edit&id=b")).toEqual({ mode: "edit", shortcut: items[1] });
    expect(panel("confirm=delete&id=a")).toEqual({ mode: "delete", shortcut: items[0] });
  });

  it("names the item by the list's own parameter", () => {
    expect(panel("panel=edit&key=a", "key")).toEqual({ mode: "edit", shortcut: items[0] });
    expect(panel("panel=edit&id=a", "key")).toBeNull();
  });

  it("opens nothing for an item the list does not have, or no panel", () => {
    expect(panel("panel=edit&id=gone")).toBeNull();
    expect(panel("confirm=delete&id=gone")).toBeNull();
    expect(panel("")).toBeNull();
  });
});
