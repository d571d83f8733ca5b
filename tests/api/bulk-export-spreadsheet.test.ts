import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { FORMULA_START, openAsSpreadsheet, type SheetCell, spreadsheetTools } from "../support/spreadsheet.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

/** Texts that a spreadsheet would run, at the start of a value or of one of its lines. */
const HOSTILE = [
  "=1+1",
  "@SUM(1+1)",
  "=cmd|' /C calc'!A0",
  "+47 22 33 44 55",
  "-2+3",
  "\t=1+1",
  "\r=1+1",
  "Acme\n=cmd|' /C calc'!A0",
  "Acme\r=1+1",
  "Acme\r\n@SUM(1+1)",
  "'=typed with an apostrophe",
  "Plain",
];

/** The label of the second field would be a formula too. */
const HEADER = ["ID", "Title", '\'=HYPERLINK("http://example.com")', "Rank"];

/**
 * An export opened as a spreadsheet opens it (LibreOffice, with a CSV's formulas evaluated; its cells read by
 * openpyxl): no cell is a formula, no line of a text cell starts one, and a value with a line break stays one cell.
 */
describe(`an export opened as a spreadsheet, on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(admin.access_token), payload });

  const exported = async (format: "csv" | "xlsx"): Promise<Buffer> => {
    const started = await call(
      "PUT",
      `/api/custom_schema/memo/initiate_export?scope=listed&format=${format}&sort=rank,asc`,
    );
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().id as string;
    for (let waited = 0; waited < 30_000; waited += 100) {
      const found = (await call("GET", "/api/core/bulk_data/exports/recent?size=100"))
        .json()
        .content.find((e: { id: string }) => e.id === id);
      if (found?.status === "ready")
        return (await call("GET", `/api/core/bulk_data/exports/download/${id}`)).rawPayload;
      expect(found?.status).toBe("exporting");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`export ${id} did not finish`);
  };

  /** The sheet's rows, checked to hold no formula and no text with a line that starts one. */
  const safeRows = (sheets: SheetCell[][][]) => {
    const rows = sheets[0] ?? [];
    for (const [index, row] of rows.entries()) {
      for (const cell of row) {
        expect(cell.type, `row ${index + 1}: ${JSON.stringify(cell.value)}`).not.toBe("f");
        if (typeof cell.value === "string") expect(cell.value, `row ${index + 1}`).not.toMatch(FORMULA_START);
      }
    }
    return rows.map((row) => row.map((cell) => cell.value));
  };

  beforeAll(async () => {
    // Missing tools fail here, with what to install, before anything else is set up.
    spreadsheetTools();
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    const entity = await call("POST", "/api/custom_entities", {
      key: "memo",
      labelEn: "Memo",
      labelNb: "Memo",
      pluralEn: "Memos",
      pluralNb: "Memoer",
      icon: "box",
      fields: [
        { key: "title", labelEn: "Title", labelNb: "Tittel", type: "Text", required: true, partOfName: true },
        { key: "body", labelEn: '=HYPERLINK("http://example.com")', labelNb: "Tekst", type: "LongText" },
        { key: "rank", labelEn: "Rank", labelNb: "Rang", type: "Number" },
      ],
    });
    expect(entity.statusCode, entity.body).toBe(201);
    // Straight into the table: the values are the point, as whatever wrote them (an import, the API, SQL) left them.
    for (const [index, text] of HOSTILE.entries()) {
      await sql`insert into custom_schema.memo (title, body, rank)
        values (${`Memo ${index}`}, ${text}, ${index - 1})`.execute(t.app.db);
    }
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it("a CSV export: every hostile text neutralised, each value one cell however many lines it has", {
    timeout: 180_000,
  }, async () => {
    const rows = safeRows(openAsSpreadsheet(await exported("csv"), "csv"));
    expect(rows[0]).toEqual(HEADER);
    // A header and one row per record: a line break started no row of its own.
    expect(rows).toHaveLength(HOSTILE.length + 1);
    const [body, rank] = [2, 3];
    expect(rows.slice(1).map((row) => row[rank])).toEqual(HOSTILE.map((_, index) => index - 1));
    expect(rows.slice(1).map((row) => row[body])).toEqual([
      "'=1+1",
      "'@SUM(1+1)",
      "'=cmd|' /C calc'!A0",
      "'+47 22 33 44 55",
      "'-2+3",
      "'\t=1+1",
      expect.stringMatching(/^'[\r\n]+'=1\+1$/),
      "Acme\n'=cmd|' /C calc'!A0",
      expect.stringMatching(/^Acme[\r\n]+'=1\+1$/),
      expect.stringMatching(/^Acme[\r\n]+'@SUM\(1\+1\)$/),
      "''=typed with an apostrophe",
      "Plain",
    ]);
  });

  it("an .xlsx export: the same texts neutralised, and numbers still numbers", { timeout: 180_000 }, async () => {
    const rows = safeRows(openAsSpreadsheet(await exported("xlsx"), "xlsx"));
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(HOSTILE.length + 1);
    const [body, rank] = [2, 3];
    expect(rows.slice(1).map((row) => row[rank])).toEqual(HOSTILE.map((_, index) => index - 1));
    expect(rows[1]?.[body]).toBe("'=1+1");
    expect(rows[8]?.[body]).toBe("Acme\n'=cmd|' /C calc'!A0");
    expect(rows[12]?.[body]).toBe("Plain");
  });
});
