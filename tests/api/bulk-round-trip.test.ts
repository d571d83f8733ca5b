import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExportDto, ImportDetail, ImportDto } from "../../server/contract/bulk-data.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { multipartBody } from "../support/upload-files.ts";

interface RecordDto {
  uuid: string;
  values: Record<string, unknown>;
  updatedAt: string;
}

/** Text that a spreadsheet would read as a formula, phone numbers, Norwegian letters and line breaks. */
const TRICKY_TEXTS = ["=SUM(A1:A2)", "+47 22 33 44 55", "-minus first", "@mention", "Blåbær, Ærø og Øst", "007"];

/**
 * An export imports back as the same records (the "done means"): every importable type, in .xlsx and CSV,
 * matched by id in update mode (nothing changes) and made anew in create mode (the same values).
 */
describe(`bulk export then import on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(admin.access_token), payload });

  const exportFile = async (base: string, query: string): Promise<{ name: string; content: Buffer }> => {
    const initiated = await call("PUT", `${base}/initiate_export?${query}`);
    expect(initiated.statusCode, initiated.body).toBe(202);
    const id = (initiated.json() as ExportDto).id;
    for (let waited = 0; waited < 30_000; waited += 100) {
      const page = (await call("GET", "/api/core/bulk_data/exports/recent?size=100")).json();
      const found = (page.content as ExportDto[]).find((e) => e.id === id);
      if (found && found.status !== "exporting") {
        expect(found.status, found.message ?? "").toBe("ready");
        const file = await call("GET", `/api/core/bulk_data/exports/download/${id}`);
        expect(file.statusCode, file.body).toBe(200);
        return { name: found.fileName, content: file.rawPayload };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`export ${id} did not finish`);
  };

  const importFile = async (
    base: string,
    file: { name: string; content: Buffer },
    fields: Record<string, string>,
  ): Promise<ImportDto> => {
    const body = multipartBody({ ...fields, start: "true" }, file);
    const response = await t.app.inject({
      method: "POST",
      url: `${base}/initiate_import`,
      headers: { ...bearer(admin.access_token), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = (response.json() as ImportDetail).import.id;
    for (let waited = 0; waited < 30_000; waited += 100) {
      const dto = ((await call("GET", `/api/core/bulk_data/imports/${id}`)).json() as ImportDetail).import;
      if (dto.status !== "importing") return dto;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`import ${id} did not finish`);
  };

  const listed = async (base: string, q: string): Promise<RecordDto[]> => {
    const response = await call("GET", `${base}?q=${encodeURIComponent(q)}&size=200`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().content;
  };

  /** The records' values by their name, ids and times left out. */
  const valuesByName = (records: RecordDto[], nameKey: string) =>
    Object.fromEntries(records.map((record) => [record.values[nameKey] as string, record.values]));

  const createAll = async (base: string, rows: Record<string, unknown>[]) => {
    for (const values of rows) {
      const created = await call("POST", base, { values });
      expect(created.statusCode, created.body).toBe(201);
    }
  };

  const deleteAll = async (base: string, records: RecordDto[]) => {
    for (const record of records) {
      const deleted = await call("DELETE", `${base}/${record.uuid}`);
      expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    }
  };

  /** Export, import back by id (no operation), then delete, import as new and compare. */
  const roundTrip = async (base: string, q: string, nameKey: string, format: "xlsx" | "csv") => {
    const before = await listed(base, q);
    expect(before.length).toBeGreaterThan(1);
    const file = await exportFile(base, `format=${format}&scope=listed&q=${encodeURIComponent(q)}`);

    const updated = await importFile(base, file, { mode: "update", matchField: "id" });
    expect(updated, JSON.stringify(updated)).toMatchObject({
      status: "no_operation",
      totalRows: before.length,
      created: 0,
      updated: 0,
      unchanged: before.length,
      failed: 0,
    });
    const afterUpdate = await listed(base, q);
    expect(afterUpdate.map((r) => [r.uuid, r.updatedAt]).sort()).toEqual(
      before.map((r) => [r.uuid, r.updatedAt]).sort(),
    );

    await deleteAll(base, before);
    expect(await listed(base, q)).toEqual([]);
    const created = await importFile(base, file, { mode: "create" });
    expect(created, JSON.stringify(created)).toMatchObject({
      status: "success",
      created: before.length,
      failed: 0,
    });
    const after = await listed(base, q);
    expect(valuesByName(after, nameKey)).toEqual(valuesByName(before, nameKey));
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");

    const entity = await call("POST", "/api/custom_entities", {
      key: "round",
      labelEn: "Round",
      labelNb: "Runde",
      pluralEn: "Rounds",
      pluralNb: "Runder",
      icon: "box",
      fields: [
        {
          key: "title",
          labelEn: "Title",
          labelNb: "Tittel",
          type: "Text",
          required: true,
          partOfName: true,
          searchable: true,
        },
        { key: "notes", labelEn: "Notes", labelNb: "Notater", type: "LongText", searchable: true },
        { key: "mail", labelEn: "Mail", labelNb: "E-post", type: "Email" },
        { key: "phone", labelEn: "Phone", labelNb: "Telefon", type: "Phone" },
        { key: "site", labelEn: "Site", labelNb: "Nettsted", type: "Url" },
        { key: "amount", labelEn: "Amount", labelNb: "Beløp", type: "Number" },
        { key: "share", labelEn: "Share", labelNb: "Andel", type: "Percent" },
        { key: "day", labelEn: "Day", labelNb: "Dag", type: "Date" },
        { key: "moment", labelEn: "Moment", labelNb: "Tidspunkt", type: "DateTime" },
        { key: "done", labelEn: "Done", labelNb: "Ferdig", type: "Bool" },
        {
          key: "tier",
          labelEn: "Tier",
          labelNb: "Nivå",
          type: "List",
          options: [
            { labelEn: "Gold", labelNb: "Gull" },
            { labelEn: "Silver", labelNb: "Sølv" },
            { labelEn: "Bronze", labelNb: "Bronse" },
          ],
        },
        {
          key: "tags",
          labelEn: "Tags",
          labelNb: "Merker",
          type: "MultiSelect",
          options: [
            { labelEn: "Web", labelNb: "Nett" },
            { labelEn: "Shop", labelNb: "Butikk" },
            // A label with a comma, which also separates a cell's options.
            { labelEn: "Fair, trade", labelNb: "Messe, handel" },
          ],
        },
      ],
    });
    expect(entity.statusCode, entity.body).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  for (const format of ["xlsx", "csv"] as const) {
    it(`gives back the same companies from ${format}`, async () => {
      const tag = `Rundtur ${format}`;
      await createAll("/api/crm/company", [
        {
          name: `${tag} Ærlig Øl AS`,
          organisation_number: format === "xlsx" ? "981000001" : "982000001",
          email: "post@ærlig.no",
          phone: "+47 22 33 44 55",
          website: "https://ærlig.no/øl",
          address: "Storgata 1\nBakgården",
          postal_code: "0001",
          city: "Tromsø",
          country: "Norge",
          industry: "technology",
          employees: 12,
          segments: ["enterprise", "public"],
          discount: 0.125,
          description: "=1+1 er ikke en formel\r\nmen tekst",
        },
        {
          name: `${tag} Minus AS`,
          organisation_number: format === "xlsx" ? "981000002" : "982000002",
          phone: "-12",
          address: "@home",
          employees: 1234567.89,
          segments: ["smb"],
          discount: 0.3333,
          description: "+ og - og @",
        },
        { name: `${tag} Tom AS` },
      ]);
      await roundTrip("/api/crm/company", tag, "name", format);
    });

    it(`gives back the same records of every importable type from ${format}`, async () => {
      const tag = `Runde ${format}`;
      const rows = TRICKY_TEXTS.map((text, index) => ({
        title: `${tag} ${index} ${text}`,
        notes: `${text}\nlinje to\r\nog tre`,
        mail: `n${index}@blåbær.no`,
        phone: index % 2 === 0 ? "+47 22 33 44 55" : "00 47 915 00 000",
        site: `https://eksempel.no/${index}`,
        amount: [1234.56, -0.5, 0.001, 0, 9_999_999.99, 42][index],
        share: [0.125, 0.3333, 1.5, 0, 0.07, 1][index],
        day: ["2024-02-29", "1999-12-31", "2026-05-17", "1900-03-01", "2038-01-19", "2000-01-01"][index],
        moment: [
          "2026-05-17T10:15:30.123Z",
          "1999-12-31T23:59:59.000Z",
          "2024-02-29T00:00:00.000Z",
          "2026-11-25T13:45:00.000Z",
          "2030-06-01T06:07:08.000Z",
          "2000-01-01T12:00:00.000Z",
        ][index],
        done: index % 2 === 0,
        tier: ["gold", "silver", "bronze", null, "gold", "silver"][index],
        tags: [["web", "shop"], ["fair_trade"], [], ["web", "shop", "fair_trade"], ["shop"], ["web"]][index],
      }));
      await createAll("/api/custom_schema/round", [...rows, { title: `${tag} empty` }]);
      await roundTrip("/api/custom_schema/round", tag, "title", format);
    });
  }
});
