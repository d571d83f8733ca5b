import { describe, expect, it } from "vitest";
import { overviewBlocksUrl } from "../urls.ts";
import { moveOf, orderOf, parseOverviewBlocksForm } from "./overview-block-form.ts";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

/** A document's blocks as the screen posts them: each key, and "on" for each box that is checked. */
const documentBlocks: [string, string][] = [
  ["blocks[0].key", "fields"],
  ["blocks[0].shown", "on"],
  ["blocks[1].key", "favorites"],
  ["blocks[2].key", "attachedTo"],
  ["blocks[2].shown", "on"],
  ["blocks[3].key", "assignments"],
  ["blocks[3].shown", "on"],
];

describe("the overview blocks form", () => {
  it("reads the order with unchecked boxes as hidden, saved as posted", () => {
    const submission = parseOverviewBlocksForm(form(documentBlocks));
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.intent).toBe("save");
    expect(orderOf(submission.value)).toEqual([
      { key: "fields", shown: true },
      { key: "favorites", shown: false },
      { key: "attachedTo", shown: true },
      { key: "assignments", shown: true },
    ]);
  });

  it("saves a move as the order with the block moved, the boxes as they are", () => {
    const submission = parseOverviewBlocksForm(form([["intent", "up:attachedTo"], ...documentBlocks]));
    if (submission.status !== "success") throw new Error("refused");
    expect(moveOf(submission.value.intent)).toEqual({ key: "attachedTo", direction: "up" });
    expect(orderOf(submission.value).map((block) => `${block.key}:${block.shown}`)).toEqual([
      "fields:true",
      "attachedTo:true",
      "favorites:false",
      "assignments:true",
    ]);
    expect(moveOf("save")).toBeNull();
  });

  it("refuses what no button sends: another intent, an unknown block, no blocks", () => {
    for (const entries of [
      [["intent", "sideways:notes"], ...documentBlocks],
      [["intent", "up:notes;drop"], ...documentBlocks],
      [...documentBlocks, ["blocks[4].key", "chart"]],
      [["intent", "save"]],
    ] as [string, string][][]) {
      expect(parseOverviewBlocksForm(form(entries)).status).toBe("error");
    }
  });

  it("names the screen of an entity, with the reset confirmation and a row to come back to", () => {
    expect(overviewBlocksUrl()).toBe("/system-settings/expanded-entity-overview-widgets");
    expect(overviewBlocksUrl("custom_schema.project", { confirm: "reset" })).toBe(
      "/system-settings/expanded-entity-overview-widgets/custom_schema.project?confirm=reset",
    );
    expect(overviewBlocksUrl("crm.company", {}, "overview-block-notes")).toBe(
      "/system-settings/expanded-entity-overview-widgets/crm.company#overview-block-notes",
    );
  });
});
