import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect.ts";

describe("safeRedirectPath", () => {
  it("keeps local paths", () => {
    expect(safeRedirectPath("/companies?page=2")).toBe("/companies?page=2");
  });

  it.each(["https://evil.example", "//evil.example", "/\\evil.example", "", null, undefined])(
    "refuses %s",
    (target) => {
      expect(safeRedirectPath(target)).toBe("/");
    },
  );
});
