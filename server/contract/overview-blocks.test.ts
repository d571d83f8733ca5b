import { describe, expect, it } from "vitest";
import {
  defaultOverviewBlocks,
  moveOverviewBlock,
  overviewBlocksOf,
  overviewBlockTexts,
  overviewOrderSchema,
} from "./overview-blocks.ts";

const company = { schemaKey: "crm", tableKey: "company" };

describe("overview blocks", () => {
  it("offers each entity the blocks its records have, in today's order", () => {
    expect(overviewBlocksOf(company)).toEqual([
      "fields",
      "favorites",
      "activities",
      "notes",
      "documents",
      "related",
      "assignments",
    ]);
    expect(overviewBlocksOf({ schemaKey: "crm", tableKey: "todo" })).toEqual([
      "fields",
      "favorites",
      "workItemLinks",
      "notes",
      "documents",
      "assignments",
    ]);
    expect(overviewBlocksOf({ schemaKey: "notes", tableKey: "note" })).toEqual([
      "fields",
      "favorites",
      "attachedTo",
      "documents",
      "assignments",
    ]);
    expect(overviewBlocksOf({ schemaKey: "documents", tableKey: "document" })).toEqual([
      "fields",
      "favorites",
      "attachedTo",
      "assignments",
    ]);
    expect(overviewBlocksOf({ schemaKey: "custom_schema", tableKey: "project" })).toEqual([
      "fields",
      "favorites",
      "activities",
      "notes",
      "documents",
      "assignments",
    ]);
  });

  it("accepts an order with every block once and the fields first and shown", () => {
    const schema = overviewOrderSchema(company);
    const blocks = defaultOverviewBlocks(company);
    expect(schema.safeParse(blocks).success).toBe(true);
    const hidden = blocks.map((block) => (block.key === "activities" ? { ...block, shown: false } : block));
    expect(schema.safeParse(hidden).success).toBe(true);

    const messagesOf = (value: unknown) => {
      const result = schema.safeParse(value);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messagesOf(blocks.slice(0, -1))).toEqual([overviewBlockTexts.listedOnce]);
    expect(messagesOf([...blocks.slice(0, -1), blocks[1]])).toEqual([overviewBlockTexts.listedOnce]);
    expect(messagesOf([...blocks, { key: "attachedTo", shown: true }])).toEqual([overviewBlockTexts.listedOnce]);
    expect(messagesOf([{ ...blocks[0], shown: false }, ...blocks.slice(1)])).toEqual([overviewBlockTexts.fieldsFirst]);
    expect(messagesOf([blocks[1], blocks[0], ...blocks.slice(2)])).toEqual([overviewBlockTexts.fieldsFirst]);
  });

  it("moves a block one place, never above the fields nor past the end", () => {
    const keys = (blocks: { key: string }[]) => blocks.map((block) => block.key);
    const blocks = defaultOverviewBlocks({ schemaKey: "documents", tableKey: "document" });
    expect(keys(moveOverviewBlock(blocks, "attachedTo", "up"))).toEqual([
      "fields",
      "attachedTo",
      "favorites",
      "assignments",
    ]);
    expect(keys(moveOverviewBlock(blocks, "favorites", "down"))).toEqual([
      "fields",
      "attachedTo",
      "favorites",
      "assignments",
    ]);
    expect(moveOverviewBlock(blocks, "favorites", "up")).toBe(blocks);
    expect(moveOverviewBlock(blocks, "fields", "down")).toBe(blocks);
    expect(moveOverviewBlock(blocks, "assignments", "down")).toBe(blocks);
    expect(moveOverviewBlock(blocks, "related", "up")).toBe(blocks);
  });
});
