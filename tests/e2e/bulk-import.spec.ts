import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Download, Page, TestInfo } from "@playwright/test";
import ExcelJS from "exceljs";
import { apiAs, rawApiAs, runOf } from "./api.ts";
import { sessionTokens, signIn, submitSignIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

/** A file the page offers, once the browser has it, as `download` saves it. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  return download;
}

/** A workbook's first sheet as rows of text (the header first). */
async function sheetRows(file: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as ExcelJS.CellValue[];
    rows.push(values.slice(1).map((value) => (value === null || value === undefined ? "" : String(value))));
  });
  return rows;
}

async function writeSheet(file: string, rows: string[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Import");
  for (const row of rows) sheet.addRow(row);
  await workbook.xlsx.writeFile(file);
}

/** A success or info notice: a toast with JavaScript, the page's own notice without. */
const notice = (page: Page, testInfo: TestInfo) => page.getByTestId(jsEnabled(testInfo) ? "toast" : "noscript-notice");

/** Waits until the import's page shows it finished (it refreshes itself: a reload without JavaScript). */
async function finished(page: Page, status: string) {
  await expect(page.getByTestId("bulk-status")).toHaveText(status, { timeout: 45_000 });
}

test.describe("imports", () => {
  test("a filled template is uploaded, mapped, checked, imported, and its failed row fixed from the error file", async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    const run = runOf(testInfo);
    const dir = await mkdtemp(path.join(tmpdir(), "ws-import-"));
    await signIn(page, users.admin, "/imports/new?entity=crm.company");
    await expect(page.getByRole("heading", { name: "New import", level: 1 })).toBeVisible();

    // The template is a real workbook whose header row names the company's fields.
    const template = await downloaded(page, () => page.getByRole("link", { name: "Template (.xlsx)" }).click());
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
    const templateFile = path.join(dir, "template.xlsx");
    await template.saveAs(templateFile);
    const [header] = await sheetRows(templateFile);
    // Required fields are marked in the header.
    expect(header).toContain("Company name *");
    expect(header).toContain("Email");
    expect(header).toContain("Organisation number");
    const csvTemplate = await downloaded(page, () => page.getByRole("link", { name: "Template (.csv)" }).click());
    const csvHeader = (await readFile(await csvTemplate.path(), "utf8")).replace(/^\uFEFF/, "").split(/\r?\n/)[0];
    expect(csvHeader).toContain("Company name");

    // Filled in: five good rows and, past the five the preview shows, one whose email is not one; the email column has
    // a name of its own, and a column the template does not have is left out.
    const columns = [
      ...header.map((name) => (name === "Email" ? "Contact email" : name.replace(/ \*$/, ""))),
      "Internal note",
    ];
    const row = (name: string, email: string, number: string) =>
      columns.map((column) =>
        column === "Company name"
          ? name
          : column === "Contact email"
            ? email
            : column === "Organisation number"
              ? number
              : column === "City"
                ? "Bergen"
                : column === "Internal note"
                  ? "not for the CRM"
                  : "",
      );
    const names = ["A", "B", "C", "D", "E", "F"].map((letter) => `Importfirma ${run} ${letter}`);
    const numbers = names.map((_, index) => `${run}-${index}`);
    const filled = path.join(dir, `companies-${run}.xlsx`);
    await writeSheet(filled, [
      columns,
      row(names[0], "a@example.com", numbers[0]),
      row(names[1], "b@example.com", numbers[1]),
      row(names[2], "c@example.com", numbers[2]),
      row(names[3], "d@example.com", numbers[3]),
      row(names[4], "e@example.com", numbers[4]),
      row(names[5], "not an email", numbers[5]),
    ]);

    // Uploaded: the columns are matched to fields by their headers.
    await page.locator("input[type=file]").setInputFiles(filled);
    await page.getByRole("button", { name: "Upload and continue" }).click();
    await expect(page.getByRole("heading", { name: `companies-${run}.xlsx`, level: 1 })).toBeVisible();
    await expect(page.getByTestId("bulk-status")).toHaveText("Not started");
    await expect(page.getByLabel("Field for column Company name")).toHaveValue("name");
    await expect(page.getByLabel("Field for column Organisation number")).toHaveValue("organisation_number");
    await expect(page.getByLabel("Field for column Internal note")).toHaveValue("");
    await expect(page.getByTestId("import-preview")).toContainText(names[1]);

    // The email column is mapped by hand. Nothing starts before the whole file is checked: Check saves the mapping
    // and reads every row, and names the one that would fail though the preview does not show it.
    await page.getByLabel("Field for column Contact email").selectOption("email");
    await expect(page.getByRole("button", { name: "Start import" })).toHaveCount(0);
    await page.getByRole("button", { name: "Check" }).click();
    await expect(page.getByTestId("check-summary")).toHaveText(
      "Rows with errors: 1 of 6. They are left out when you start the import; the other 5 rows are imported.",
    );
    await expect(page.getByTestId("check-errors")).toContainText("Contact email");
    await expect(page.getByTestId("check-errors")).toContainText("Must be an email");
    await expect(page.getByTestId("import-preview")).not.toContainText(names[5]);
    await expect(page.getByLabel("Field for column Contact email")).toHaveValue("email");

    // Started: the page follows the import to its end.
    await page.getByRole("button", { name: "Start import" }).click();
    await finished(page, "Success");
    await expect(page.getByTestId("count-created")).toContainText("5");
    await expect(page.getByTestId("count-failed")).toContainText("1");
    await expect(page.getByText("6 of 6 rows")).toBeVisible();

    // The error file holds the failed row, with why.
    const errors = await downloaded(page, () => page.getByRole("link", { name: "Download error file" }).click());
    const errorFile = path.join(dir, `errors-${run}.xlsx`);
    await errors.saveAs(errorFile);
    const errorRows = await sheetRows(errorFile);
    expect(errorRows).toHaveLength(2);
    const errorColumn = errorRows[0].indexOf("Error");
    expect(errorColumn).toBeGreaterThanOrEqual(0);
    const failed = errorRows[1];
    expect(failed).toContain(names[5]);
    expect(failed[errorColumn]).toContain("Must be an email");

    // Fixed and imported again from the same file.
    const emailColumn = errorRows[0].indexOf("Contact email");
    failed[emailColumn] = "b@example.com";
    const fixed = path.join(dir, `fixed-${run}.xlsx`);
    await writeSheet(fixed, [errorRows[0], failed]);
    await page.getByRole("link", { name: "Import another file" }).click();
    await expect(page.getByLabel("Entity")).toHaveValue("crm.company");
    await page.locator("input[type=file]").setInputFiles(fixed);
    await page.getByRole("button", { name: "Upload and continue" }).click();
    await expect(page.getByRole("heading", { name: `fixed-${run}.xlsx`, level: 1 })).toBeVisible();
    await page.getByLabel("Field for column Contact email").selectOption("email");
    await page.getByLabel("Field for column Error").selectOption("");
    await page.getByRole("button", { name: "Check" }).click();
    await expect(page.getByTestId("check-summary")).toHaveText("The file's row can be imported.");
    await page.getByRole("button", { name: "Start import" }).click();
    await finished(page, "Success");
    await expect(page.getByTestId("count-created")).toContainText("1");
    await expect(page.getByTestId("count-failed")).toContainText("0");
    await expect(page.getByRole("link", { name: "Download error file" })).toHaveCount(0);

    // All six are companies now, and the imports list shows both imports.
    await page.goto(`/companies?q=${encodeURIComponent(`Importfirma ${run}`)}`);
    await expect(page.getByTestId("list-footer")).toHaveText("Showing 1 to 6 of 6 entries");
    await page.goto("/imports?entity=crm.company&status=success");
    await expect(page.getByTestId("imports").getByRole("link", { name: `companies-${run}.xlsx` })).toBeVisible();
    await expect(page.getByTestId("imports").getByRole("link", { name: `fixed-${run}.xlsx` })).toBeVisible();
    await expect(page.getByTestId("list-footer")).toContainText("Showing 1 to");
  });

  test("a file of the wrong type is refused on the field, and an upload can be discarded after a question", async ({
    page,
  }, testInfo) => {
    const run = runOf(testInfo);
    await signIn(page, users.admin, "/imports/new?entity=crm.contact");
    await expect(page.getByLabel("Entity")).toHaveValue("crm.contact");
    // Without JavaScript the server answers; with it the browser says the same before sending.
    await page
      .locator("input[type=file]")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await page.getByRole("button", { name: "Upload and continue" }).click();
    await expect(page.getByText("File type not supported")).toBeVisible();

    const csv = `First name,Last name,Email\nKari ${run},Nordmann,kari@example.com\n`;
    await page
      .locator("input[type=file]")
      .setInputFiles({ name: `contacts-${run}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Upload and continue" }).click();
    await expect(page.getByRole("heading", { name: `contacts-${run}.csv`, level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Discard" }).click();
    const dialog = page.getByTestId("confirm-discard-import");
    await expect(dialog).toContainText(`contacts-${run}.csv`);
    await dialog.getByRole("button", { name: "Discard" }).click();
    await expect(page).toHaveURL(/\/imports\/new\?entity=crm\.contact$/);
    await expect(notice(page, testInfo)).toContainText("The import was discarded.");
  });

  test("a running import stops when asked, and its page says how far it came", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const run = runOf(testInfo);
    await signIn(page, users.admin, "/imports");
    const raw = await rawApiAs(page);
    const call = await apiAs(page);
    // Updates that find no record: every row fails, so the workspace gains nothing, and the file takes a few batches.
    const lines = ["Organisation number,City"];
    for (let index = 0; index < 3500; index += 1) lines.push(`nothing-${run}-${index},Oslo`);
    const { access_token } = await sessionTokens(page.context());
    const body = new FormData();
    body.set("file", new Blob([lines.join("\n")], { type: "text/csv" }), `stop-${run}.csv`);
    const uploaded = await fetch(`${process.env.E2E_API_URL}/api/crm/company/initiate_import`, {
      method: "POST",
      headers: { authorization: `Bearer ${access_token}` },
      body,
    });
    expect(uploaded.status).toBe(201);
    const detail = await uploaded.json();
    const id = detail.import.id as string;
    await call("PUT", `/api/core/bulk_data/imports/${id}`, {
      mapping: detail.columns.map((column: { header: string }) =>
        column.header === "Organisation number" ? "organisation_number" : "city",
      ),
      mode: "update",
      matchField: "organisation_number",
    });
    await call("POST", `/api/core/bulk_data/imports/${id}/start`);
    const stopped = await raw("POST", `/api/core/bulk_data/imports/${id}/stop`);
    // It may have finished already on a fast machine: then there is nothing to stop.
    expect([200, 400, 409]).toContain(stopped.status);

    await page.goto(`/imports/${id}`);
    const status = stopped.status === 200 ? "Stopped" : "Success";
    await finished(page, status);
    if (status === "Stopped") {
      await expect(
        page.getByText(/^Stopped (after [\d,]+ of 3,500 rows|before any row was imported)\.$/),
      ).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Import another file" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Stop import" })).toHaveCount(0);
  });

  test("a read-only user is offered no import or export, and cannot open a new import", async ({ page }) => {
    await signIn(page, users.readOnly, "/companies");
    await expect(page.locator("h1")).toBeVisible();
    const header = page.locator("main");
    await expect(header.getByRole("link", { name: /^(Import|Export|Importer|Eksporter)$/ })).toHaveCount(0);
    await expect(page.getByRole("navigation").getByRole("link", { name: /^(Imports|Importer)$/ })).toHaveCount(0);
    await page.goto("/imports/new?entity=crm.company");
    await expect(
      page.getByText(/Oops! You do not have access to this page\.|Oi! Du har ikke tilgang til denne siden\./),
    ).toBeVisible();
  });
});

test.describe("imports in Norwegian", () => {
  test.use({ locale: "nb-NO" });

  test("the steps, the mapping and the preview's errors speak Norwegian", async ({ page }, testInfo) => {
    const run = runOf(testInfo);
    await page.goto("/imports/new?entity=crm.company");
    await submitSignIn(page, users.admin.email);
    await expect(page.getByRole("heading", { name: "Ny import", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Mal (.xlsx)" })).toBeVisible();
    // An import's own limit (MAX_IMPORT_MB, 1024 by default), not other uploads' (MAX_UPLOAD_MB).
    await expect(page.getByText("En .xlsx- eller .csv-fil på høyst 1024 MB.")).toBeVisible();
    // The template speaks the page's language, though the user chose none (the browser's language decides).
    const template = await downloaded(page, () => page.getByRole("link", { name: "Mal (.xlsx)" }).click());
    expect(template.suggestedFilename()).toBe("Firmaer importmal.xlsx");
    const templateFile = path.join(await mkdtemp(path.join(tmpdir(), "bulk-nb-")), "mal.xlsx");
    await template.saveAs(templateFile);
    expect((await sheetRows(templateFile))[0][0]).toBe("Firmanavn *");
    const csv = `Firmanavn,E-post\nNorsk importfirma ${run},ikke-en-adresse\n`;
    await page
      .locator("input[type=file]")
      .setInputFiles({ name: `firmaer-${run}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Last opp og fortsett" }).click();
    await expect(page.getByRole("heading", { name: `firmaer-${run}.csv`, level: 1 })).toBeVisible();
    await expect(page.getByTestId("bulk-status")).toHaveText("Ikke startet");
    await page.getByLabel("Felt for kolonnen E-post").selectOption("email");
    await page.getByLabel("Felt for kolonnen Firmanavn").selectOption("name");
    await page.getByRole("button", { name: "Kontroller" }).click();
    await expect(page.getByTestId("preview-error")).toContainText("E-post: Må være en e-postadresse");
    // The mapping is hidden while the file is checked and drawn anew from the saved one after; a choice made before
    // the check's outcome shows would be drawn over.
    await expect(page.getByTestId("check-errors")).toContainText("Må være en e-postadresse");
    // Two columns for one field are refused on the second, in Norwegian.
    await page.getByLabel("Felt for kolonnen E-post").selectOption("name");
    await expect(page.getByLabel("Felt for kolonnen E-post")).toHaveValue("name");
    await page.getByRole("button", { name: "Kontroller" }).click();
    await expect(page.getByTestId("mapping")).toContainText("Et felt kan bare kobles til én kolonne");
    await page.getByRole("link", { name: "Forkast" }).click();
    await page.getByTestId("confirm-discard-import").getByRole("button", { name: "Forkast" }).click();
    await expect(page).toHaveURL(/\/imports\/new\?entity=crm\.company$/);
  });
});
