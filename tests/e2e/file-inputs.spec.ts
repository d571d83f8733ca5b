import type { Page } from "@playwright/test";
import { signIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

// Every file input (spec §5): its picker offers only the allowed types, and with JavaScript a file of another type, or
// one too large, is refused as it is chosen, before a byte is sent. The API's own refusals have their tests beside each
// screen's (notes-documents, profile, company settings, bulk import).

/** The posts a page makes from now on: a refused file must cause none. */
function posts(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") sent.push(request.url());
  });
  return sent;
}

const inputs = [
  {
    screen: "a document's upload panel",
    path: "/documents?panel=add",
    // The panel's code loads after the page's.
    ready: '[data-testid="upload-panel"][data-interactive]',
    label: "File",
    accept: /^\.pdf,\.png,\.jpg,\.jpeg,.*\.docx,.*\.doc,\.xls,\.ppt,\.txt,\.csv,\.tsv,\.md$/,
    wrong: { name: "setup.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") },
    refused: "File type not supported",
  },
  {
    screen: "a new import",
    path: "/imports/new?entity=crm.company",
    ready: "html[data-hydrated]",
    label: "File",
    accept: /^\.xlsx,\.csv$/,
    wrong: { name: "companies.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") },
    refused: "File type not supported",
  },
  {
    screen: "the profile image",
    path: "/profile/user-profile",
    ready: "html[data-hydrated]",
    label: "Choose an image",
    accept: /^image\/png,image\/jpeg,image\/webp$/,
    wrong: { name: "me.png", mimeType: "image/png", buffer: Buffer.alloc(801 * 1024) },
    refused: "The profile image must not exceed 800 kB",
  },
  {
    screen: "the company's logo",
    path: "/system-settings/company-settings",
    ready: "html[data-hydrated]",
    label: "Logo image",
    accept: /^image\/png,image\/jpeg,image\/webp$/,
    wrong: { name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg/>") },
    refused: "The logo must be a PNG, JPEG or WebP image",
  },
];

test.describe("file inputs", () => {
  for (const input of inputs) {
    test(`${input.screen} offers only its types, and refuses another before sending it`, async ({ page }, testInfo) => {
      await signIn(page, users.admin, input.path);
      // The page's one file input, under its label.
      const field = page.locator('input[type="file"]');
      await expect(page.locator("label").filter({ hasText: input.label })).toHaveCount(1);
      await expect(field).toHaveAttribute("accept", input.accept);
      if (!jsEnabled(testInfo)) return;
      await page.locator(input.ready).waitFor();
      const sent = posts(page);
      await field.setInputFiles(input.wrong);
      await expect(page.getByRole("alert").filter({ hasText: input.refused })).toBeVisible();
      // Refused and cleared (spec §5): nothing is left to send.
      await expect(field).toHaveValue("");
      expect(sent).toEqual([]);
    });
  }

  test.describe("in Norwegian", () => {
    test.use({ locale: "nb-NO" });

    test("a refused document says so in Norwegian", async ({ page }, testInfo) => {
      await signIn(page, users.admin, "/documents?panel=add");
      const field = page.getByTestId("upload-panel").locator('input[type="file"]');
      await expect(field).toHaveAttribute("accept", /\.pdf/);
      if (!jsEnabled(testInfo)) return;
      await page.locator('[data-testid="upload-panel"][data-interactive]').waitFor();
      await field.setInputFiles({
        name: "program.exe",
        mimeType: "application/x-msdownload",
        buffer: Buffer.from("MZ"),
      });
      await expect(page.getByRole("alert").filter({ hasText: "Filtypen støttes ikke" })).toBeVisible();
    });
  });
});
