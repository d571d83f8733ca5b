import { Transform } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import {
  bufferStorage,
  csvWithHugeCell,
  generatedStorage,
  hostileZip,
  repeated,
  workbookWithSharedStrings,
} from "../../tests/support/hostile-files.ts";
import { bulkDataTexts, importLimits, neutralizeCell, unneutralizeCell } from "../contract/bulk-data.ts";
import type { FileStorage } from "../files/storage.ts";
import { cellDisplay, detectDelimiter, ImportLimitError, readRows, storedCell, writeRows } from "./sheets.ts";

const MiB = 2 ** 20;
/** What the process holds in its heap and in buffers outside it (a parser's field buffer). */
const used = () => {
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.external;
};

/** Reads the file's rows to the end, or to the error it stops at; and the most the process's memory rose meanwhile. */
async function readAll(storage: FileStorage, format: "csv" | "xlsx") {
  const before = used();
  let peak = before;
  const sample = () => {
    peak = Math.max(peak, used());
  };
  // Measured as the file's bytes come in too: a parser that runs on without a pause leaves timers no turn.
  const sampler = setInterval(sample, 10);
  const measured: FileStorage = {
    ...storage,
    read: (key, range) =>
      storage.read(key, range).pipe(
        new Transform({
          transform(chunk, _encoding, callback) {
            sample();
            callback(null, chunk);
          },
        }),
      ),
  };
  const rows: unknown[][] = [];
  let error: unknown;
  try {
    for await (const row of readRows(measured, "file", format)) rows.push(row.cells);
  } catch (caught) {
    error = caught;
  } finally {
    clearInterval(sampler);
  }
  sample();
  return { rows, error, risenMiB: (peak - before) / MiB };
}

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

  it("show a NUL and an unpaired surrogate as U+FFFD, as PostgreSQL's JSON takes them", () => {
    expect(storedCell("Nul\u0000Midt")).toBe("Nul\ufffdMidt");
    expect(storedCell("a\ud800b")).toBe("a\ufffdb");
    expect(storedCell("Plain")).toBe("Plain");
  });
});

describe("files past an import's limits", () => {
  it("a workbook whose zip says its shared strings are 1 KB, while they unpack to 300 MB, stops at 32 MB read", async () => {
    const file = await workbookWithSharedStrings(300 * MiB);
    // The hostile file is small: the zip's deflate packs the repeated text a thousandfold.
    expect(file.length).toBeLessThan(1 * MiB);
    const { rows, error, risenMiB } = await readAll(bufferStorage(file), "xlsx");
    expect(rows).toEqual([]);
    expect(error).toBeInstanceOf(ImportLimitError);
    expect((error as ImportLimitError).text).toBe(bulkDataTexts.tooMuchText);
    // exceljs keeps the shared strings read until the limit (about as much again as their 32 MB of XML).
    expect(risenMiB).toBeLessThan(150);
  }, 120_000);

  it("a workbook part, other than the sheet, that unpacks to more than 32 MB is refused as it is read", async () => {
    const styles = await hostileZip([
      {
        name: "xl/styles.xml",
        claimedSize: 100,
        chunks: function* () {
          yield "<styleSheet><numFmts>";
          yield* repeated('<numFmt numFmtId="164" formatCode="0.00"/>', MiB);
          yield "</numFmts></styleSheet>";
        },
      },
      {
        name: "xl/worksheets/sheet1.xml",
        chunks: () => ['<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>'],
      },
    ]);
    const { rows, error, risenMiB } = await readAll(bufferStorage(styles), "xlsx");
    expect(rows).toEqual([]);
    expect((error as ImportLimitError).text).toBe(bulkDataTexts.partTooLarge);
    expect(risenMiB).toBeLessThan(150);
  }, 60_000);

  it("a CSV cell of 450 MB, read as a stream, stops at the row's limit without being held", async () => {
    const storage = csvWithHugeCell("Company name,City\nNordlys AS,Oslo\n", 450 * MiB, ",Bergen\n");
    const { rows, error, risenMiB } = await readAll(storage, "csv");
    expect(rows).toEqual([
      ["Company name", "City"],
      ["Nordlys AS", "Oslo"],
    ]);
    expect(error).toBeInstanceOf(ImportLimitError);
    expect(error).toMatchObject({ text: bulkDataTexts.rowTooLarge, rowNumber: 3 });
    expect(risenMiB).toBeLessThan(64);
  }, 120_000);

  it("a cell longer than any field takes, or a row of too many cells, is refused with its row", async () => {
    const cell = "y".repeat(importLimits.cellChars + 1);
    const long = await readAll(csvWithHugeCell("Name,Note\nA,b\nC,", cell.length, "\n"), "csv");
    expect(long.error).toMatchObject({ text: bulkDataTexts.cellTooLarge, rowNumber: 3 });
    // Empty cells count for nothing in the parser's own limit: a line of delimiters is stopped before it is held.
    const commas = Buffer.alloc(64 * 1024, ",");
    const wide = generatedStorage(16 + 40 * commas.length, function* (start) {
      if (start === 0) yield Buffer.from("Name,Note\nA,b\nC");
      for (let n = 0; n < 40; n++) yield commas;
    });
    const stopped = await readAll(wide, "csv");
    expect(stopped.error).toMatchObject({ text: bulkDataTexts.rowTooLarge });
    expect(stopped.risenMiB).toBeLessThan(64);

    // In a workbook: a cell, and a row of cells each within the limit, that are too long.
    for (const [cells, text] of [
      [[cell], bulkDataTexts.cellTooLarge],
      [Array.from({ length: 11 }, () => "z".repeat(importLimits.cellChars)), bulkDataTexts.rowTooLarge],
    ] as const) {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("Data");
      sheet.addRow(["Name", "Note"]);
      sheet.addRow(["A", "b"]);
      sheet.addRow(cells);
      const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
      const read = await readAll(bufferStorage(xlsx), "xlsx");
      expect(read.rows).toHaveLength(2);
      expect(read.error).toMatchObject({ text, rowNumber: 3 });
    }
  }, 60_000);
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
