import { describe, expect, it } from "vitest";
import { cellDisplay, detectDelimiter, storedCell } from "./sheets.ts";

describe("detectDelimiter", () => {
  it("takes the delimiter the header line uses most, outside quotes", () => {
    expect(detectDelimiter("Name,Email,City\nA;B;C;D")).toBe(",");
    expect(detectDelimiter("\ufeffFirmanavn;E-post;Sted\r\n")).toBe(";");
    expect(detectDelimiter("Name\tEmail\n")).toBe("\t");
    expect(detectDelimiter('"Name, full";Email\n')).toBe(";");
    expect(detectDelimiter("Name\n")).toBe(",");
  });
});

describe("cells kept with failed rows", () => {
  it("shows dates as ISO dates and keeps numbers as numbers", () => {
    expect(cellDisplay(new Date("2024-03-05T00:00:00Z"))).toBe("2024-03-05");
    expect(cellDisplay(new Date("2024-03-05T10:30:00Z"))).toBe("2024-03-05T10:30:00.000Z");
    expect(cellDisplay(null)).toBe("");
    expect(storedCell(0.25)).toBe(0.25);
    expect(storedCell(new Date("2024-03-05T00:00:00Z"))).toBe("2024-03-05");
  });
});
