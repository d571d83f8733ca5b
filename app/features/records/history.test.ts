import { describe, expect, it } from "vitest";
import { historyText, splitHistoryText } from "./history.ts";

describe("history text", () => {
  it("shows up to 514 characters in full", () => {
    const text = "a".repeat(514);
    expect(splitHistoryText(text)).toEqual({ shown: text, rest: null });
  });

  it("cuts longer text at 500 and keeps the rest for read-more", () => {
    const text = `${"a".repeat(500)}${"b".repeat(15)}`;
    expect(splitHistoryText(text)).toEqual({ shown: "a".repeat(500), rest: "b".repeat(15) });
  });

  it("writes one line per change", () => {
    const label = (key: string) => ({ title: "Job title", city: "City" })[key] ?? key;
    expect(
      historyText(
        [
          { key: "title", before: "CFO", after: "CEO" },
          { key: "city", before: null, after: "Bergen" },
        ],
        label,
        "update",
      ),
    ).toBe("Job title: CFO → CEO\nCity: — → Bergen");
    expect(
      historyText(
        [
          { key: "city", before: null, after: "Oslo" },
          { key: "title", before: null, after: null },
        ],
        label,
        "create",
      ),
    ).toBe("City: Oslo");
  });
});
