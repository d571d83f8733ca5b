import type { Page, TestInfo } from "@playwright/test";
import { sessionTokens, signIn, submitSignIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

// The suite's server and database are shared by the tests running beside these: the fields moved and switched here
// belong to a custom entity made by the test, with a key of its own run and project, and deleted again. Built-in
// entities are only looked at, never reordered.

const SCREEN = "/system-settings/field-management-settings";

/**
 * The API as the signed-in admin. Loading a page first gives a fresh access token (they live a few seconds here);
 * `stay` keeps the page, which has just been loaded.
 */
async function apiCaller(page: Page, { stay = false } = {}) {
  if (!stay) await page.goto("/");
  const { access_token } = await sessionTokens(page.context());
  return async (method: string, path: string, body?: object) => {
    const response = await fetch(`${process.env.E2E_API_URL}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${access_token}`,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return response;
  };
}

/** A custom entity of this run: a required name, a ship, the days and a unique code, and one record. */
async function makeEntity(page: Page, key: string, run: string): Promise<string> {
  const call = await apiCaller(page);
  const created = await call("POST", "/api/custom_entities", {
    key,
    labelEn: `Voyage ${run}`,
    labelNb: `Reise ${run}`,
    pluralEn: `Voyages ${run}`,
    pluralNb: `Reiser ${run}`,
    fields: [
      { key: "name", labelEn: "Name", labelNb: "Navn", type: "Text", required: true, partOfName: true },
      { key: "ship", labelEn: "Ship", labelNb: "Skip", type: "Text" },
      { key: "days", labelEn: "Days", labelNb: "Dager", type: "Number" },
      { key: "code", labelEn: "Code", labelNb: "Kode", type: "Text", unique: true },
    ],
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const record = await call("POST", `/api/custom_schema/${key}`, {
    values: { name: "Bergen–Kirkenes", ship: "Nordlys", days: 6, code: "BK1" },
  });
  expect(record.status, await record.clone().text()).toBe(201);
  return ((await record.json()) as { uuid: string }).uuid;
}

/** What a failed test left behind: the entity's records first (an entity with records cannot go), then the entity. */
async function removeEntity(page: Page, key: string) {
  if (page.isClosed()) return;
  const call = await apiCaller(page);
  const records = await call("GET", `/api/custom_schema/${key}?size=100`);
  if (records.ok) {
    for (const record of ((await records.json()) as { content: { uuid: string }[] }).content) {
      await call("DELETE", `/api/custom_schema/${key}/${record.uuid}`);
    }
  }
  await call("DELETE", `/api/custom_entities/${key}`);
}

/** The keys of the screen's rows, in order. */
const rowKeys = (page: Page) => page.getByTestId("field-order").locator("tbody tr td:nth-child(2)");

/** With JavaScript a change shows at once and is saved meanwhile: wait until it is, before leaving the page. */
const saved = (page: Page) => expect(page.getByTestId("field-order")).not.toHaveAttribute("aria-busy", "true");

/** The labels of a record form's fields, in order. */
const formLabels = (page: Page) => page.getByTestId("record-panel").locator("form label");

/** A side panel, once it answers to typing and clicks (with JavaScript its code arrives after the page's). */
async function recordPanel(page: Page, testInfo: TestInfo) {
  const found = page.getByTestId("record-panel");
  if (jsEnabled(testInfo)) await page.locator('[data-testid="record-panel"][data-interactive]').waitFor();
  else await found.waitFor();
  return found;
}

test.describe("field management", () => {
  test("the admin orders an entity's fields and switches them, and forms and record pages follow", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const js = jsEnabled(testInfo);
    const run = `${testInfo.project.name.replace("-", "")}${Date.now()}`;
    const key = `e2e_fm_${run}`;
    const screen = `${SCREEN}/custom_schema.${key}`;
    try {
      await signIn(page, users.admin);
      const recordId = await makeEntity(page, key, run);

      // The section opens at the first entity; its standard fields can be moved but not switched.
      await page.goto("/system-settings");
      await page
        .getByRole("navigation", { name: "System settings" })
        .getByRole("link", { name: "Field management" })
        .click();
      await expect(page).toHaveURL(new RegExp(`${SCREEN}$`));
      await expect(page.getByRole("heading", { name: "Field management", level: 1 })).toBeVisible();
      const companies = page.getByRole("navigation", { name: "Entities" }).getByRole("link", { name: "Companies" });
      await expect(companies).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("switch", { name: "Required: Company name" })).toBeDisabled();
      await expect(page.getByRole("switch", { name: "Active: Company name" })).toBeChecked();
      await expect(page.getByRole("button", { name: "Move Company name up" })).toBeDisabled();
      await expect(page.getByRole("button", { name: "Move Company name down" })).toBeEnabled();

      // The entity of this run, by its tab.
      await page
        .getByRole("navigation", { name: "Entities" })
        .getByRole("link", { name: `Voyages ${run}` })
        .click();
      await expect(page).toHaveURL(new RegExp(`${screen}$`));
      await expect(rowKeys(page)).toHaveText(["name", "ship", "days", "code"]);
      await expect(page.getByTestId("field-order").locator("tbody tr").nth(2)).toContainText(/Days.*Number.*Custom/);

      // Days moves above Ship; the moved row keeps the focus (without JavaScript the page comes back at its row).
      await page.getByRole("button", { name: "Move Days up" }).click();
      await expect(rowKeys(page)).toHaveText(["name", "days", "ship", "code"]);
      await saved(page);
      if (js) await expect(page.getByRole("button", { name: "Move Days up" })).toBeFocused();
      else await expect(page).toHaveURL(new RegExp(`${screen}#field-days$`));
      // Once more: at the top now, so its other button keeps the focus.
      await page.getByRole("button", { name: "Move Days up" }).click();
      await expect(rowKeys(page)).toHaveText(["days", "name", "ship", "code"]);
      await saved(page);
      await expect(page.getByRole("button", { name: "Move Days up" })).toBeDisabled();
      if (js) await expect(page.getByRole("button", { name: "Move Days down" })).toBeFocused();
      await page.getByRole("button", { name: "Move Days down" }).click();
      await expect(rowKeys(page)).toHaveText(["name", "days", "ship", "code"]);
      await saved(page);

      // The record form and the record page show the new order at once.
      await page.goto(`/custom-entity/${key}?panel=add`);
      await recordPanel(page, testInfo);
      await expect(formLabels(page)).toHaveText([/^Name/, /^Days/, /^Ship/, /^Code/]);
      await page.goto(`/custom-entity/${key}/${recordId}`);
      await expect(page.locator('[data-testid^="field-"]')).toHaveText([/^Name/, /^Days/, /^Ship/, /^Code/]);

      // Ship hidden: gone from the form and the record page.
      await page.goto(screen);
      const hidden = page.getByRole("switch", { name: "Hidden: Ship" });
      await expect(hidden).not.toBeChecked();
      await hidden.click();
      await expect(page.getByRole("switch", { name: "Hidden: Ship" })).toBeChecked();
      await saved(page);
      await page.reload();
      await expect(page.getByRole("switch", { name: "Hidden: Ship" })).toBeChecked();
      await page.goto(`/custom-entity/${key}?panel=add`);
      await recordPanel(page, testInfo);
      await expect(formLabels(page)).toHaveText([/^Name/, /^Days/, /^Code/]);
      await page.goto(`/custom-entity/${key}/${recordId}`);
      await expect(page.getByTestId("field-ship")).toHaveCount(0);

      // What the rules forbid cannot be switched: a required field without a default cannot be hidden.
      await page.goto(screen);
      await expect(page.getByRole("switch", { name: "Hidden: Name" })).toBeDisabled();
      await expect(page.getByRole("switch", { name: "Hidden: Name" })).toHaveAttribute(
        "title",
        "A required field cannot be hidden without a default",
      );

      // A unique field may become required; then it cannot be hidden either.
      await page.getByRole("switch", { name: "Required: Code" }).click();
      await expect(page.getByRole("switch", { name: "Required: Code" })).toBeChecked();
      await saved(page);
      await expect(page.getByRole("switch", { name: "Hidden: Code" })).toBeDisabled();

      // The page is older than the field: Days became required meanwhile, so hiding it is refused with the API's text.
      await page.goto(screen);
      const call = await apiCaller(page, { stay: true });
      const days = await (await call("GET", `/api/advance_field/custom_schema/${key}/days`)).json();
      const changed = await call("PUT", `/api/advance_field/custom_schema/${key}/days`, { ...days, required: true });
      expect(changed.status, await changed.clone().text()).toBe(200);
      await page.getByRole("switch", { name: "Hidden: Days" }).click();
      const dialog = page.getByTestId("error-dialog");
      await expect(dialog).toContainText("A required field cannot be hidden without a default");
      // Without JavaScript, Close posts the row's form, and the page comes back at the row.
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toHaveCount(0);
      if (!js) await expect(page).toHaveURL(new RegExp(`${screen}#field-days$`));
      await page.goto(screen);
      await expect(page.getByRole("switch", { name: "Hidden: Days" })).not.toBeChecked();
      await expect(page.getByRole("switch", { name: "Hidden: Days" })).toBeDisabled();
      await expect(page.getByRole("switch", { name: "Required: Days" })).toBeChecked();

      // Deactivated, a field leaves the form too; switched back, it returns.
      await page.getByRole("switch", { name: "Active: Days" }).click();
      await expect(page.getByRole("switch", { name: "Active: Days" })).not.toBeChecked();
      await saved(page);
      await page.goto(`/custom-entity/${key}?panel=add`);
      await recordPanel(page, testInfo);
      await expect(formLabels(page)).toHaveText([/^Name/, /^Code/]);
      await page.goto(screen);
      await page.getByRole("switch", { name: "Active: Days" }).click();
      await expect(page.getByRole("switch", { name: "Active: Days" })).toBeChecked();
      await saved(page);

      // An address that names no entity is not a page.
      const missing = await page.goto(`${SCREEN}/custom_schema.no_such_${run}`);
      expect(missing?.status()).toBe(404);
    } finally {
      await removeEntity(page, key);
    }
  });

  test("a user without the settings permission is refused", async ({ page }) => {
    await signIn(page, users.employee);
    const response = await page.goto(`${SCREEN}/crm.company`);
    expect(response?.status()).toBe(403);
    await expect(page.getByTestId("field-order")).toHaveCount(0);
  });
});

test.describe("field management in Norwegian", () => {
  test.use({ locale: "nb-NO" });

  test("the screen speaks Norwegian", async ({ page }) => {
    await page.goto(`${SCREEN}/crm.contact`);
    await submitSignIn(page, users.admin.email);
    await expect(page.getByRole("heading", { name: "Feltadministrasjon", level: 1 })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Systeminnstillinger" }).getByRole("link", { name: "Feltadministrasjon" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(
      page.getByRole("navigation", { name: "Entiteter" }).getByRole("link", { name: "Kontakter" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("columnheader", { name: "Rekkefølge" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Flytt Fornavn ned" })).toBeEnabled();
    const required = page.getByRole("switch", { name: "Påkrevd: Fornavn" });
    await expect(required).toBeDisabled();
    await expect(required).toHaveAttribute("title", "Standardfelt kan ikke deaktiveres eller redigeres.");
    await expect(page.getByTestId("field-order").locator("tbody tr").first()).toContainText("Standardfelt");
  });
});
