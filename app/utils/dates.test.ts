import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates.ts";

describe("date display", () => {
  it("formats dates as MMMM DD, YYYY", () => {
    expect(formatDate("2026-03-05")).toBe("March 05, 2026");
    expect(formatDate("2026-03-05", "nb")).toBe("mars 05, 2026");
  });

  it("formats date-times as MMMM DD, YYYY hh:mm A", () => {
    expect(formatDateTime(new Date(2026, 10, 22, 18, 5))).toBe("November 22, 2026 06:05 PM");
    expect(formatDateTime(new Date(2026, 10, 22, 9, 30), "nb")).toMatch(/^november 22, 2026 09:30 /);
  });

  it("shows nothing for missing or invalid values", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate("")).toBe("");
    expect(formatDate("not a date")).toBe("");
    expect(formatDateTime(undefined)).toBe("");
  });
});
