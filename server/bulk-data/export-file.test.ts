import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { fieldOf } from "../../tests/support/fields.ts";
import type { FieldDefinition, FieldType } from "../contract/fields.ts";
import { cellsOf, type ExportLayout, type ExportRecord, sheetNameOf, writeExportFile } from "./export-file.ts";

const field = (key: string, type: FieldType, settings: FieldDefinition["settings"] = {}): FieldDefinition =>
  fieldOf(type, { key, labelEn: `${key} en`, labelNb: `${key} nb`, customField: true, builtIn: false, settings });

const fields = [
  field("name", "Text"),
  field("amount", "Number"),
  field("share", "Percent"),
  field("day", "Date"),
  field("done", "Bool"),
  field("kind", "List", { options: [{ value: "a", labelEn: "Alpha", labelNb: "Alfa" }] }),
];

const record: ExportRecord = {
  id: "9b2f0d1e-0000-4000-8000-000000000001",
  name: "=SUM(A1)",
  amount: "-2.5",
  share: "-0.25",
  day: "2026-11-25",
  done: true,
  kind: "a",
};

async function written(layout: ExportLayout, records: ExportRecord[][]): Promise<Buffer> {
  const output = new PassThrough();
  const parts: Buffer[] = [];
  output.on("data", (chunk: Buffer) => parts.push(chunk));
  async function* chunks() {
    yield* records;
  }
  const count = await writeExportFile(output, layout, chunks());
  expect(count).toBe(records.flat().length);
  return Buffer.concat(parts);
}

describe("an export's cells", () => {
  it("neutralises text that would start a formula in CSV and .xlsx alike, and leaves numbers and percentages alone", () => {
    const csv = cellsOf({ format: "csv", language: "en", fields, sheetName: "x" }, record);
    expect(csv).toEqual([record.id, "'=SUM(A1)", -2.5, "-25%", "2026-11-25", "true", "Alpha"]);
    const xlsx = cellsOf({ format: "xlsx", language: "nb", fields, sheetName: "x" }, record);
    expect(xlsx).toEqual([record.id, "'=SUM(A1)", -2.5, -0.25, new Date("2026-11-25T00:00:00Z"), true, "Alfa"]);
    const lines = cellsOf(
      { format: "csv", language: "en", fields: fields.slice(0, 1), sheetName: "x" },
      {
        id: "1",
        name: "Acme\n@SUM(1+1)",
      },
    );
    expect(lines).toEqual(["1", "Acme\n'@SUM(1+1)"]);
  });

  it("names a sheet as Excel allows", () => {
    expect(sheetNameOf("Orders [2026]: a/b")).toBe("Orders  2026   a b");
    expect(sheetNameOf("x".repeat(40))).toHaveLength(31);
    expect(sheetNameOf("??")).toBe("Export");
  });
});

describe("an export's file", () => {
  it("is CSV with a byte order mark, a header row and CRLF line ends", async () => {
    const file = await written({ format: "csv", language: "nb", fields: fields.slice(0, 2), sheetName: "x" }, [
      [record],
      [{ ...record, id: "2", name: "plain, with comma", amount: null }],
    ]);
    expect(file.toString("utf8")).toBe(
      `\ufeffID,name nb,amount nb\r\n${record.id},'=SUM(A1),-2.5\r\n2,"plain, with comma",\r\n`,
    );
  });

  it("quotes every CSV value that holds a line break, so that no line of it starts a row", async () => {
    const file = await written({ format: "csv", language: "en", fields: fields.slice(0, 1), sheetName: "x" }, [
      [
        { id: "1", name: "Acme\n=cmd|' /C calc'!A0" },
        { id: "2", name: "Carriage\r+1" },
        { id: "3", name: "Both\r\n-2" },
      ],
    ]);
    expect(file.toString("utf8")).toBe(
      `\ufeffID,name en\r\n1,"Acme\n'=cmd|' /C calc'!A0"\r\n2,"Carriage\r'+1"\r\n3,"Both\r\n'-2"\r\n`,
    );
  });

  it("is an .xlsx whose cells are typed and formatted, read back by exceljs", async () => {
    const file = await written({ format: "xlsx", language: "en", fields, sheetName: "Things" }, [[record], []]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as never);
    const sheet = workbook.getWorksheet("Things");
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      "ID",
      "name en",
      "amount en",
      "share en",
      "day en",
      "done en",
      "kind en",
    ]);
    const row = sheet?.getRow(2);
    expect(row?.getCell(3).value).toBe(-2.5);
    expect(row?.getCell(4).value).toBe(-0.25);
    expect(row?.getCell(4).numFmt).toBe("0.##%");
    expect(row?.getCell(5).value).toEqual(new Date("2026-11-25T00:00:00Z"));
    expect(row?.getCell(5).numFmt).toBe("yyyy-mm-dd");
    expect(row?.getCell(6).value).toBe(true);
    expect(row?.getCell(7).value).toBe("Alpha");
  });

  it("goes on to a second sheet, headed as the first, when one is full", async () => {
    const records = [1, 2, 3, 4, 5].map((n) => ({ ...record, id: `id-${n}`, name: `Row ${n}` }));
    const file = await written({ format: "xlsx", language: "nb", fields, sheetName: "Things", rowsPerSheet: 3 }, [
      records.slice(0, 2),
      records.slice(2),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as never);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Things", "Things 2"]);
    const names = workbook.worksheets.map((sheet) =>
      sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? [row[2]] : [])),
    );
    expect(names).toEqual([
      ["name nb", "Row 1", "Row 2", "Row 3"],
      ["name nb", "Row 4", "Row 5"],
    ]);
  });
});
