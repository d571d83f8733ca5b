import dayjs from "dayjs";
import "dayjs/locale/nb.js";
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

describe("the formats as dayjs wrote them", () => {
  const inputs: (string | number | Date)[] = [
    "2026-03-05",
    "2026-3-5",
    "2026/12/31",
    "20260105",
    "2026-01",
    "2026",
    "2026-11-22T18:05:00",
    "2026-11-22 00:00",
    "2026-11-22T12:30:15.123456",
    "2026-11-22T23:59:59Z",
    "2026-06-01T00:15:00.000Z",
    "2026-06-01T10:15:00+02:00",
    "Sun Nov 22 2026 09:30:00 GMT+0100",
    "0050-01-01",
    "2026-13-45",
    "garbage",
    1_795_000_000_000,
    0,
    new Date(2026, 0, 1, 0, 0),
    new Date(2026, 6, 15, 12, 0),
    new Date(Number.NaN),
  ];
  for (let month = 0; month < 12; month++) inputs.push(new Date(2025, month, month + 1, month * 2, month * 5));

  it.each(["en", "nb"] as const)("in %s", (language) => {
    for (const input of inputs) {
      const reference = dayjs(input).locale(language);
      const valid = reference.isValid();
      expect(formatDate(input, language), String(input)).toBe(valid ? reference.format("MMMM DD, YYYY") : "");
      expect(formatDateTime(input, language), String(input)).toBe(
        valid ? reference.format("MMMM DD, YYYY hh:mm A") : "",
      );
    }
  });
});
