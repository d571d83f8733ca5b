import type { Page, TestInfo } from "@playwright/test";
import { apiAs, runOf } from "./api.ts";
import { signIn, submitSignIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

// Statuses (and priorities, categories, sources) and the inquiries' settings (spec §2 system settings). The suite's
// server is shared: statuses are added to a custom entity of this run and project's own, made and deleted through the
// API; the built-in entities' settings are only read, or saved as they are.

const STATUSES = "/system-settings/statuses";

/** A custom entity of the run's own, whose statuses the test keeps; its names are "{en} {run}" and so on. */
async function makeEntity(
  page: Page,
  key: string,
  run: string,
  [en, nb]: [string, string],
  [ens, nbs]: [string, string],
) {
  const call = await apiAs(page);
  await call("POST", "/api/custom_entities", {
    key,
    labelEn: `${en} ${run}`,
    labelNb: `${nb} ${run}`,
    pluralEn: `${ens} ${run}`,
    pluralNb: `${nbs} ${run}`,
    fields: [{ key: "name", labelEn: "Name", labelNb: "Navn", type: "Text", partOfName: true }],
  });
}

/** The entity goes, and its statuses with it; a failed test's page may be gone. */
async function removeEntity(page: Page, key: string) {
  if (page.isClosed()) return;
  await page.goto("/");
  const call = await apiAs(page);
  await call("DELETE", `/api/custom_entities/${key}`).catch(() => {});
}

/** A side panel, once it answers to typing and clicks (with JavaScript its code arrives after the page's). */
async function panel(page: Page, testInfo: TestInfo) {
  const found = page.getByTestId("meta-status-panel");
  if (jsEnabled(testInfo)) await page.locator('[data-testid="meta-status-panel"][data-interactive]').waitFor();
  else await found.waitFor();
  return found;
}

/** A success notice: a toast with JavaScript (an earlier one may still show), the page's own notice without. */
const notice = (page: Page, testInfo: TestInfo, text: string) =>
  page.getByTestId(jsEnabled(testInfo) ? "toast" : "noscript-notice").filter({ hasText: text });

const row = (page: Page, name: string) =>
  page
    .getByTestId("meta-statuses")
    .locator("tbody tr")
    .filter({ has: page.getByRole("cell", { name, exact: true }) });

// The table's columns: order, English name, Norwegian name, colour, default, active, closes, actions.
const cell = (page: Page, name: string, column: "default" | "active") =>
  row(page, name)
    .getByRole("cell")
    .nth(column === "default" ? 4 : 5);

/** Deletes `name` after the confirmation; returns the warning dialog, if the deletion was refused. */
async function confirmDelete(page: Page, name: string, label = "Delete") {
  await row(page, name)
    .getByRole("link", { name: `${label} ${name}` })
    .click();
  await page.getByTestId("confirm-delete").getByRole("button", { name: label, exact: true }).click();
  return page.getByTestId("error-dialog");
}

/** Closes the warning: a button with JavaScript, a link back without (there is no form to return to). */
async function closeWarning(page: Page, testInfo: TestInfo, label = "Close") {
  await page
    .getByTestId("error-dialog")
    .getByRole(jsEnabled(testInfo) ? "button" : "link", { name: label })
    .click();
  await expect(page.getByTestId("error-dialog")).toHaveCount(0);
}

test.describe("statuses and the inquiries' settings", () => {
  test("a custom entity's statuses keep one default, and only an inactive one that is not the default goes", async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const run = runOf(testInfo);
    const key = `e2e_ticket_${run}`;
    const plural = `Tickets ${run}`;
    await signIn(page, users.admin);
    try {
      await makeEntity(page, key, run, ["Ticket", "Sak"], ["Tickets", "Saker"]);
      await page
        .getByRole("navigation", { name: "Main menu" })
        .getByRole("link", { name: "Settings", exact: true })
        .first()
        .click();
      await page
        .getByRole("navigation", { name: "System settings" })
        .getByRole("link", { name: "Statuses", exact: true })
        .click();
      await expect(page).toHaveURL(/\/system-settings\/statuses$/);
      await expect(page.getByRole("heading", { name: "Statuses", level: 1 })).toBeVisible();
      await page.getByRole("navigation", { name: "Entities" }).getByRole("link", { name: plural }).click();
      await expect(page).toHaveURL(`${STATUSES}?entity=custom_schema.${key}`);
      await expect(page.getByTestId("empty-state")).toContainText("No statuses yet");

      // A colour that is not one is refused with the contract's text, in the browser or by the action.
      await page.getByRole("link", { name: "Add status" }).first().click();
      let form = await panel(page, testInfo);
      await expect(form.getByText("New status")).toBeVisible();
      await form.getByLabel("Name in English").fill("Open");
      await form.getByLabel("Name in Norwegian").fill("Åpen");
      await form.getByRole("checkbox", { name: "Default", exact: true }).check();
      await form.getByLabel("Colour", { exact: true }).fill("red");
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByTestId("meta-status-panel")).toContainText("Must be a colour such as #1A7F37");
      form = await panel(page, testInfo);
      await form.getByLabel("Colour", { exact: true }).fill("#1a7f37");
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByTestId("meta-status-panel")).toHaveCount(0);
      await expect(notice(page, testInfo, "Open was added.")).toBeVisible();
      await expect(row(page, "Open")).toContainText("Åpen");
      await expect(row(page, "Open")).toContainText("#1A7F37");
      await expect(cell(page, "Open", "default")).toHaveText("Yes");
      await expect(cell(page, "Open", "active")).toHaveText("Yes");

      // A new default moves the default.
      await page.getByRole("link", { name: "Add status" }).first().click();
      form = await panel(page, testInfo);
      await form.getByLabel("Name in English").fill("Done");
      await form.getByLabel("Name in Norwegian").fill("Ferdig");
      await form.getByRole("checkbox", { name: "Default", exact: true }).check();
      await form.getByRole("checkbox", { name: "Closes the item", exact: true }).check();
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(notice(page, testInfo, "Done was added.")).toBeVisible();
      await expect(cell(page, "Done", "default")).toHaveText("Yes");
      await expect(cell(page, "Open", "default")).toHaveText("No");

      // The default cannot be switched off.
      await row(page, "Done").getByRole("link", { name: "Edit Done" }).click();
      form = await panel(page, testInfo);
      await expect(form.getByRole("checkbox", { name: "Default", exact: true })).toBeChecked();
      await form.getByRole("checkbox", { name: "Active", exact: true }).uncheck();
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByTestId("meta-status-panel")).toContainText("The default must be active");
      await page.goto(`${STATUSES}?entity=custom_schema.${key}`);

      // Neither the default nor an active one may be deleted: the server's text says so.
      const refusal = "Cannot delete default or active source, category, status or priority.";
      await expect(await confirmDelete(page, "Done")).toContainText(refusal);
      await expect(page.getByTestId("confirm-delete")).toHaveCount(0);
      await closeWarning(page, testInfo);
      await expect(await confirmDelete(page, "Open")).toContainText(refusal);
      await closeWarning(page, testInfo);
      await expect(row(page, "Open")).toHaveCount(1);

      // Switched off, it goes.
      await row(page, "Open").getByRole("link", { name: "Edit Open" }).click();
      form = await panel(page, testInfo);
      await expect(form.getByLabel("Colour", { exact: true })).toHaveValue("#1a7f37");
      await form.getByRole("checkbox", { name: "Active", exact: true }).uncheck();
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expect(notice(page, testInfo, "Changes to Open were saved.")).toBeVisible();
      await expect(cell(page, "Open", "active")).toHaveText("No");
      await confirmDelete(page, "Open");
      await expect(notice(page, testInfo, "Open was deleted.")).toBeVisible();
      await expect(row(page, "Open")).toHaveCount(0);
      await expect(row(page, "Done")).toHaveCount(1);

      // Priorities belong only to the entities with a field that chooses one.
      await page.goto("/system-settings/priorities");
      await expect(page.getByRole("heading", { name: "Priorities", level: 1 })).toBeVisible();
      const tabs = page.getByRole("navigation", { name: "Entities" }).getByRole("link");
      await expect(tabs).toHaveText(["Inquiries", "To-dos"]);
      await expect(row(page, "Normal")).toContainText("Normal");
    } finally {
      await removeEntity(page, key);
    }
  });

  test("the inquiries' reference number only moves forward, and the defaults save", async ({ page }, testInfo) => {
    await signIn(page, users.admin, "/system-settings");
    await page
      .getByRole("navigation", { name: "System settings" })
      .getByRole("link", { name: "Inquiries", exact: true })
      .click();
    await expect(page).toHaveURL(/\/system-settings\/inquiries$/);
    await expect(page.getByRole("heading", { name: "Inquiries", level: 1 })).toBeVisible();

    const reference = page.getByTestId("reference-numbers");
    const start = Number(await reference.getByLabel("Next reference number").inputValue());
    expect(start).toBeGreaterThan(0);
    await reference.getByLabel("Next reference number").fill("0");
    await reference.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByTestId("reference-numbers")).toContainText("Must be at least 1");
    // A number below the next one is the API's to refuse (others may have taken numbers meanwhile).
    await page
      .getByTestId("reference-numbers")
      .getByLabel("Next reference number")
      .fill(String(start - 1));
    await page.getByTestId("reference-numbers").getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByTestId("reference-numbers")).toContainText(/Must be at least \d{2,}/);
    await expect(page.getByTestId("reference-numbers").getByLabel("Next reference number")).toHaveValue(
      String(start - 1),
    );

    // The defaults as they are, saved as they are: nothing changes for the tests beside this one.
    const defaults = page.getByTestId("item-defaults");
    const before = await defaults.getByLabel("Default priority").inputValue();
    expect(before).not.toBe("");
    await defaults.getByRole("button", { name: "Save Changes" }).click();
    await expect(notice(page, testInfo, "The defaults for new items were saved.")).toBeVisible();
    await expect(page.getByTestId("item-defaults").getByLabel("Default priority")).toHaveValue(before);
  });

  test("a user without the settings permission is refused", async ({ page }) => {
    await signIn(page, users.employee);
    for (const path of [STATUSES, "/system-settings/todo"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
    }
  });
});

test.describe("statuses in Norwegian", () => {
  // A Norwegian browser: the admin, who has chosen no language, gets Norwegian after sign-in.
  test.use({ locale: "nb-NO" });

  test("the statuses and the inquiries' settings speak Norwegian, the refusals included", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const run = runOf(testInfo);
    const key = `e2e_sak_${run}`;
    await page.goto("/");
    await submitSignIn(page, users.admin.email);
    await expect(page.getByText(users.admin.name).first()).toBeVisible();
    try {
      await makeEntity(page, key, run, ["Case", "Sak"], ["Cases", "Saker"]);
      await page.goto(`${STATUSES}?entity=custom_schema.${key}`);
      await expect(page.getByRole("heading", { name: "Statuser", level: 1 })).toBeVisible();
      await expect(
        page.getByRole("navigation", { name: "Systeminnstillinger" }).getByRole("link", { name: "Statuser" }),
      ).toHaveAttribute("aria-current", "page");
      await expect(page.getByTestId("empty-state")).toContainText("Ingen statuser ennå");

      await page.getByRole("link", { name: "Legg til status" }).first().click();
      let form = await panel(page, testInfo);
      await form.getByLabel("Navn på engelsk").fill("New");
      await form.getByLabel("Navn på norsk").fill("Ny");
      await form.getByLabel("Farge", { exact: true }).fill("grønn");
      await form.getByRole("button", { name: "Lagre", exact: true }).click();
      await expect(page.getByTestId("meta-status-panel")).toContainText("Må være en farge som #1A7F37");
      form = await panel(page, testInfo);
      await form.getByLabel("Farge", { exact: true }).fill("#2563EB");
      await form.getByRole("button", { name: "Lagre", exact: true }).click();
      await expect(notice(page, testInfo, "Ny ble lagt til.")).toBeVisible();
      await expect(cell(page, "New", "active")).toHaveText("Ja");

      const dialog = await confirmDelete(page, "Ny", "Slett");
      await expect(dialog).toContainText(
        "Kan ikke slette en kilde, kategori, status eller prioritet som er standard eller aktiv.",
      );
      await closeWarning(page, testInfo, "Lukk");

      await page.goto("/system-settings/inquiries");
      await expect(page.getByRole("heading", { name: "Henvendelser", level: 1 })).toBeVisible();
      const reference = page.getByTestId("reference-numbers");
      const start = Number(await reference.getByLabel("Neste referansenummer").inputValue());
      await reference.getByLabel("Neste referansenummer").fill(String(start - 1));
      await reference.getByRole("button", { name: "Lagre endringer" }).click();
      await expect(page.getByTestId("reference-numbers")).toContainText(/Må være minst \d{2,}/);
    } finally {
      await removeEntity(page, key);
    }
  });
});
