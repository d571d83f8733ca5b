import { describe, expect, it } from "vitest";
import { displayPercent as contractDisplayPercent } from "../../../server/contract/fields.ts";
import { displayPercent } from "./field-labels.ts";

describe("displayPercent", () => {
  it("shows a fraction exactly as the contract does", () => {
    for (const value of [
      null,
      0,
      0.07,
      0.25,
      1,
      1.5,
      -0.125,
      0.123456789,
      1e-12,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(displayPercent(value)).toBe(contractDisplayPercent(value));
    }
  });
});
