import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { UnreadableFileError } from "./unreadable-file.ts";
import { xlsxRows } from "./xlsx-reader.ts";

async function workbook(rows: number): Promise<Buffer> {
  const output = new PassThrough();
  const parts: Buffer[] = [];
  output.on("data", (chunk: Buffer) => parts.push(chunk));
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: true });
  const sheet = writer.addWorksheet("Data");
  sheet.addRow(["Name", "Amount", "Day"]).commit();
  for (let i = 1; i <= rows; i++) sheet.addRow([`Row ${i}`, i / 2, new Date(Date.UTC(2026, 0, 1 + (i % 28)))]).commit();
  sheet.commit();
  writer.addWorksheet("Other").addRow(["not read"]).commit();
  await writer.commit();
  return Buffer.concat(parts);
}

async function all(rows: AsyncIterable<{ rowNumber: number; cells: unknown[] }>) {
  const read = [];
  for await (const row of rows) read.push(row);
  return read;
}

describe("reading an .xlsx on its own thread", () => {
  it("gives the first sheet's rows in order, in batches that add up to all of them", async () => {
    const file = await workbook(1234);
    const rows = await all(xlsxRows(() => Readable.from([file.subarray(0, 5000), file.subarray(5000)])));
    expect(rows).toHaveLength(1235);
    expect(rows[0]).toEqual({ rowNumber: 1, cells: ["Name", "Amount", "Day"] });
    expect(rows[1234]).toEqual({ rowNumber: 1235, cells: ["Row 1234", 617, new Date(Date.UTC(2026, 0, 3))] });
  });

  it("stops its thread when the reader takes no more rows", async () => {
    const file = await workbook(2000);
    const first = [];
    for await (const row of xlsxRows(() => Readable.from([file]))) {
      first.push(row);
      if (first.length === 3) break;
    }
    expect(first.map((row) => row.rowNumber)).toEqual([1, 2, 3]);
  });

  it("reads the file on a larger heap when the small one runs out, each row once", async () => {
    // 60,000 distinct shared strings do not fit in 4 MB (measured: the first thread runs out).
    const file = await workbook(60_000);
    const rows = await all(xlsxRows(() => Readable.from([file]), [4, 128]));
    expect(rows).toHaveLength(60_001);
    expect(new Set(rows.map((row) => row.rowNumber)).size).toBe(60_001);
    expect(rows[60_000].cells[0]).toBe("Row 60000");
  });

  it("says a file that is no workbook cannot be read", async () => {
    await expect(all(xlsxRows(() => Readable.from([Buffer.from("not a zip at all")])))).rejects.toBeInstanceOf(
      UnreadableFileError,
    );
  });
});
