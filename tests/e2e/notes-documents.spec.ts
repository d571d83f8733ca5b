import type { Page, TestInfo } from "@playwright/test";
import { pdfFile, windowsProgram } from "../support/upload-files.ts";
import { signIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

/** A company of the test's own, so that its notes and documents are only the test's; the page ends on it. */
async function newCompany(page: Page, name: string) {
  await page.goto("/companies?panel=add");
  await page.getByTestId("record-panel").getByLabel("Company name").fill(name);
  await page.getByTestId("record-panel").getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  return page.url();
}

const recordTab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Record" }).getByRole("link", { name, exact: true });

/** A success notice: a toast with JavaScript (an earlier one may still show), the page's own notice without. */
const notice = (page: Page, testInfo: TestInfo, text: string) =>
  page.getByTestId(jsEnabled(testInfo) ? "toast" : "noscript-notice").filter({ hasText: text });

const unique = (label: string, project: string) => `${label} ${project} ${Date.now()}`;

// The language test changes the employee and read-only users' language; these tests sign in as the admin, or (read-only
// checks) look for no English text.
test.describe("notes", () => {
  test("a note written on a company's tab shows there, names the company, and is removed from it", async ({
    page,
  }, testInfo) => {
    await signIn(page, users.admin);
    const company = unique("Notatfirma", testInfo.project.name);
    const companyUrl = await newCompany(page, company);

    await recordTab(page, "Notes").click();
    await expect(page.getByTestId("notes-tab")).toContainText("No notes yet");
    await page.getByRole("link", { name: "New note" }).click();
    const panel = page.getByTestId("record-panel");
    await expect(panel).toContainText(`New note on ${company}`);
    await panel.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("record-panel")).toContainText("Required");
    await page.getByTestId("record-panel").getByLabel("Title").fill("Første møte");
    await page.getByTestId("record-panel").getByLabel("Text").fill("Avtalte en demo i januar.\nRinger tilbake.");
    await page.getByTestId("record-panel").getByRole("button", { name: "Save", exact: true }).click();

    await expect(page).toHaveURL(`${companyUrl}/notes`);
    const tab = page.getByTestId("notes-tab");
    await expect(tab.locator("tbody tr")).toHaveCount(1);
    await expect(tab).toContainText("Avtalte en demo i januar. Ringer tilbake.");
    await expect(page.getByTestId("list-footer")).toHaveText("Showing 1 to 1 of 1 entries");

    // The note's own page names the company it is on.
    await tab.getByRole("link", { name: "Første møte" }).click();
    await expect(page.getByRole("heading", { name: "Første møte", level: 1 })).toBeVisible();
    await expect(page.getByTestId("attached-to-card").getByRole("link", { name: company })).toBeVisible();

    // A note's files are documents attached to it.
    await recordTab(page, "Documents").click();
    await page.getByRole("link", { name: "Upload", exact: true }).click();
    await page
      .getByTestId("upload-panel")
      .getByLabel("File")
      .setInputFiles({
        name: "referat.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("Referat fra første møte\n"),
      });
    await page.getByTestId("upload-panel").getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByTestId("documents-tab").locator("tbody tr")).toHaveCount(1);
    await expect(page.getByTestId("documents-tab")).toContainText("referat.txt");

    // The notes list finds it by its text.
    await page.goto("/notes?q=demo+i+januar");
    await expect(page.locator("tbody")).toContainText("Første møte");

    // The company's overview counts its notes and shows the latest.
    await page.goto(companyUrl);
    await expect(page.getByTestId("latest-notes-card")).toContainText("Notes (1)");
    await expect(page.getByTestId("latest-notes-card").getByRole("link", { name: "Første møte" })).toBeVisible();
    await expect(page.getByTestId("latest-documents-card")).toContainText("Documents (0)");

    await page.goto(`${companyUrl}/notes`);
    await page.getByRole("button", { name: "Remove from Første møte" }).click();
    await expect(page.getByTestId("notes-tab")).toContainText("No notes yet");
    await expect(notice(page, testInfo, "Første møte was removed from this record.")).toBeVisible();
  });

  test("a read-only user reads a company's notes but cannot write or remove one", async ({
    page,
    browser,
  }, testInfo) => {
    // The admin writes the note, in a browser of their own.
    const adminContext = await browser.newContext({
      javaScriptEnabled: jsEnabled(testInfo),
      baseURL: testInfo.project.use.baseURL,
    });
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, users.admin);
    const companyPath = new URL(await newCompany(adminPage, unique("Lesefirma", testInfo.project.name))).pathname;
    await adminPage.goto(`${companyPath}/notes?panel=new-note`);
    await adminPage.getByTestId("record-panel").getByLabel("Title").fill("Lest av alle");
    await adminPage.getByTestId("record-panel").getByRole("button", { name: "Save", exact: true }).click();
    // The empty list's row counts as one row too: the note's own title says the save is done.
    await expect(adminPage.getByTestId("notes-tab").locator("tbody tr")).toContainText("Lest av alle");
    await adminContext.close();

    // The read-only user's language may be changed by the language test meanwhile: these checks use no text.
    await signIn(page, users.readOnly, "/notes");
    await expect(page.locator("h1")).toBeVisible();
    await expect(page.locator('a[href$="panel=add"]')).toHaveCount(0);
    await page.goto(`${companyPath}/notes`);
    const tab = page.getByTestId("notes-tab");
    await expect(tab.locator("tbody tr")).toHaveCount(1);
    await expect(tab).toContainText("Lest av alle");
    await expect(page.locator('a[href$="panel=new-note"]')).toHaveCount(0);
    await expect(page.locator('button[value="detach"]')).toHaveCount(0);
    // Asking for the panel by its address shows nothing either.
    await page.goto(`${companyPath}/notes?panel=new-note`);
    await expect(tab).toBeVisible();
    await expect(page.getByTestId("record-panel")).toHaveCount(0);
  });
});

test.describe("documents", () => {
  test("upload a PDF, see it previewed, download it with its name, and delete it", async ({ page }, testInfo) => {
    await signIn(page, users.admin, "/documents");
    await page.getByRole("link", { name: "Upload", exact: true }).click();
    const panel = page.getByTestId("upload-panel");
    await expect(panel).toContainText("Upload a document");
    // Nothing chosen: the spec's text, from the browser's check with JavaScript, from the server's without.
    await panel.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByTestId("upload-panel")).toContainText("You must upload a file");

    const name = unique("Rammeavtale", testInfo.project.name);
    await page
      .getByTestId("upload-panel")
      .getByLabel("File")
      .setInputFiles({
        name: "rammeavtale-åøæ.pdf",
        mimeType: "application/pdf",
        buffer: pdfFile("Rammeavtale"),
      });
    await page.getByTestId("upload-panel").getByLabel("Name").fill(name);
    await page.getByTestId("upload-panel").getByLabel("Description").fill("Signert av begge parter");
    await page.getByTestId("upload-panel").getByRole("button", { name: "Upload", exact: true }).click();

    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(notice(page, testInfo, `${name} was uploaded.`)).toBeVisible();
    await expect(page.getByTestId("field-file_name")).toContainText("rammeavtale-åøæ.pdf");
    await expect(page.getByTestId("field-mime_type")).toContainText("application/pdf");
    await expect(page.getByTestId("field-file_size")).toContainText(/\d+ B/);
    await expect(page.getByTestId("attached-to-card")).toContainText("Not attached to any record.");

    await recordTab(page, "Preview").click();
    const frame = page.getByTestId("document-preview").locator("iframe");
    await expect(frame).toHaveAttribute("src", /\/download\?inline=true$/);
    const inline = await page.request.get((await frame.getAttribute("src")) as string);
    expect(inline.status()).toBe(200);
    expect(inline.headers()["content-type"]).toBe("application/pdf");
    expect(inline.headers()["x-frame-options"]).toBe("SAMEORIGIN");
    expect(inline.headers()["content-disposition"]).toMatch(/^inline;/);

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download", exact: true }).first().click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("rammeavtale-åøæ.pdf");
    const saved = await download.path();
    const { readFile } = await import("node:fs/promises");
    expect((await readFile(saved)).subarray(0, 5).toString()).toBe("%PDF-");

    await page.getByRole("link", { name: "Delete", exact: true }).click();
    await page.getByTestId("confirm-delete").getByRole("button", { name: "Delete" }).click();
    await expect(notice(page, testInfo, `${name} was deleted.`)).toBeVisible();
  });

  test("refuses a program with the spec's text, and keeps what was typed", async ({ page }) => {
    await signIn(page, users.admin, "/documents?panel=add");
    const panel = page.getByTestId("upload-panel");
    await panel.getByLabel("File").setInputFiles({
      name: "tilbud.pdf",
      mimeType: "application/pdf",
      buffer: windowsProgram(),
    });
    await panel.getByLabel("Description").fill("Ikke et dokument");
    await panel.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByTestId("upload-panel")).toContainText("File type not supported");
    await expect(page.getByTestId("upload-panel").getByLabel("Description")).toHaveValue("Ikke et dokument");
  });

  test("a document uploaded on a company's tab is attached to it", async ({ page }, testInfo) => {
    await signIn(page, users.admin);
    const company = unique("Dokumentfirma", testInfo.project.name);
    const companyUrl = await newCompany(page, company);
    await page.goto(`${companyUrl}/documents`);
    await expect(page.getByTestId("documents-tab")).toContainText("No documents yet");
    await page.getByRole("link", { name: "Upload", exact: true }).click();
    const panel = page.getByTestId("upload-panel");
    await expect(panel).toContainText(`Upload a document to ${company}`);
    await panel.getByLabel("File").setInputFiles({
      name: "notater.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("Møtereferat\nAlle var til stede.\n"),
    });
    await panel.getByRole("button", { name: "Upload", exact: true }).click();

    await expect(page).toHaveURL(`${companyUrl}/documents`);
    const tab = page.getByTestId("documents-tab");
    await expect(tab.locator("tbody tr")).toHaveCount(1);
    await expect(tab).toContainText("notater.txt");
    await tab.getByRole("link", { name: "notater.txt" }).click();
    await expect(page.getByTestId("attached-to-card").getByRole("link", { name: company })).toBeVisible();
    await recordTab(page, "Preview").click();
    await expect(page.getByTestId("document-preview").locator("iframe")).toBeVisible();
  });
});

test.describe("in Norwegian", () => {
  test.use({ locale: "nb-NO" });

  test("the menu, the notes tab and the upload panel speak Norwegian", async ({ page }, testInfo) => {
    await signIn(page, users.admin);
    const menu = page.getByTestId("sidebar");
    await expect(menu.getByRole("link", { name: "Notater" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Dokumenter" })).toBeVisible();
    const companyUrl = await newCompanyNb(page, unique("Norsk firma", testInfo.project.name));
    await page.goto(`${companyUrl}/notes`);
    await expect(page.getByTestId("notes-tab")).toContainText("Ingen notater ennå");
    await expect(page.getByRole("link", { name: "Nytt notat" })).toBeVisible();
    await page.goto("/documents?panel=add");
    const panel = page.getByTestId("upload-panel");
    await expect(panel).toContainText("Last opp et dokument");
    await panel.getByRole("button", { name: "Last opp", exact: true }).click();
    await expect(page.getByTestId("upload-panel")).toContainText("Du må laste opp en fil");
  });
});

async function newCompanyNb(page: Page, name: string) {
  await page.goto("/companies?panel=add");
  await page.getByTestId("record-panel").getByLabel("Firmanavn").fill(name);
  await page.getByTestId("record-panel").getByRole("button", { name: "Lagre", exact: true }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  return page.url();
}

test("the menu lists notes and documents", async ({ page }) => {
  await signIn(page, users.admin);
  const menu = page.getByTestId("sidebar");
  await menu.getByRole("link", { name: "Documents" }).click();
  await expect(page.getByRole("heading", { name: "Documents", level: 1 })).toBeVisible();
  await menu.getByRole("link", { name: "Notes" }).click();
  await expect(page.getByRole("heading", { name: "Notes", level: 1 })).toBeVisible();
});
