import { readFile } from "node:fs/promises";
import type { Page, TestInfo } from "@playwright/test";
import ExcelJS from "exceljs";
import { apiAs, runOf } from "./api.ts";
import { signIn, submitSignIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

interface ExportRow {
  id: string;
  schemaAndTableName: string;
  format: string;
  status: string;
  createdAt: string;
}

/**
 * The export this test just started: the newest of its entity and format since `since`. Both projects' tests export
 * as the same administrator, each its own entity, so the list may hold the other's too.
 */
async function newestExport(browserPage: Page, entity: string, format: string, since: number): Promise<ExportRow> {
  let found: ExportRow | undefined;
  // Access tokens of the suite live 8 s: the session's current one, which the last page load refreshed.
  const call = await apiAs(browserPage);
  await expect(async () => {
    const page = await call("GET", "/api/core/bulk_data/exports/recent?page=0&size=50");
    found = (page.content as ExportRow[]).find(
      (item) =>
        item.schemaAndTableName === entity && item.format === format && Date.parse(item.createdAt) >= since - 1000,
    );
    expect(found).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return found as ExportRow;
}

/** Opens the list's export panel, chooses, and exports; the page goes to the exports with a notice. */
async function exportList(
  page: Page,
  testInfo: TestInfo,
  choices: { fields: string | RegExp; format: string },
  count: string,
) {
  await page.getByRole("link", { name: "Export", exact: true }).click();
  const panel = page.getByTestId("export-panel");
  await expect(panel).toBeVisible();
  if (jsEnabled(testInfo)) await page.locator('[data-testid="export-panel"][data-interactive]').waitFor();
  await expect(panel.getByLabel(`As listed now (${count} records)`)).toBeChecked();
  await panel.getByLabel(choices.fields).check();
  await panel.getByLabel(choices.format).check();
  await panel.getByRole("button", { name: "Export", exact: true }).click();
  await expect(page).toHaveURL(/\/exports$/);
  const notice = page.getByTestId(jsEnabled(testInfo) ? "toast" : "noscript-notice");
  await expect(notice).toContainText("Your export has started. You will be notified when it is ready.");
}

/** Downloads the export from its row once it is ready (the page refreshes itself until then). */
async function download(page: Page, id: string): Promise<string> {
  const link = page.getByTestId("exports").locator(`a[href="/exports/${id}/download"]`).first();
  await expect(link).toBeVisible({ timeout: 45_000 });
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return file.path();
}

test.describe("exports", () => {
  test("a searched list is exported as CSV with its columns and as a workbook with every field", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const run = runOf(testInfo);
    await signIn(page, users.admin, "/exports");
    const call = await apiAs(page);
    // Each project exports its own entity, so that the two never take each other's file.
    const js = jsEnabled(testInfo);
    const entity = js
      ? { path: "companies", api: "crm/company", name: "name" }
      : { path: "notes", api: "notes/note", name: "title" };
    const names = ["Alfa", "Beta", "Gamma"].map((word) => `Eksport ${run} ${word}`);
    for (const name of names) {
      await call("POST", `/api/${entity.api}`, {
        values: { [entity.name]: name, ...(js ? { city: "Tromsø" } : { text: "=1+2 is text" }) },
      });
    }
    await call("POST", `/api/${entity.api}`, {
      // Named to sort after the demo records: other tests take the first company on the list as a demo one.
      values: { [entity.name]: `Ytterst ${run}`, ...(js ? {} : { text: "other" }) },
    });

    await page.goto(`/${entity.path}?q=${encodeURIComponent(`Eksport ${run}`)}`);
    await expect(page.getByTestId("list-footer")).toHaveText("Showing 1 to 3 of 3 entries");

    // CSV of the list's columns.
    let since = Date.now();
    await exportList(page, testInfo, { fields: /^The list's columns/, format: "CSV file (.csv)" }, "3");
    const csvExport = await newestExport(page, entity.api.replace("/", "."), "csv", since);
    const csv = (await readFile(await download(page, csvExport.id), "utf8")).replace(/^\uFEFF/, "");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    for (const name of names) expect(csv).toContain(name);
    expect(csv).not.toContain(`Ytterst ${run}`);
    await expect(page.getByTestId("exports").getByText("Ready").first()).toBeVisible();

    // A workbook of every field, from the same list.
    await page.goto(`/${entity.path}?q=${encodeURIComponent(`Eksport ${run}`)}`);
    since = Date.now();
    await exportList(page, testInfo, { fields: "All fields", format: "Excel workbook (.xlsx)" }, "3");
    const xlsxExport = await newestExport(page, entity.api.replace("/", "."), "xlsx", since);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download(page, xlsxExport.id));
    const sheet = workbook.worksheets[0];
    expect(sheet.actualRowCount).toBe(4);
    const cells: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value ?? ""))));
    for (const name of names) expect(cells).toContain(name);
    // A company has more fields than its list has columns (a note has only its title and text).
    const headers = (sheet.getRow(1).values as unknown[]).filter(Boolean).length;
    if (js) expect(headers).toBeGreaterThan(lines[0].split(",").length);
    else expect(headers).toBeGreaterThanOrEqual(lines[0].split(",").length);
  });
});

test.describe("exports in Norwegian", () => {
  test.use({ locale: "nb-NO" });

  test("the export panel and the exports page speak Norwegian", async ({ page }, testInfo) => {
    const run = runOf(testInfo);
    await page.goto("/exports");
    await submitSignIn(page, users.admin.email);
    await expect(page.getByRole("heading", { name: "Eksporter", level: 1 })).toBeVisible();
    await expect(page.getByTestId("exports").getByRole("columnheader", { name: "Utløper" })).toBeVisible();
    await page.goto(`/contacts?q=${encodeURIComponent(`ingen ${run}`)}&panel=export`);
    const panel = page.getByTestId("export-panel");
    await expect(panel).toContainText("Eksporter kontakter");
    await expect(panel.getByLabel("Slik listen viser nå (0 poster)")).toBeChecked();
    await expect(panel.getByLabel("Excel-arbeidsbok (.xlsx)")).toBeChecked();
    await panel.getByRole("link", { name: "Avbryt" }).click();
    await expect(panel).toHaveCount(0);
  });
});

test("a read-only user sees no Exports in the menu, and the exports page is refused", async ({ page }) => {
  await signIn(page, users.readOnly, "/companies");
  await expect(page.getByRole("link", { name: /^(Exports|Eksporter)$/ })).toHaveCount(0);
  await page.goto("/exports");
  await expect(
    page.getByText(/Oops! You do not have access to this page\.|Oi! Du har ikke tilgang til denne siden\./),
  ).toBeVisible();
});
