import type { Page, TestInfo } from "@playwright/test";
import { runOf } from "./api.ts";
import { sessionTokens, signIn, submitSignIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

// The suite's server and database are shared by the tests running beside these: every entity made here has a key and
// names of its own run and project, and is deleted again (through the API, should a test fail on the way).

const SCREEN = "/system-settings/custom-entities";

/** A success notice: a toast with JavaScript (an earlier one may still show), the page's own notice without. */
const notice = (page: Page, testInfo: TestInfo, text: string) =>
  page.getByTestId(jsEnabled(testInfo) ? "toast" : "noscript-notice").filter({ hasText: text });

/** A side panel, once it answers to typing and clicks (with JavaScript its code arrives after the page's). */
async function panel(page: Page, testInfo: TestInfo, testId = "entity-panel") {
  const found = page.getByTestId(testId);
  if (jsEnabled(testInfo)) await page.locator(`[data-testid="${testId}"][data-interactive]`).waitFor();
  else await found.waitFor();
  return found;
}

const entityRow = (page: Page, key: string) =>
  page.getByTestId("custom-entities").locator("tbody tr").filter({ hasText: key });

/** The main menu's entry named `name` (the menu is in the sidebar, and on narrow screens under the navbar too). */
const menuEntry = (page: Page, menu: string, name: string) =>
  page.getByRole("navigation", { name: menu }).getByRole("link", { name, exact: true });

const recordTab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Record" }).getByRole("link", { name, exact: true });

/**
 * What a failed test left behind goes through the API: the entity's records first (an entity with records cannot be
 * deleted), then the entity. Loading a page first gives a fresh access token.
 */
async function removeLeftovers(page: Page, key: string) {
  // A test that ran out of time has lost its page; the error that ended it is the one to see.
  if (page.isClosed()) return;
  await page.goto("/");
  const { access_token } = await sessionTokens(page.context());
  const call = (method: string, path: string) =>
    fetch(`${process.env.E2E_API_URL}${path}`, { method, headers: { authorization: `Bearer ${access_token}` } });
  const records = await call("GET", `/api/custom_schema/${key}?size=100`);
  if (records.ok) {
    for (const record of ((await records.json()) as { content: { uuid: string }[] }).content) {
      await call("DELETE", `/api/custom_schema/${key}/${record.uuid}`);
    }
  }
  await call("DELETE", `/api/custom_entities/${key}`);
}

test.describe("custom entities", () => {
  test("the admin makes a custom entity, keeps records of it, renames it and deletes it", async ({
    page,
  }, testInfo) => {
    // An entity, a record with a note, a rename and two deletions: some thirty page loads.
    test.setTimeout(180_000);
    const js = jsEnabled(testInfo);
    const run = runOf(testInfo);
    const key = `e2e_project_${run}`;
    const names = { singular: `Project ${run}`, plural: `Projects ${run}` };
    try {
      await signIn(page, users.admin);
      await menuEntry(page, "Main menu", "Settings").first().click();
      await page
        .getByRole("navigation", { name: "System settings" })
        .getByRole("link", { name: "Custom entities" })
        .click();
      await expect(page).toHaveURL(/\/system-settings\/custom-entities$/);
      await expect(page.getByRole("heading", { name: "Custom entities", level: 1 })).toBeVisible();

      await page.getByRole("link", { name: "New custom entity", exact: true }).first().click();
      let form = await panel(page, testInfo);
      // Nothing filled: the contract's schema asks for the names, the key and the first field.
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByTestId("entity-panel")).toContainText("Required");
      form = await panel(page, testInfo);
      await form.getByLabel("Singular name in English").fill(names.singular);
      if (js) {
        // The key follows the English singular name until one is typed.
        await expect(form.getByRole("textbox", { name: "Key", exact: true })).toHaveValue(`project_${run}`);
      }
      await form.getByLabel("Singular name in Norwegian").fill(`Prosjekt ${run}`);
      await form.getByLabel("Plural name in English").fill(names.plural);
      await form.getByLabel("Plural name in Norwegian").fill(`Prosjekter ${run}`);
      await form.getByRole("textbox", { name: "Key", exact: true }).fill(key);
      await form.getByLabel("Truck", { exact: true }).check();
      await form.getByLabel("Field label in English").fill("Title");
      if (js) await expect(form.getByLabel("Field key")).toHaveValue("title");
      await form.getByLabel("Field label in Norwegian").fill("Tittel");
      await form.getByLabel("Field key").fill("title");
      await expect(form.getByLabel("Field type")).toHaveValue("Text");
      await expect(form.getByRole("checkbox", { name: "Part of the record's name" })).toBeChecked();
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByTestId("entity-panel")).toHaveCount(0);
      await expect(notice(page, testInfo, `The custom entity ${names.singular} was created.`)).toBeVisible();

      const row = entityRow(page, key);
      await expect(row).toContainText(names.plural);
      await expect(row).toContainText(names.singular);
      await expect(row.getByRole("img", { name: "Truck" })).toBeVisible();
      await expect(row.getByRole("link", { name: `Custom fields of ${names.plural}: 1` })).toHaveAttribute(
        "href",
        `/system-settings/custom-fields?entity=custom_schema.${key}`,
      );
      await expect(row.getByRole("link", { name: `Records of ${names.plural}: 0` })).toHaveAttribute(
        "href",
        `/custom-entity/${key}`,
      );

      // A name in use is refused by the API with the catalogue's text, which the name shows too.
      await page.goto(`${SCREEN}?panel=new`);
      form = await panel(page, testInfo);
      await form.getByLabel("Singular name in English").fill(names.singular);
      await form.getByLabel("Singular name in Norwegian").fill(`Annet ${run}`);
      await form.getByLabel("Plural name in English").fill(`Others ${run}`);
      await form.getByLabel("Plural name in Norwegian").fill(`Andre ${run}`);
      await form.getByRole("textbox", { name: "Key", exact: true }).fill(`${key}_2`);
      await form.getByLabel("Field label in English").fill("Name");
      await form.getByLabel("Field label in Norwegian").fill("Navn");
      await form.getByLabel("Field key").fill("name");
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByTestId("error-dialog")).toContainText("Entity name already exist");
      await expect(page.getByTestId("entity-panel")).toContainText("Entity name already exist");
      // Closed, the dialog leaves the form as it was filled (without JavaScript, Close posts it back).
      await page.getByTestId("error-dialog").getByRole("button", { name: "Close" }).click();
      await expect(page.getByTestId("error-dialog")).toHaveCount(0);
      form = await panel(page, testInfo);
      await expect(form.getByLabel("Plural name in English")).toHaveValue(`Others ${run}`);
      await page.goto(SCREEN);

      // The menu has it at once, and opens its list.
      await menuEntry(page, "Main menu", names.plural).first().click();
      await expect(page).toHaveURL(new RegExp(`/custom-entity/${key}$`));
      await expect(page.getByRole("heading", { name: names.plural, level: 1 })).toBeVisible();

      await page.getByRole("link", { name: "Add", exact: true }).click();
      const add = await panel(page, testInfo, "record-panel");
      await add.getByLabel("Title").fill("Nordlys");
      await add.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Nordlys", level: 1 })).toBeVisible();
      const recordUrl = page.url().replace(/\?.*$/, "");
      await expect(page.getByTestId("field-title")).toContainText("Nordlys");

      await recordTab(page, "History").click();
      await expect(page.getByTestId("history-entry").filter({ hasText: "created the record" })).toHaveCount(1);

      await recordTab(page, "Notes").click();
      await page.getByRole("link", { name: "New note" }).click();
      const note = await panel(page, testInfo, "record-panel");
      await note.getByLabel("Title").fill("Oppstartsmøte");
      await note.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(`${recordUrl}/notes`);
      await expect(page.getByTestId("notes-tab").getByRole("link", { name: "Oppstartsmøte" })).toBeVisible();

      // Renamed: the key stays, the menu shows the new plural at once.
      await page.goto(SCREEN);
      await entityRow(page, key)
        .getByRole("link", { name: `Rename ${names.plural}` })
        .click();
      form = await panel(page, testInfo);
      await expect(form.getByTestId("entity-key")).toHaveText(key);
      await expect(form.getByLabel("Truck", { exact: true })).toBeChecked();
      const renamed = { singular: `Assignment ${run}`, plural: `Assignments ${run}` };
      await form.getByLabel("Singular name in English").fill(renamed.singular);
      await form.getByLabel("Plural name in English").fill(renamed.plural);
      await form.getByLabel("Star", { exact: true }).check();
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expect(
        notice(page, testInfo, `Changes to the custom entity ${renamed.singular} were saved.`),
      ).toBeVisible();
      await expect(entityRow(page, key).getByRole("img", { name: "Star" })).toBeVisible();
      await expect(menuEntry(page, "Main menu", renamed.plural).first()).toBeVisible();
      await expect(menuEntry(page, "Main menu", names.plural)).toHaveCount(0);

      // An entity with a record cannot go: the catalogue's text says so.
      await entityRow(page, key)
        .getByRole("link", { name: `Delete ${renamed.plural}` })
        .click();
      let confirm = page.getByTestId("confirm-delete");
      await expect(confirm).toContainText(`Delete the custom entity ${renamed.plural} with its fields and its table?`);
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page.getByTestId("error-dialog")).toContainText("This custom entity already have data");
      await expect(page.getByTestId("confirm-delete")).toHaveCount(0);
      // Without JavaScript, Close is a link back to the table.
      await page
        .getByTestId("error-dialog")
        .getByRole(js ? "button" : "link", { name: "Close" })
        .click();
      await expect(page.getByTestId("error-dialog")).toHaveCount(0);
      await expect(entityRow(page, key)).toContainText(renamed.plural);

      // The record first, then the entity.
      await page.goto(`${recordUrl}?confirm=delete`);
      await page.getByTestId("confirm-delete").getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/custom-entity/${key}$`));

      await page.goto(SCREEN);
      await entityRow(page, key)
        .getByRole("link", { name: `Delete ${renamed.plural}` })
        .click();
      confirm = page.getByTestId("confirm-delete");
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(notice(page, testInfo, `The custom entity ${renamed.singular} was deleted.`)).toBeVisible();
      await expect(entityRow(page, key)).toHaveCount(0);
      await expect(menuEntry(page, "Main menu", renamed.plural)).toHaveCount(0);
    } finally {
      await removeLeftovers(page, key);
    }
  });

  test("a user without the settings permission is refused", async ({ page }) => {
    await signIn(page, users.employee);
    const response = await page.goto(`${SCREEN}?panel=new`);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("alert")).toContainText(
      /Oops! You do not have access to this page\.|Oi! Du har ikke tilgang til denne siden\./,
    );
    await expect(page.getByTestId("entity-panel")).toHaveCount(0);
  });
});

test.describe("custom entities in Norwegian", () => {
  // A Norwegian browser: the admin, who has chosen no language, gets Norwegian after sign-in.
  test.use({ locale: "nb-NO" });

  test("the settings for custom entities speak Norwegian, the form's messages included", async ({ page }, testInfo) => {
    const run = runOf(testInfo);
    const key = `e2e_bil_${run}`;
    const names = { singular: `Bil ${run}`, plural: `Biler ${run}` };
    try {
      await page.goto(SCREEN);
      await submitSignIn(page, users.admin.email);
      await expect(page.getByRole("heading", { name: "Egendefinerte entiteter", level: 1 })).toBeVisible();
      await expect(
        page.getByRole("navigation", { name: "Systeminnstillinger" }).getByRole("link", {
          name: "Egendefinerte entiteter",
        }),
      ).toHaveAttribute("aria-current", "page");

      await page.getByRole("link", { name: "Ny egendefinert entitet", exact: true }).first().click();
      let form = await panel(page, testInfo);
      await form.getByRole("textbox", { name: "Nøkkel", exact: true }).fill("9 liv");
      await form.getByRole("button", { name: "Lagre", exact: true }).click();
      form = page.getByTestId("entity-panel");
      await expect(form).toContainText("Påkrevd");
      await expect(form).toContainText("Bare bokstaver, sifre og understrek, og første tegn må være en bokstav");
      await expect(form).not.toContainText("Required");

      form = await panel(page, testInfo);
      await form.getByLabel("Navn i entall på engelsk").fill(`Car ${run}`);
      await form.getByLabel("Navn i entall på norsk").fill(names.singular);
      await form.getByLabel("Navn i flertall på engelsk").fill(`Cars ${run}`);
      await form.getByLabel("Navn i flertall på norsk").fill(names.plural);
      await form.getByRole("textbox", { name: "Nøkkel", exact: true }).fill(key);
      await form.getByLabel("Lastebil", { exact: true }).check();
      await form.getByLabel("Feltets etikett på engelsk").fill("Registration");
      await form.getByLabel("Feltets etikett på norsk").fill("Registreringsnummer");
      // A key every record table has already is reserved: refused on the first field's key, the form kept as filled.
      await form.getByLabel("Feltets nøkkel").fill("id");
      await form.getByLabel("Felttype").selectOption({ label: "Telefon" });
      await form.getByRole("button", { name: "Lagre", exact: true }).click();
      await expect(page.getByTestId("entity-panel")).toContainText("Denne nøkkelen er reservert: velg en annen");
      await expect(page.getByTestId("entity-panel")).not.toContainText("This key is reserved");
      form = await panel(page, testInfo);
      await expect(form.getByLabel("Felttype")).toHaveValue("Phone");
      await form.getByLabel("Feltets nøkkel").fill("registration");
      await form.getByRole("button", { name: "Lagre", exact: true }).click();
      await expect(
        notice(page, testInfo, `Den egendefinerte entiteten ${names.singular} ble opprettet.`),
      ).toBeVisible();
      const row = entityRow(page, key);
      await expect(row).toContainText(names.plural);
      await expect(row.getByRole("img", { name: "Lastebil" })).toBeVisible();
      await expect(menuEntry(page, "Hovedmeny", names.plural).first()).toBeVisible();

      await row.getByRole("link", { name: `Slett ${names.plural}` }).click();
      await page.getByTestId("confirm-delete").getByRole("button", { name: "Slett", exact: true }).click();
      await expect(notice(page, testInfo, `Den egendefinerte entiteten ${names.singular} ble slettet.`)).toBeVisible();
      await expect(entityRow(page, key)).toHaveCount(0);
      await expect(menuEntry(page, "Hovedmeny", names.plural)).toHaveCount(0);
    } finally {
      await removeLeftovers(page, key);
    }
  });
});
