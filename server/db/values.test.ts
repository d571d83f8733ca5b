import { describe, expect, it } from "vitest";
import { containsPattern, isUuid } from "./values.ts";

describe("values from requests", () => {
  it("accepts only well-formed uuids", () => {
    expect(isUuid("0f8fad5b-d9cb-469f-a165-70867728950e")).toBe(true);
    expect(isUuid("0f8fad5b-d9cb-469f-a165-70867728950")).toBe(false);
    expect(isUuid("'; drop table x; --")).toBe(false);
  });

  it("makes LIKE wildcards in a search term literal", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
