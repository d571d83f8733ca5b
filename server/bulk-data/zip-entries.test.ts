import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { zipEntrySizes } from "./zip-entries.ts";

describe("a zip's entry sizes", () => {
  it("are read from a workbook's central directory without unpacking it", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "zip-entries-")), "book.xlsx");
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Data");
    for (let i = 0; i < 1000; i++) sheet.addRow([`Text number ${i}`]);
    await workbook.xlsx.writeFile(file);
    const sizes = await zipEntrySizes(file);
    expect(sizes?.get("xl/worksheets/sheet1.xml")).toBeGreaterThan(10_000);
    // 1,000 distinct strings of 14 to 16 characters, each in its own <si><t> element.
    expect(sizes?.get("xl/sharedStrings.xml")).toBeGreaterThan(1000 * 20);
    expect(sizes?.get("xl/sharedStrings.xml")).toBeLessThan(1000 * 60);
  });

  it("are not read from a file that is no zip", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "zip-entries-")), "text.csv");
    fs.writeFileSync(file, "Name\nNordlys AS\n");
    expect(await zipEntrySizes(file)).toBeUndefined();
  });
});
