import { describe, expect, it } from "vitest";
import { neutralizeCsvCell, unneutralizeCsvCell } from "../contract/bulk-data.ts";
import { cellDisplay, detectDelimiter, storedCell, writeRows } from "./sheets.ts";

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

describe("CSV cells that would start a formula", () => {
  it("are read back without the apostrophe an export gave them, and only those", () => {
    for (const text of ["=SUM(A1)", "+47 22 33 44 55", "-2", "@x", "\tx", "\rx"]) {
      expect(unneutralizeCsvCell(neutralizeCsvCell(text))).toBe(text);
    }
    expect(unneutralizeCsvCell("'quoted'")).toBe("'quoted'");
    expect(unneutralizeCsvCell("'")).toBe("'");
    expect(unneutralizeCsvCell("plain")).toBe("plain");
  });

  it("are neutralised in a CSV error file, which imports back as it was", async () => {
    const chunks: Buffer[] = [];
    async function* rows() {
      yield ["=1+1", 2, null];
    }
    for await (const chunk of writeRows("csv", ["Name", "Count", "Error"], rows())) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString("utf8")).toBe("\ufeffName,Count,Error\n'=1+1,2,\n");
  });
});
