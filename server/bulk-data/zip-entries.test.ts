import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { hostileZip, repeated } from "../../tests/support/hostile-files.ts";
import {
  UnpackBudget,
  UnpackLimitError,
  unpackedEntry,
  type ZipSource,
  zipDirectory,
  zipEntrySizes,
} from "./zip-entries.ts";

const MiB = 2 ** 20;

function bufferSource(file: Buffer): ZipSource {
  return { size: file.length, read: async (start, length) => file.subarray(start, start + length) };
}

/** Reads a stream to its end, counting its bytes, or to its error. */
async function drain(stream: Readable): Promise<{ bytes: number; error?: unknown }> {
  let bytes = 0;
  try {
    for await (const chunk of stream) bytes += (chunk as Buffer).length;
  } catch (error) {
    return { bytes, error };
  }
  return { bytes };
}

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

describe("a zip's entries unpacked", () => {
  it("are counted as the inflater gives them, whatever the headers claim, and stopped at their limits", async () => {
    const file = await hostileZip([
      { name: "small.xml", chunks: () => ["<a>small</a>"] },
      // Says 100 bytes, unpacks to 64 MiB.
      { name: "liar.xml", claimedSize: 100, chunks: () => repeated("<b>x</b>", 8 * MiB) },
    ]);
    expect(file.length).toBeLessThan(MiB);
    const source = bufferSource(file);
    const entries = await zipDirectory(source);
    expect(entries.map((entry) => [entry.name, entry.claimedSize])).toEqual([
      ["small.xml", 12],
      ["liar.xml", 100],
    ]);
    const read = (start: number, end: number) => Readable.from([file.subarray(start, end + 1)]);
    const open = (index: number, partBytes: number, budget: UnpackBudget) =>
      unpackedEntry(source, read, entries[index], partBytes, budget);

    const small = await drain(await open(0, MiB, new UnpackBudget(MiB)));
    expect(small).toEqual({ bytes: 12 });
    // Its own limit: nothing past the chunk that crossed it is given.
    const part = await drain(await open(1, 4 * MiB, new UnpackBudget(1024 * MiB)));
    expect(part.error).toBeInstanceOf(UnpackLimitError);
    expect(part.error).toMatchObject({ reason: "part", entry: "liar.xml" });
    expect(part.bytes).toBeLessThanOrEqual(4 * MiB);
    // The archive's: what every entry read gave, together.
    const budget = new UnpackBudget(8 * MiB);
    expect((await drain(await open(0, MiB, budget))).bytes).toBe(12);
    const total = await drain(await open(1, 1024 * MiB, budget));
    expect(total.error).toMatchObject({ reason: "total", entry: "liar.xml" });
    expect(total.bytes).toBeLessThanOrEqual(8 * MiB);
  });
});
