import { describe, expect, it } from "vitest";
import { neutralizeCell, unneutralizeCell } from "../contract/bulk-data.ts";
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

describe("cells that would start a formula", () => {
  it("get an apostrophe on every line that would start one", () => {
    expect(neutralizeCell("=1+1")).toBe("'=1+1");
    expect(neutralizeCell("@SUM(1+1)")).toBe("'@SUM(1+1)");
    expect(neutralizeCell("Acme\n=cmd|' /C calc'!A0")).toBe("Acme\n'=cmd|' /C calc'!A0");
    expect(neutralizeCell("a\r\n+1\r-2\n\t3")).toBe("a\r\n'+1\r'-2\n'\t3");
    expect(neutralizeCell("\r=x")).toBe("'\r'=x");
    expect(neutralizeCell("'=1")).toBe("''=1");
    for (const text of ["plain", "a-b", "x=1", "'quoted'", "'", "Line\nline"]) expect(neutralizeCell(text)).toBe(text);
  });

  it("are read back without the apostrophe an export gave them, and only those", () => {
    for (const text of [
      "=SUM(A1)",
      "+47 22 33 44 55",
      "-2",
      "@x",
      "\tx",
      "\rx",
      "Acme\n=cmd",
      "a\r\n+1\r-2\n\t3",
      "'=typed with an apostrophe",
      "''@x",
      "\r=x",
    ]) {
      expect(unneutralizeCell(neutralizeCell(text))).toBe(text);
    }
    expect(unneutralizeCell("'quoted'")).toBe("'quoted'");
    expect(unneutralizeCell("'")).toBe("'");
    expect(unneutralizeCell("plain")).toBe("plain");
  });

  it("are neutralised in a CSV error file, and a value with a line break is quoted", async () => {
    const chunks: Buffer[] = [];
    async function* rows() {
      yield ["=1+1", 2, null];
      yield ["Acme\n=2+2", 3, "a\rb"];
    }
    for await (const chunk of writeRows("csv", ["Name", "Count", "Error"], rows())) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString("utf8")).toBe('\ufeffName,Count,Error\n\'=1+1,2,\n"Acme\n\'=2+2",3,"a\rb"\n');
  });
});
