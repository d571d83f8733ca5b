import fs from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recoverStalledImports } from "../../server/bulk-data/import-job.ts";
import { IMPORT_JOB } from "../../server/bulk-data/imports.service.ts";
import { bulkDataTexts, type ImportDetail, type ImportDto, importLimits } from "../../server/contract/bulk-data.ts";
import { workbookWithSharedStrings } from "../support/hostile-files.ts";
import { english, inEnglish } from "../support/messages.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { grant, revoke } from "../support/role-permissions.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { multipartBody } from "../support/upload-files.ts";

const fixtures = path.resolve(import.meta.dirname, "../fixtures");
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));
const BOM = "\ufeff";

describe(`bulk import on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let readOnly: Tokens;

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, tokens = admin, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });
  const upload = (
    file: { name: string; content: Buffer | string },
    fields: Record<string, string> = {},
    tokens = admin,
    base = "/api/crm/company",
  ) => {
    const body = multipartBody(fields, file);
    return t.app.inject({
      method: "POST",
      url: `${base}/initiate_import`,
      headers: { ...bearer(tokens.access_token), ...body.headers },
      payload: body.payload,
    });
  };
  const uploaded = async (file: { name: string; content: Buffer | string }, fields: Record<string, string> = {}) => {
    const response = await upload(file, fields);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as ImportDetail;
  };
  const finished = async (id: string, tokens = admin): Promise<ImportDto> => {
    for (let waited = 0; waited < 30_000; waited += 200) {
      const response = await call("GET", `/api/core/bulk_data/imports/${id}`, tokens);
      expect(response.statusCode, response.body).toBe(200);
      const dto = (response.json() as ImportDetail).import;
      if (dto.status !== null && dto.status !== "importing") return dto;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`import ${id} did not finish`);
  };
  const checked = async (id: string): Promise<ImportDetail> => {
    for (let waited = 0; waited < 30_000; waited += 100) {
      const response = await call("GET", `/api/core/bulk_data/imports/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      const detail = response.json() as ImportDetail;
      if (detail.import.check.status !== "checking") return detail;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`import ${id} was not checked`);
  };
  const start = async (id: string) => {
    const response = await call("POST", `/api/core/bulk_data/imports/${id}/start`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe("importing");
  };
  const imported = async (file: { name: string; content: Buffer | string }, fields: Record<string, string> = {}) => {
    const detail = await uploaded(file, { ...fields, start: "true" });
    return finished(detail.import.id);
  };
  const companies = async (q: string) =>
    (await call("GET", `/api/crm/company?q=${encodeURIComponent(q)}&size=100`)).json().content as {
      uuid: string;
      values: Record<string, unknown>;
    }[];
  const companyByOrg = async (organisationNumber: string) => {
    const rows = await t.app.db
      .selectFrom("crm.company" as any)
      .selectAll()
      .where("organisation_number", "=", organisationNumber)
      .execute();
    return rows as Record<string, any>[];
  };
  const csv = (lines: string[]) => ({ name: "firms.csv", content: `${lines.join("\r\n")}\r\n` });
  const errorWorkbook = async (id: string) => {
    const response = await call("GET", `/api/core/bulk_data/imports/${id}/errors`);
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    return { response, workbook };
  };
  const rowsOf = (sheet: ExcelJS.Worksheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true, MAX_IMPORT_MB: 1 });
    // The employee role may import (not everyone's imports: that is Import Update); read-only may not.
    await grant(t.app.db, "Employee", "Import", ["Create", "Read"]);
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    readOnly = await signIn(t.app, "readonly@example.com");
    const founded = await call("POST", "/api/advance_field/crm/company", admin, {
      key: "founded",
      labelEn: "Founded",
      labelNb: "Grunnlagt",
      type: "Date",
    });
    expect(founded.statusCode, founded.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gives a template: a column per field with required ones marked, drop-downs, date formats and an explanation", async () => {
    const response = await call("GET", "/api/crm/company/import_template?format=xlsx");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    expect(response.headers["content-disposition"]).toContain("Companies import template.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const [sheet, explanation] = workbook.worksheets;
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    expect(headers.slice(0, 3)).toEqual(["Company name *", "Organisation number", "Email"]);
    expect(headers).toContain("Founded");
    const industry = headers.indexOf("Industry") + 1;
    expect(sheet.getCell(2, industry).dataValidation).toMatchObject({ type: "list" });
    expect(sheet.getCell(500, industry).dataValidation?.formulae?.[0]).toContain("Construction");
    expect(sheet.getColumn(headers.indexOf("Founded") + 1).numFmt).toBe("yyyy-mm-dd");
    expect(explanation.name).toBe("Explanation");
    const explained = rowsOf(explanation);
    expect(explained[0]).toEqual(["Column", "Type", "Required", "Unique", "Rules"]);
    expect(explained[1]).toEqual(["Company name *", "Text", "Yes", "No", "At most 255 characters"]);
    expect(explained.find((row) => row[0] === "Organisation number")?.[3]).toBe("Yes");
    expect(String(explained.find((row) => row[0] === "Industry")?.[4])).toContain(
      "Bygg og anlegg".length ? "Construction" : "",
    );

    // In the user's language, as CSV, and at the custom entities' path.
    await t.app.db
      .updateTable("core.app_user")
      .set({ language: "nb" })
      .where("email", "=", "employee@example.com")
      .execute();
    const norwegian = await call("GET", "/api/crm/company/import_template", employee);
    const nb = new ExcelJS.Workbook();
    await nb.xlsx.load(norwegian.rawPayload as unknown as ArrayBuffer);
    expect(nb.worksheets[1].name).toBe("Forklaring");
    expect((nb.worksheets[0].getRow(1).values as string[])[1]).toBe("Firmanavn *");
    const csvTemplate = await call("GET", "/api/crm/table/company/import_template?format=csv", employee);
    expect(csvTemplate.statusCode).toBe(200);
    expect(csvTemplate.headers["content-type"]).toContain("text/csv");
    expect(csvTemplate.body.startsWith(`${BOM}Firmanavn *,Organisasjonsnummer,E-post`)).toBe(true);
    await t.app.db
      .updateTable("core.app_user")
      .set({ language: null })
      .where("email", "=", "employee@example.com")
      .execute();

    expect((await call("GET", "/api/crm/company/import_template", readOnly)).statusCode).toBe(403);
    expect((await call("GET", "/api/crm/nothing/import_template")).statusCode).toBe(404);
  });

  it("reads an openpyxl file: columns matched by label, the first rows previewed with the record API's texts", async () => {
    const detail = await uploaded({ name: "companies.xlsx", content: fixture("companies-openpyxl.xlsx") });
    expect(detail.import).toMatchObject({
      status: null,
      format: "xlsx",
      mode: "create",
      fileName: "companies.xlsx",
      createdBy: { firstName: "Ada", lastName: "Admin" },
    });
    expect(detail.columns.map((column) => column.fieldKey)).toEqual([
      "name",
      "organisation_number",
      "email",
      "industry",
      "employees",
      "discount",
      "founded",
      "description",
    ]);
    expect(detail.matchFields).toEqual(["id", "organisation_number"]);
    expect(detail.preview.map((row) => row.rowNumber)).toEqual([2, 3, 4, 5, 6]);
    expect(detail.preview[0].cells).toEqual([
      "Fjord Data AS",
      "910000001",
      "post@fjorddata.no",
      "Information technology",
      "25",
      "0.15",
      "2001-05-17",
      "IT consulting",
    ]);
    expect(detail.preview.slice(0, 3).map((row) => row.errors)).toEqual([[], [], []]);
    expect(inEnglish(detail.preview[3].errors)).toEqual([{ field: "name", message: "Required" }]);
    expect(inEnglish(detail.preview[4].errors)).toEqual([{ field: "email", message: "Must be an email" }]);

    // Remapping: refused with a reason per input, then previewed again.
    const id = detail.import.id;
    const refused = await call("PUT", `/api/core/bulk_data/imports/${id}`, admin, {
      mapping: ["name", "name", null, "nope", null, null, null, null],
      mode: "update",
      matchField: "email",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ exceptionName: "MethodArgumentNotValidException" });
    expect(refused.json().errors.map((e: any) => [e.field, e.defaultMessage])).toEqual([
      ["mapping.1", english(bulkDataTexts.mappedTwice)],
      ["mapping.3", english(bulkDataTexts.unknownField)],
      ["matchField", english(bulkDataTexts.matchFieldNotUnique)],
    ]);
    const none = await call("PUT", `/api/core/bulk_data/imports/${id}`, admin, { mapping: [], mode: "upsert" });
    expect(none.json().errors.map((e: any) => e.defaultMessage)).toEqual([
      english(bulkDataTexts.notMapped),
      english(bulkDataTexts.matchFieldRequired),
    ]);
    const unmatched = await call("PUT", `/api/core/bulk_data/imports/${id}`, admin, {
      mapping: ["name"],
      mode: "update",
      matchField: "organisation_number",
    });
    expect(unmatched.json().errors).toEqual([
      {
        field: "matchField",
        defaultMessage: english(bulkDataTexts.matchColumnMissing),
        objectName: "import",
        code: bulkDataTexts.matchColumnMissing,
      },
    ]);
    const remapped = await call("PUT", `/api/core/bulk_data/imports/${id}`, admin, {
      mapping: [null, "organisation_number", "email"],
      mode: "create",
    });
    expect(remapped.statusCode, remapped.body).toBe(200);
    expect(remapped.json().columns[0].fieldKey).toBeNull();
    expect(inEnglish(remapped.json().preview[0].errors)).toEqual([{ field: "name", message: "Required" }]);

    // Discarded while being mapped; then it is gone.
    expect((await call("DELETE", `/api/core/bulk_data/imports/${id}`)).statusCode).toBe(204);
    expect((await call("GET", `/api/core/bulk_data/imports/${id}`)).statusCode).toBe(404);
  });

  it("imports the template filled in, gives the failed rows as a file, and imports it again once fixed", async () => {
    const result = await imported({ name: "companies.xlsx", content: fixture("companies-openpyxl.xlsx") });
    expect(result).toMatchObject({
      status: "success",
      totalRows: 8,
      processedRows: 8,
      created: 3,
      failed: 5,
      hasErrorFile: true,
      finishedAt: expect.any(String),
    });
    const [fjord] = await companies("Fjord Data");
    expect(fjord.values).toMatchObject({
      name: "Fjord Data AS",
      organisation_number: "910000001",
      industry: "technology",
      employees: 25,
      discount: 0.15,
      founded: "2001-05-17",
    });
    const [havbris] = await companies("Havbris Regnskap");
    expect(havbris.values).toMatchObject({ industry: "accounting", description: "Two\nlines" });
    const history = await call("GET", `/api/data_feed/crm/company?id=${fjord.uuid}`);
    expect(history.json().content).toMatchObject([{ action: "create", actor: { firstName: "Ada" } }]);

    // The finished import is told once, to its owner.
    const notifications = (await call("GET", "/api/notifications/notification/recent?size=100")).json().content;
    expect(notifications.filter((n: any) => n.record.uuidKey === result.id)).toMatchObject([
      {
        type: "import_finished",
        record: { name: "companies.xlsx" },
        params: { status: "success", entityEn: "Company" },
      },
    ]);

    const { response, workbook } = await errorWorkbook(result.id);
    expect(response.headers["content-disposition"]).toContain("companies-errors.xlsx");
    const rows = rowsOf(workbook.worksheets[0]);
    expect(rows[0]).toEqual([
      "Company name",
      "Organisation number",
      "Email",
      "Industry",
      "Employees",
      "Standard discount",
      "Founded",
      "Description",
      "Error",
    ]);
    expect(rows.slice(1).map((row) => row[8])).toEqual([
      "Company name: Required",
      "Email: Must be an email",
      "Company name: Max 255 limit",
      "Industry: Must be one of the options",
      "Employees: Required",
    ]);

    // Fixed in a spreadsheet and imported again: the Error column is left out.
    const sheet = workbook.worksheets[0];
    sheet.getCell("A2").value = "Med Navn AS";
    sheet.getCell("C3").value = "post@feilepost.no";
    sheet.getCell("A4").value = "Kort Navn AS";
    sheet.getCell("D5").value = "Eiendom";
    sheet.getCell("E6").value = 40;
    const fixed = Buffer.from(await workbook.xlsx.writeBuffer());
    const again = await uploaded({ name: "companies-errors.xlsx", content: fixed });
    expect(again.columns.at(-1)).toEqual({ index: 8, header: "Error", fieldKey: null });
    expect(again.preview.every((row) => row.errors.length === 0)).toBe(true);
    await start(again.import.id);
    const fixedResult = await finished(again.import.id);
    const fixedErrors =
      fixedResult.failed > 0 ? rowsOf((await errorWorkbook(fixedResult.id)).workbook.worksheets[0]) : [];
    expect(fixedResult, JSON.stringify({ fixedResult, fixedErrors })).toMatchObject({
      status: "success",
      created: 5,
      failed: 0,
    });
    expect((await companyByOrg("910000007"))[0]).toMatchObject({ name: "Ukjent Bransje AS", industry: "real_estate" });
  });

  it("reads a semicolon CSV with a BOM, Norwegian headers, quoted line breaks and decimal commas", async () => {
    const detail = await uploaded({ name: "firmaer.csv", content: fixture("companies-python-nb.csv") });
    expect(detail.import.format).toBe("csv");
    expect(detail.columns.map((column) => column.fieldKey)).toEqual([
      "name",
      "organisation_number",
      "email",
      "industry",
      "employees",
      "discount",
      "description",
    ]);
    await start(detail.import.id);
    const result = await finished(detail.import.id);
    expect(result).toMatchObject({ status: "success", totalRows: 4, created: 3, failed: 1 });
    const [transport] = await companyByOrg("920000001");
    expect(transport).toMatchObject({
      name: "Sørlandet Transport AS",
      industry: "transport",
      employees: "1250",
      description: 'Frakt; lager\nog "logistikk"',
    });
    expect(Number(transport.discount)).toBe(0.125);
    expect(Number((await companyByOrg("920000002"))[0].discount)).toBe(0.25);

    const errors = await call("GET", `/api/core/bulk_data/imports/${result.id}/errors`);
    expect(errors.headers["content-type"]).toContain("text/csv");
    expect(errors.body).toBe(
      `${BOM}Firmanavn,Organisasjonsnummer,E-post,Bransje,Ansatte,Standardrabatt,Beskrivelse,Error\n` +
        `Dobbel AS,920000001,,,,,,Organisation number: ${english(bulkDataTexts.duplicateInFile)}\n`,
    );
  });

  it("speaks the page's language when lang is given: the template, and an import's error file", async () => {
    // The admin's stored language is English; the page asks for Norwegian.
    const template = await call("GET", "/api/crm/company/import_template?format=csv&lang=nb");
    expect(template.statusCode, template.body).toBe(200);
    expect(template.body.startsWith(`${BOM}Firmanavn *,Organisasjonsnummer,E-post`)).toBe(true);
    expect(template.headers["content-disposition"]).toContain("Firmaer importmal.csv");
    expect((await call("GET", "/api/crm/company/import_template?lang=de")).statusCode).toBe(400);

    const lines = ["Company name,Email", "Språk AS,not-an-email"];
    // In the query, as the web app sends it, and as a field of the form.
    for (const [query, fields] of [
      ["?lang=nb", {}],
      ["", { lang: "nb" }],
    ] as const) {
      const body = multipartBody({ ...fields, start: "true" }, csv(lines));
      const response = await t.app.inject({
        method: "POST",
        url: `/api/crm/company/initiate_import${query}`,
        headers: { ...bearer(admin.access_token), ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      const result = await finished((response.json() as ImportDetail).import.id);
      const errors = await call("GET", `/api/core/bulk_data/imports/${result.id}/errors`);
      expect(errors.headers["content-disposition"]).toContain("firms-feil.csv");
      expect(errors.body).toBe(`${BOM}Company name,Email,Feil\nSpråk AS,not-an-email,E-post: Must be an email\n`);
    }
    const refused = await upload(csv(lines), { lang: "se" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ field: "lang" });
  });

  it("updates by a unique field: unchanged rows are counted, and a second run of one file changes nothing", async () => {
    const file = (employees: string) =>
      csv([
        "Organisation number,Company name,Employees",
        "930000001,Update Alpha AS,10",
        `930000002,Update Beta AS,${employees}`,
        "930000003,Update Gamma AS,30",
      ]);
    expect(await imported(file("20"))).toMatchObject({ status: "success", created: 3 });
    const update = { mode: "update", matchField: "organisation_number" };
    expect(await imported(file("20"), update)).toMatchObject({ status: "no_operation", updated: 0, unchanged: 3 });
    expect(await imported(file("21"), update)).toMatchObject({ status: "success", updated: 1, unchanged: 2 });
    const [beta] = await companyByOrg("930000002");
    expect(beta.employees).toBe("21");
    const history = (await call("GET", `/api/data_feed/crm/company?id=${beta.id}`)).json().content;
    expect(history[0]).toMatchObject({ action: "update", changes: [{ key: "employees", before: 20, after: 21 }] });

    // Update refuses rows no record has; upsert creates them.
    const missing = csv(["Organisation number,Company name", "939999999,Nobody AS"]);
    expect(await imported(missing, update)).toMatchObject({
      status: "failed",
      failed: 1,
      message: bulkDataTexts.allRowsFailed,
    });
    const upsert = await imported(
      csv(["Organisation number,Company name", "930000001,Update Alpha ASA", "939999999,Nobody AS"]),
      { mode: "upsert", matchField: "organisation_number" },
    );
    expect(upsert).toMatchObject({ status: "success", created: 1, updated: 1 });

    // By id, as an export gives it.
    const ids = csv(["ID,Employees", `${beta.id},99`, "not-an-id,1"]);
    expect(await imported(ids, { mode: "update", matchField: "id" })).toMatchObject({ updated: 1, failed: 1 });
    expect((await companyByOrg("930000002"))[0].employees).toBe("99");

    // A value another record holds refuses the row, with the record API's text.
    const taken = await imported(csv(["Company name,Organisation number", "Copy AS,930000003"]));
    expect(taken).toMatchObject({ status: "failed", failed: 1 });
    const file2 = await call("GET", `/api/core/bulk_data/imports/${taken.id}/errors`);
    expect(file2.body).toContain("Organisation number: 930000003 already exist");
  });

  it("stops a running import after the batch under way", async () => {
    const lines = ["Company name,Organisation number"];
    for (let n = 0; n < 20_000; n++) lines.push(`Stop ${n},94${String(n).padStart(7, "0")}`);
    const detail = await uploaded(csv(lines));
    await start(detail.import.id);
    const stop = await call("POST", `/api/core/bulk_data/imports/${detail.import.id}/stop`);
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().stopRequested).toBe(true);
    const result = await finished(detail.import.id);
    expect(result.status).toBe("stopped");
    expect(result.processedRows).toBeLessThan(20_000);
    expect(result.created).toBe(result.processedRows);
    // Stopping what is not running is refused.
    const again = await call("POST", `/api/core/bulk_data/imports/${detail.import.id}/stop`);
    expect(again.json().errors[0].defaultMessage).toBe(english(bulkDataTexts.notRunning));
  });

  it("checks the whole file before it is imported: its rows with errors and the first errors, then imports the valid rows", async () => {
    await call("POST", "/api/crm/company", admin, {
      values: { name: "Sjekk Eier AS", organisation_number: "940000099" },
    });
    const lines = ["Company name,Organisation number,Email"];
    for (let n = 2; n <= 61; n++) {
      const email = n === 59 ? "not an email" : `post${n}@sjekk.example`;
      // Row 40 takes an organisation number another company holds.
      lines.push(`Sjekk ${n} AS,${n === 40 ? "940000099" : `9400${String(n).padStart(5, "0")}`},${email}`);
    }
    const detail = await uploaded(csv(lines));
    const id = detail.import.id;
    // The preview reads five rows, and finds nothing wrong in them.
    expect(detail.preview.every((row) => row.errors.length === 0)).toBe(true);
    expect(detail.import.check).toEqual({
      status: null,
      checkedRows: 0,
      errorRows: 0,
      message: null,
      rowNumber: null,
    });

    const started = await call("POST", `/api/core/bulk_data/imports/${id}/check`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().check.status).toBe("checking");
    const done = await checked(id);
    expect(done.import).toMatchObject({
      status: null,
      totalRows: 60,
      check: { status: "checked", checkedRows: 60, errorRows: 2, message: null, rowNumber: null },
    });
    expect(inEnglish(done.checkErrors)).toEqual([
      { rowNumber: 40, column: 1, field: "organisation_number", message: "940000099 already exist" },
      { rowNumber: 59, column: 2, field: "email", message: "Must be an email" },
    ]);
    // Nothing is imported until the import is started.
    expect(await companyByOrg("940000002")).toEqual([]);

    // A new mapping is checked anew.
    const remapped = await call("PUT", `/api/core/bulk_data/imports/${id}`, admin, {
      mapping: ["name", "organisation_number", null],
      mode: "create",
    });
    expect(remapped.statusCode, remapped.body).toBe(200);
    expect(remapped.json().import.check).toMatchObject({ status: null, errorRows: 0 });
    expect(remapped.json().checkErrors).toEqual([]);
    await call("PUT", `/api/core/bulk_data/imports/${id}`, admin, {
      mapping: ["name", "organisation_number", "email"],
      mode: "create",
    });
    expect((await call("POST", `/api/core/bulk_data/imports/${id}/check`)).statusCode).toBe(200);
    expect((await checked(id)).import.check).toMatchObject({ status: "checked", errorRows: 2 });
    // While it is being checked, the mapping stays, and the import waits.
    const checking = (status: "checking" | "checked") =>
      t.app.db.updateTable("core.import_job").set({ check_status: status }).where("id", "=", id).execute();
    await checking("checking");
    for (const refused of [
      await call("PUT", `/api/core/bulk_data/imports/${id}`, admin, { mapping: ["name", null, null], mode: "create" }),
      await call("POST", `/api/core/bulk_data/imports/${id}/start`),
      await call("POST", `/api/core/bulk_data/imports/${id}/check`),
    ]) {
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({
        field: "status",
        defaultMessage: english(bulkDataTexts.checkRunning),
      });
    }
    await checking("checked");

    // Started: the valid rows are imported, the two others refused for the same reasons.
    await start(id);
    const result = await finished(id);
    expect(result).toMatchObject({ status: "success", totalRows: 60, created: 58, failed: 2 });
    expect((await companyByOrg("940000002"))[0]).toMatchObject({ name: "Sjekk 2 AS" });
    expect(await companyByOrg("940000059")).toEqual([]);
  });

  it("stops a check at the row past the import's limits, and an import started at once writes nothing", async () => {
    const lines = ["Company name,Organisation number,Description"];
    for (let n = 2; n <= 61; n++) {
      lines.push(
        `Grense ${n} AS,9500${String(n).padStart(5, "0")},${n === 59 ? "x".repeat(importLimits.cellChars + 1) : ""}`,
      );
    }
    const detail = await uploaded(csv(lines));
    await call("POST", `/api/core/bulk_data/imports/${detail.import.id}/check`);
    expect((await checked(detail.import.id)).import.check).toMatchObject({
      status: "failed",
      message: bulkDataTexts.cellTooLarge,
      rowNumber: 59,
    });
    const result = await imported(csv(lines));
    expect(result).toMatchObject({ status: "failed", message: bulkDataTexts.cellTooLarge, created: 0 });
    expect(result.check).toMatchObject({ status: "failed", rowNumber: 59 });
    expect(await companyByOrg("950000002")).toEqual([]);
  });

  it("refuses a row holding a NUL in a column it imports as that row's error, and imports the others", async () => {
    // Early in the file, where its type is told from its first bytes, and past them, behind a long cell.
    for (const [run, padding] of [
      ["2", "x".repeat(70_000)],
      ["1", ""],
    ]) {
      const result = await imported(
        csv([
          "Company name,Organisation number,City,Note",
          `Nul Før ${run} AS,93${run}000001,Oslo,${padding}`,
          `Nul\u0000Midt ${run} AS,93${run}000002,Bergen,`,
          `Nul By ${run} AS,93${run}000003,Troms\u0000ø,`,
          // A column left out is not imported: what it holds refuses nothing.
          `Nul Notat ${run} AS,93${run}000004,Bodø,a\u0000b`,
          `Nul Siste ${run} AS,93${run}000005,Alta,`,
        ]),
      );
      expect(result).toMatchObject({ status: "success", totalRows: 5, created: 3, failed: 2 });
      expect(await companyByOrg(`93${run}000002`)).toEqual([]);
      expect((await companyByOrg(`93${run}000004`))[0]).toMatchObject({ name: `Nul Notat ${run} AS`, city: "Bodø" });
      expect((await companyByOrg(`93${run}000005`))[0]).toMatchObject({ name: `Nul Siste ${run} AS` });
      // The error file shows where the NUL was, as a replacement character, and says why.
      const response = await call("GET", `/api/core/bulk_data/imports/${result.id}/errors`);
      expect(response.statusCode, response.body).toBe(200);
      expect(
        response.body
          .replace(/^\ufeff/, "")
          .trim()
          .split("\n"),
      ).toEqual([
        "Company name,Organisation number,City,Note,Error",
        `Nul\ufffdMidt ${run} AS,93${run}000002,Bergen,,Company name: Must not contain a null character`,
        `Nul By ${run} AS,93${run}000003,Troms\ufffdø,,City: Must not contain a null character`,
      ]);
    }
  });

  it("refuses files it cannot take, with the spec's texts", async () => {
    const text = await upload({ name: "notes.txt", content: "Company name\nA\n" });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe("File type not supported");
    const empty = await upload({ name: "empty.csv", content: "Company name,Email\n" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ field: "file", defaultMessage: english(bulkDataTexts.emptyFile) });
    const headless = await upload({ name: "headless.csv", content: "Company name,,Email\nA,b,c@d.no\n" });
    expect(headless.json().errors[0].defaultMessage).toBe(english(bulkDataTexts.noHeader));
    // A workbook whose shared strings would not fit in memory is sent back as it arrives: its directory says so.
    const heavy = await upload({ name: "heavy.xlsx", content: await withSharedStringsClaiming(40 * 1024 * 1024) });
    expect(heavy.statusCode, heavy.body).toBe(400);
    expect(heavy.json().errors[0]).toMatchObject({ field: "file", defaultMessage: english(bulkDataTexts.tooMuchText) });
    // One whose directory says its shared strings are 1 KB, while they unpack to 40 MB: read, and stopped at 32 MB.
    const liar = await upload({ name: "liar.xlsx", content: await workbookWithSharedStrings(40 * 1024 * 1024) });
    expect(liar.statusCode, liar.body).toBe(400);
    expect(liar.json().errors[0]).toMatchObject({ field: "file", defaultMessage: english(bulkDataTexts.tooMuchText) });
    // A cell longer than any field takes, in the rows the upload reads.
    const long = await upload({
      name: "long.csv",
      content: `Company name,Description\nNordlys AS,${"x".repeat(importLimits.cellChars + 1)}\n`,
    });
    expect(long.statusCode, long.body).toBe(400);
    expect(long.json().errors[0]).toMatchObject({ field: "file", defaultMessage: english(bulkDataTexts.cellTooLarge) });
    const big = await upload({ name: "big.csv", content: `Company name\n${"x".repeat(1_100_000)}\n` });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      exceptionName: "MaxUploadSizeExceededException",
      errors: [{ field: "file", defaultMessage: "File should not exceed 1mb" }],
    });
  });

  it("makes an import's status unknown once its queue job has ended without ending it, and sends a lost one again", async () => {
    const adminId = (await call("GET", "/api/me/info")).json().uuid;
    /** An import under way that no worker has moved for ten minutes. */
    const stalled = async (name: string) => {
      const row = await t.app.db
        .insertInto("core.import_job")
        .values({
          user_id: adminId,
          schema_key: "crm",
          table_key: "company",
          file_name: name,
          format: "csv",
          // No file: a run of it would fail at once, as unreadable.
          file_key: null,
          file_size: 1,
          columns: JSON.stringify(["Company name"]),
          mapping: JSON.stringify(["name"]),
          status: "importing",
          started_at: sql`now() - interval '1 hour'`,
          heartbeat_at: sql`now() - interval '10 minutes'`,
        } as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const statusOf = async (id: string) =>
      ((await call("GET", `/api/core/bulk_data/imports/${id}`)).json() as ImportDetail).import;
    /** A job of the import that waits (far off), with no retries left. */
    const waitingJob = async (id: string) => {
      const jobId = await t.app.jobs.send(
        IMPORT_JOB,
        { importId: id },
        { singletonKey: id, startAfter: new Date(Date.now() + 3_600_000), retryLimit: 0 },
      );
      expect(jobId).not.toBeNull();
      return jobId as string;
    };

    // Its job has failed for good (killed on its last retry): unknown, with a message, and its user told.
    const killed = await stalled("killed.csv");
    await t.app.jobs.boss.fail(IMPORT_JOB, await waitingJob(killed));
    // Waiting or retrying: left to the queue.
    const waiting = await stalled("waiting.csv");
    const waitingId = await waitingJob(waiting);
    await recoverStalledImports(t.app);
    expect(await statusOf(killed)).toMatchObject({
      status: "unknown",
      message: bulkDataTexts.importInterrupted,
      finishedAt: expect.any(String),
    });
    expect(await statusOf(waiting)).toMatchObject({ status: "importing", finishedAt: null });
    const notifications = (await call("GET", "/api/notifications/notification/recent?size=100")).json().content;
    expect(notifications.filter((n: any) => n.record.uuidKey === killed)).toMatchObject([
      { type: "import_finished", params: { status: "unknown" } },
    ]);
    // Found again a minute later, it is left alone: no second notification, no job sent again.
    await recoverStalledImports(t.app);
    expect((await t.app.jobs.boss.findJobs(IMPORT_JOB, { key: killed })).map((job) => job.state)).toEqual(["failed"]);

    // Cancelled also ends it.
    await t.app.jobs.boss.cancel(IMPORT_JOB, waitingId);
    await t.app.db
      .updateTable("core.import_job")
      .set({ heartbeat_at: sql`now() - interval '10 minutes'` })
      .where("id", "=", waiting)
      .execute();
    await recoverStalledImports(t.app);
    expect((await statusOf(waiting)).status).toBe("unknown");

    // No job at all (it was lost, or its process died before sending it): sent again, and run.
    const lost = await stalled("lost.csv");
    await recoverStalledImports(t.app);
    expect(await t.app.jobs.boss.findJobs(IMPORT_JOB, { key: lost })).toHaveLength(1);
    expect(await finished(lost)).toMatchObject({ status: "failed", message: bulkDataTexts.unreadableFile });
  });

  it("lists imports per user, all of them for administrators, with filters and paging", async () => {
    const own = await upload(csv(["Company name", "Employee Import AS"]), { start: "true" }, employee);
    expect(own.statusCode, own.body).toBe(201);
    const ownId = own.json().import.id;
    await finished(ownId, employee);

    const employeeList = (await call("GET", "/api/core/bulk_data/imports/recent", employee)).json();
    expect(employeeList.content.map((i: ImportDto) => i.id)).toEqual([ownId]);
    const adminList = (await call("GET", "/api/core/bulk_data/imports/recent?size=2")).json();
    expect(adminList.totalElements).toBeGreaterThan(5);
    expect(adminList.content).toHaveLength(2);
    expect(adminList.content[0].id).toBe(ownId);
    const secondPage = (await call("GET", "/api/core/bulk_data/imports/recent?size=2&page=1")).json();
    expect(secondPage.content[0].id).not.toBe(adminList.content[1].id === ownId ? "" : ownId);
    const stopped = (await call("GET", "/api/core/bulk_data/imports/recent?status=stopped")).json();
    expect(stopped.content.map((i: ImportDto) => i.status)).toEqual(["stopped"]);
    const other = (await call("GET", "/api/core/bulk_data/imports/recent?schemaAndTableName=crm.contact")).json();
    expect(other.totalElements).toBe(0);
    // The spec's other form of the same filter: a schema and its tables.
    const bySchema = (
      await call("GET", "/api/core/bulk_data/imports/recent?schema=crm&tableNames=contact,company")
    ).json();
    expect(bySchema.totalElements).toBe(adminList.totalElements);
    expect(
      (await call("GET", "/api/core/bulk_data/imports/recent?schema=crm&tableNames=contact")).json().totalElements,
    ).toBe(0);
    expect((await call("GET", "/api/core/bulk_data/imports/recent?tableNames=no;drop")).statusCode).toBe(400);
    const active = (await call("GET", "/api/core/bulk_data/imports/active")).json();
    expect(active.content).toEqual([]);

    // Another user's import is not found; without the rights, nothing is allowed.
    const adminsImport = adminList.content[1].id;
    expect((await call("GET", `/api/core/bulk_data/imports/${adminsImport}`, employee)).statusCode).toBe(404);
    expect((await call("GET", `/api/core/bulk_data/imports/${adminsImport}/errors`, employee)).statusCode).toBe(404);
    expect((await call("GET", "/api/core/bulk_data/imports/not-a-uuid")).statusCode).toBe(404);
    expect((await call("GET", `/api/core/bulk_data/imports/${ownId}`)).statusCode).toBe(200);
    expect((await upload(csv(["Company name", "X"]), {}, readOnly)).statusCode).toBe(403);
    expect((await call("GET", "/api/core/bulk_data/imports/recent", readOnly)).statusCode).toBe(403);
    // The employee may create companies but this import needs Update too.
    await revoke(t.app.db, "Employee", "Company", ["Update"]);
    const employeeAgain = await signIn(t.app, "employee@example.com");
    const updating = await upload(
      csv(["Organisation number,Company name", "930000001,X"]),
      { mode: "update", matchField: "organisation_number" },
      employeeAgain,
    );
    expect(updating.statusCode).toBe(403);
  });
});

/** A real workbook whose zip directory says its shared strings unpack to `bytes` (only the directory is read). */
async function withSharedStringsClaiming(bytes: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet("Data").addRow(["Company name", "Nordlys AS"]);
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  const name = Buffer.from("xl/sharedStrings.xml");
  const entrySignature = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  let claimed = false;
  for (let at = file.indexOf(entrySignature); at >= 0; at = file.indexOf(entrySignature, at + 46)) {
    const nameLength = file.readUInt16LE(at + 28);
    if (!file.subarray(at + 46, at + 46 + nameLength).equals(name)) continue;
    file.writeUInt32LE(bytes, at + 24);
    claimed = true;
  }
  expect(claimed).toBe(true);
  return file;
}
