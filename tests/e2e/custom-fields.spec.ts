import type { Page, TestInfo } from "@playwright/test";
import { sessionTokens, signIn, submitSignIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

// The suite's server and database are shared by the tests running beside these: every field made here is optional,
// has a key of its own run and project, lives on contacts (company forms are compared elsewhere) and is deleted again.

const SCREEN = "/system-settings/custom-fields?entity=crm.contact";

/** A key no other run or project uses. */
const keyFor = (name: string, testInfo: TestInfo) =>
  `e2e_${name}_${testInfo.project.name.replace("-", "")}_${Date.now()}`;

/** A success notice: a toast with JavaScript, the page's own notice without. */
const notice = (page: Page, testInfo: TestInfo, text: string) =>
  page.getByTestId(jsEnabled(testInfo) ? "toast" : "noscript-notice").filter({ hasText: text });

/** A side panel, once it answers to typing and clicks (with JavaScript its code arrives after the page's). */
async function panel(page: Page, testInfo: TestInfo, testId = "field-panel") {
  const found = page.getByTestId(testId);
  if (jsEnabled(testInfo)) await page.locator(`[data-testid="${testId}"][data-interactive]`).waitFor();
  else await found.waitFor();
  return found;
}

const fieldRow = (page: Page, key: string) =>
  page.getByTestId("custom-fields").locator("tbody tr").filter({ hasText: key });

interface NewField {
  type: string;
  key: string;
  labelEn: string;
  labelNb: string;
  /** Anything else the type's form asks for. */
  fill?: (form: ReturnType<Page["getByTestId"]>) => Promise<void>;
}

/** Adds a field to contacts through the panel: its type first, then its form. */
async function addField(page: Page, testInfo: TestInfo, field: NewField) {
  await page.goto(SCREEN);
  await page.getByRole("link", { name: "Add field", exact: true }).first().click();
  const chooser = await panel(page, testInfo);
  await chooser.getByRole("link", { name: field.type, exact: true }).click();
  const form = await panel(page, testInfo);
  await expect(form).toContainText(`Add a custom field: ${field.type}`);
  await form.getByLabel("Label in English").fill(field.labelEn);
  await form.getByLabel("Label in Norwegian").fill(field.labelNb);
  await form.getByLabel("Key").fill(field.key);
  await field.fill?.(form);
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("field-panel")).toHaveCount(0);
  await expect(notice(page, testInfo, `The field ${field.labelEn} was added.`)).toBeVisible();
  await expect(fieldRow(page, field.key)).toContainText(field.labelEn);
}

/** Deletes a field after the confirmation. */
async function deleteField(page: Page, testInfo: TestInfo, key: string, label: string) {
  await page.goto(SCREEN);
  await fieldRow(page, key)
    .getByRole("link", { name: `Delete ${label}` })
    .click();
  const confirm = page.getByTestId("confirm-delete");
  await expect(confirm).toContainText(`Delete the field ${label} and its column?`);
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(notice(page, testInfo, `The field ${label} was deleted.`)).toBeVisible();
  await expect(fieldRow(page, key)).toHaveCount(0);
}

/**
 * What a failed test left behind goes through the API: the contact first (a field holding a value cannot be deleted),
 * then the fields. Loading a page first gives a fresh access token.
 */
async function removeLeftovers(page: Page, keys: string[], contactUrl: string | undefined) {
  // A test that ran out of time has lost its page; the error that ended it is the one to see.
  if (page.isClosed()) return;
  await page.goto("/");
  const { access_token } = await sessionTokens(page.context());
  const call = (method: string, path: string) =>
    fetch(`${process.env.E2E_API_URL}${path}`, { method, headers: { authorization: `Bearer ${access_token}` } });
  const contactId = contactUrl?.match(/\/contacts\/([0-9a-f-]{36})/)?.[1];
  if (contactId) await call("DELETE", `/api/crm/contact/${contactId}`);
  for (const key of keys) {
    const found = await call("GET", `/api/advance_field/crm/contact/${key}`);
    if (found.ok) await call("DELETE", `/api/advance_field/crm/contact/${((await found.json()) as { id: string }).id}`);
  }
}

test.describe("custom fields", () => {
  test("the admin adds fields of several types, changes and deletes them, and a contact uses them", async ({
    page,
  }, testInfo) => {
    // Five fields, a contact and their deletion: some forty page loads.
    test.setTimeout(180_000);
    const js = jsEnabled(testInfo);
    const suffix = `${testInfo.project.name} ${Date.now()}`;
    const text = { key: keyFor("text", testInfo), labelEn: `Nickname ${suffix}`, labelNb: `Kallenavn ${suffix}` };
    const number = {
      key: keyFor("number", testInfo),
      labelEn: `Shoe size ${suffix}`,
      labelNb: `Skostørrelse ${suffix}`,
    };
    const date = { key: keyFor("date", testInfo), labelEn: `First visit ${suffix}`, labelNb: `Første besøk ${suffix}` };
    const list = { key: keyFor("list", testInfo), labelEn: `Tier ${suffix}`, labelNb: `Nivå ${suffix}` };
    const bool = { key: keyFor("bool", testInfo), labelEn: `Newsletter ${suffix}`, labelNb: `Nyhetsbrev ${suffix}` };
    const keys = [text, number, date, list, bool].map((field) => field.key);
    let contactUrl: string | undefined;
    try {
      await signIn(page, users.admin);
      // The menu's Settings open the first section, the company's; the custom fields are a section of their own.
      // The menu is in the sidebar, and (on narrow screens) under the navbar.
      await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Settings" }).first().click();
      await expect(page).toHaveURL(/\/system-settings\/company-settings$/);
      const sections = page.getByRole("navigation", { name: "System settings" });
      await sections.getByRole("link", { name: "Custom fields" }).click();
      await expect(page).toHaveURL(/\/system-settings\/custom-fields/);
      await expect(page.getByRole("heading", { name: "Custom fields", level: 1 })).toBeVisible();
      await expect(sections.getByRole("link", { name: "Custom fields" })).toHaveAttribute("aria-current", "page");
      await page
        .getByRole("navigation", { name: "Entities" })
        .getByRole("link", { name: /^Contacts \(/ })
        .click();
      await expect(page.getByTestId("column-budget")).toHaveText(
        /^\d+ of 250 custom fields\. \d+ of 1,600 columns used\./,
      );
      await expect(page.getByTestId("standard-fields")).toContainText("cannot be edited or deactivated");
      await expect(page.getByTestId("standard-fields").locator("tbody tr", { hasText: "first_name" })).toBeVisible();

      await addField(page, testInfo, {
        type: "Text",
        ...text,
        fill: async (form) => {
          await form.getByLabel("Maximum characters").fill("40");
        },
      });
      await expect(fieldRow(page, text.key)).toContainText("Text");
      await addField(page, testInfo, {
        type: "Number",
        ...number,
        fill: async (form) => {
          await form.getByLabel("Minimum value").fill("10");
          await form.getByLabel("Maximum value").fill("60");
        },
      });
      await addField(page, testInfo, { type: "Date", ...date });
      await addField(page, testInfo, {
        type: "List",
        ...list,
        fill: async (form) => {
          await form.getByLabel("Option 1 in English").fill("Gold");
          await form.getByLabel("Option 1 in Norwegian").fill("Gull");
          // Without JavaScript the button posts the form, which comes back with a row more.
          await form.getByRole("button", { name: "Add option" }).click();
          const again = await panel(page, testInfo);
          await again.getByLabel("Option 2 in English").fill("Silver");
          await again.getByLabel("Option 2 in Norwegian").fill("Sølv");
          await expect(again.getByLabel("Option 1 in English")).toHaveValue("Gold");
        },
      });
      // Inactive from the start: a form shows no inactive field, so no record saved meanwhile gives it a value (an
      // unchecked box is a value, "No") and it can be deleted below.
      await addField(page, testInfo, {
        type: "Yes/No",
        ...bool,
        fill: async (form) => {
          await form.getByText("Active", { exact: true }).click();
          await expect(form.getByRole("checkbox", { name: "Active" })).not.toBeChecked();
        },
      });
      await expect(fieldRow(page, bool.key).getByRole("cell")).toHaveText([
        bool.labelEn,
        bool.key,
        "Yes/No",
        "No",
        "No",
        "No",
        "No",
        "No",
        /Edit.*Delete/,
      ]);

      // A key taken already is refused by the API with the catalogue's text.
      await page.goto(`${SCREEN}&panel=new&type=Text`);
      let form = await panel(page, testInfo);
      if (js) {
        // The key follows the English label until one is typed.
        await form.getByLabel("Label in English").fill("Shoe size (EU)");
        await expect(form.getByLabel("Key")).toHaveValue("shoe_size_eu");
      }
      await form.getByLabel("Label in English").fill("Twice");
      await form.getByLabel("Label in Norwegian").fill("To ganger");
      await form.getByLabel("Key").fill(number.key);
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByTestId("error-dialog")).toContainText("Field key already exist");
      // The key's own message says it too.
      await expect(page.getByTestId("field-panel")).toContainText("Field key already exist");
      // Closed, the dialog leaves the form as it was filled (without JavaScript, Close posts it back).
      await page.getByTestId("error-dialog").getByRole("button", { name: "Close" }).click();
      await expect(page.getByTestId("error-dialog")).toHaveCount(0);
      form = await panel(page, testInfo);
      await expect(form.getByLabel("Label in English")).toHaveValue("Twice");

      // The form checks with the contract's rules before anything is sent.
      await form.getByLabel("Minimum characters").fill("20");
      await form.getByLabel("Maximum characters").fill("5");
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByTestId("field-panel")).toContainText("The maximum must be greater than the minimum");

      // A label changed.
      await page.goto(SCREEN);
      await fieldRow(page, text.key)
        .getByRole("link", { name: `Edit ${text.labelEn}` })
        .click();
      form = await panel(page, testInfo);
      await expect(form.getByTestId("field-key")).toHaveText(text.key);
      await expect(form.getByLabel("Maximum characters")).toHaveValue("40");
      text.labelEn = `Call name ${suffix}`;
      await form.getByLabel("Label in English").fill(text.labelEn);
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expect(notice(page, testInfo, `Changes to the field ${text.labelEn} were saved.`)).toBeVisible();
      await expect(fieldRow(page, text.key)).toContainText(text.labelEn);

      // An unused field goes after the confirmation.
      await deleteField(page, testInfo, bool.key, bool.labelEn);

      // A contact uses the new fields at once.
      const last = `Feltsen${testInfo.project.name.replace("-", "")}${Date.now()}`;
      await page.goto("/contacts?panel=add");
      const add = await panel(page, testInfo, "record-panel");
      await add.getByLabel("First name").fill("Frida");
      await add.getByLabel("Last name").fill(last);
      await add.getByLabel(text.labelEn).fill("Blåbær");
      await add.getByLabel(number.labelEn).fill("42");
      await add.getByLabel(date.labelEn).fill("2026-05-17");
      await add.getByLabel(list.labelEn).selectOption({ label: "Silver" });
      await add.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByRole("heading", { name: `Frida ${last}`, level: 1 })).toBeVisible();
      contactUrl = page.url();
      await expect(page.getByTestId(`field-${text.key}`)).toContainText("Blåbær");
      await expect(page.getByTestId(`field-${number.key}`)).toContainText("42");
      await expect(page.getByTestId(`field-${date.key}`)).toContainText("May 17, 2026");
      await expect(page.getByTestId(`field-${list.key}`)).toContainText("Silver");

      // A field that holds a value cannot go: the catalogue's text says so.
      await page.goto(`${SCREEN}&confirm=delete&key=${number.key}`);
      await page.getByTestId("confirm-delete").getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page.getByTestId("error-dialog")).toContainText("Field in use");
      await expect(page.getByTestId("confirm-delete")).toHaveCount(0);

      // The contact first, then the fields it held values in.
      await page.goto(`${contactUrl}?confirm=delete`);
      await page.getByTestId("confirm-delete").getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page).toHaveURL(/\/contacts$/);
      contactUrl = undefined;
      for (const field of [text, number, date, list]) await deleteField(page, testInfo, field.key, field.labelEn);
    } finally {
      await removeLeftovers(page, keys, contactUrl);
    }
  });

  test("a user without the settings permission has no Settings entry and is refused", async ({ page }) => {
    await signIn(page, users.employee);
    // The language test switches this user's language meanwhile: the menu is told by its link.
    await expect(page.getByRole("navigation").first()).toBeVisible();
    await expect(page.locator('a[href="/system-settings"]')).toHaveCount(0);
    const response = await page.goto("/system-settings/custom-fields?entity=crm.contact&panel=new");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("alert")).toContainText(
      /Oops! You do not have access to this page\.|Oi! Du har ikke tilgang til denne siden\./,
    );
    await expect(page.getByTestId("field-panel")).toHaveCount(0);
  });
});

test.describe("custom fields in Norwegian", () => {
  // A Norwegian browser: the admin, who has chosen no language, gets Norwegian after sign-in.
  test.use({ locale: "nb-NO" });

  test("the settings speak Norwegian, the form's messages included", async ({ page }, testInfo) => {
    const key = keyFor("norsk", testInfo);
    const label = `Hobby ${testInfo.project.name} ${Date.now()}`;
    try {
      await page.goto("/system-settings/custom-fields");
      await submitSignIn(page, users.admin.email);
      await expect(page.getByRole("heading", { name: "Egendefinerte felt", level: 1 })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Systeminnstillinger" })).toBeVisible();
      await expect(
        page.getByRole("navigation", { name: "Hovedmeny" }).getByRole("link", { name: "Innstillinger" }).first(),
      ).toBeVisible();
      await page
        .getByRole("navigation", { name: "Entiteter" })
        .getByRole("link", { name: /^Kontakter \(/ })
        .click();
      await expect(page.getByTestId("column-budget")).toContainText("kolonner brukt.");

      await page.getByRole("link", { name: "Legg til felt", exact: true }).first().click();
      let form = await panel(page, testInfo);
      await form.getByRole("link", { name: "Tekst", exact: true }).click();
      form = await panel(page, testInfo);
      await expect(form).toContainText("Legg til et egendefinert felt: Tekst");
      await form.getByLabel("Nøkkel").fill("9 liv");
      await form.getByRole("button", { name: "Lagre", exact: true }).click();
      form = page.getByTestId("field-panel");
      await expect(form).toContainText("Påkrevd");
      await expect(form).toContainText("Bare bokstaver, sifre og understrek, og første tegn må være en bokstav");
      await expect(form).not.toContainText("Required");

      form = await panel(page, testInfo);
      await form.getByLabel("Etikett på engelsk").fill(label);
      await form.getByLabel("Etikett på norsk").fill(`${label} nb`);
      await form.getByLabel("Nøkkel").fill(key);
      await form.getByRole("button", { name: "Lagre", exact: true }).click();
      await expect(notice(page, testInfo, `Feltet ${label} nb ble lagt til.`)).toBeVisible();
      const row = fieldRow(page, key);
      await expect(row).toContainText(`${label} nb`);
      await expect(row).toContainText("Tekst");

      await row.getByRole("link", { name: `Slett ${label} nb` }).click();
      await page.getByTestId("confirm-delete").getByRole("button", { name: "Slett", exact: true }).click();
      await expect(notice(page, testInfo, `Feltet ${label} nb ble slettet.`)).toBeVisible();
      await expect(fieldRow(page, key)).toHaveCount(0);
    } finally {
      await removeLeftovers(page, [key], undefined);
    }
  });
});
