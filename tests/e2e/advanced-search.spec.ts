import type { Locator, Page, TestInfo } from "@playwright/test";
import { apiAs, rawApiAs, runOf } from "./api.ts";
import { signIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

/**
 * Companies with their contacts, a run's own: two companies in a city with "berg" and one without, and contacts born
 * in 1990 and 1985 at them. Names start with "Zz" so they sort after the demo companies.
 */
async function seed(page: Page, run: string) {
  const call = await apiAs(page);
  const company = async (name: string, city: string) =>
    (await call("POST", "/api/crm/company", { values: { name, city } })).uuid as string;
  const alfa = await company(`Zz${run} Alfa`, "Bergen");
  const beta = await company(`Zz${run} Beta`, "Lillehammer");
  const gamma = await company(`Zz${run} Gamma`, "Stavberg");
  const contact = async (first: string, birth: string, at: string) => {
    const id = (
      await call("POST", "/api/crm/contact", {
        values: { first_name: first, last_name: `Zz${run}`, birth_date: birth },
      })
    ).uuid as string;
    await call("POST", "/api/data/links/custom_schema_relationship/company_has_contact", {
      id1: at,
      id2: id,
      role: "employee",
    });
  };
  await contact("Kari", "1990-03-04", alfa);
  await contact("Ola", "1985-06-07", alfa);
  await contact("Per", "1990-11-12", gamma);
  await contact("Siri", "1990-05-06", beta);
}

// The builder's buttons are pressed from the keyboard: leaving a field validates it, and a message that appears or goes
// moves the buttons below it between a pointer's press and release.

/** Without JavaScript a choice that others depend on is applied by posting the form; with it, it applies at once. */
async function apply(testInfo: TestInfo, button: Locator) {
  if (jsEnabled(testInfo)) await expect(button).toHaveCount(0);
  else await button.click();
}

/** The builder's page, ready to be used (hydrated with JavaScript). */
async function openBuilder(page: Page, testInfo: TestInfo, url = "/advanced-search/create") {
  await page.goto(url);
  await expect(page.locator("#query-form")).toBeVisible();
  if (jsEnabled(testInfo)) await page.waitForLoadState("networkidle");
}

/** Builds companies in a "berg" city with their contacts born in 1990, newest first name first. */
async function buildQuery(page: Page, testInfo: TestInfo, run: string, texts = english) {
  const main = page.getByTestId("query-entity-0");
  await page.getByRole("textbox", { name: texts.name, exact: true }).fill(`Zz${run} berg companies`);
  await main.getByLabel(texts.mainEntity, { exact: true }).selectOption("crm.company");
  await apply(testInfo, main.getByRole("button", { name: texts.applyMain }));
  const fields = page.getByTestId("query-fields-0");
  await fields.getByLabel(texts.companyName, { exact: true }).check();
  await fields.getByLabel(texts.city, { exact: true }).check();

  await main.getByRole("button", { name: texts.addFilter }).press("Enter");
  await main.getByLabel(texts.filterField(1), { exact: true }).selectOption("name");
  await main.getByLabel(texts.filterOperation(1), { exact: true }).selectOption("ILIKE");
  await main.getByLabel(texts.filterValue(1), { exact: true }).fill(`Zz${run}%`);
  await main.getByRole("button", { name: texts.addFilter }).press("Enter");
  await main.getByLabel(texts.filterField(2), { exact: true }).selectOption("city");
  await main.getByLabel(texts.filterOperation(2), { exact: true }).selectOption("ILIKE");
  await main.getByLabel(texts.filterValue(2), { exact: true }).fill("berg");

  await page.getByRole("button", { name: texts.addJoin, exact: true }).press("Enter");
  const joined = page.getByTestId("query-entity-1");
  await joined.getByLabel(texts.join, { exact: true }).selectOption("crm.company|crm.contact");
  await apply(testInfo, joined.getByRole("button", { name: /^(Apply|Bruk) / }));
  await page.getByTestId("query-fields-1").getByLabel(texts.firstName, { exact: true }).check();
  await joined.getByLabel(texts.dateField, { exact: true }).selectOption("birth_date");
  await joined.getByLabel(texts.from, { exact: true }).fill("1989-12-01");
  await joined.getByLabel(texts.to, { exact: true }).fill("1990-12-31");

  await page.getByLabel(texts.sortBy, { exact: true }).selectOption("crm.contact.first_name");
  await page.getByLabel(texts.direction, { exact: true }).selectOption("desc");

  // The rules, beside the fields they concern.
  await page.getByRole("button", { name: texts.preview, exact: true }).press("Enter");
  await expect(main.getByText(texts.ilikeNeedsWildcard)).toBeVisible();
  await expect(joined.getByText(texts.sameYear)).toBeVisible();
  await main.getByLabel(texts.filterValue(2), { exact: true }).fill("%berg%");
  await joined.getByLabel(texts.from, { exact: true }).fill("1990-01-01");
  await page.getByRole("button", { name: texts.preview, exact: true }).press("Enter");
  const preview = page.getByTestId("preview");
  await expect(preview.getByRole("row")).toHaveCount(3);
  await expect(preview.getByRole("row").nth(1)).toContainText(`Zz${run} Gamma`);
  await expect(preview.getByRole("row").nth(1)).toContainText("Per");
  await expect(preview.getByRole("row").nth(2)).toContainText(`Zz${run} Alfa`);
  await expect(preview.getByRole("row").nth(2)).toContainText("Kari");
}

const english = {
  name: "Name",
  mainEntity: "Main entity",
  applyMain: "Apply Main entity",
  companyName: "Company name",
  city: "City",
  firstName: "First name",
  addFilter: "Add filter",
  filterField: (n: number) => `Filter ${n} field`,
  filterOperation: (n: number) => `Filter ${n} operation`,
  filterValue: (n: number) => `Filter ${n} value`,
  addJoin: "Add join",
  join: "Join",
  dateField: "Date field",
  from: "From",
  to: "To",
  sortBy: "Sort by",
  direction: "Direction",
  preview: "Preview",
  ilikeNeedsWildcard: "The ilike filter needs a % wildcard",
  sameYear: "A date range must be in the same year",
};

const norwegian: typeof english = {
  name: "Navn",
  mainEntity: "Hovedenhet",
  applyMain: "Bruk Hovedenhet",
  companyName: "Firmanavn",
  city: "Sted",
  firstName: "Fornavn",
  addFilter: "Legg til filter",
  filterField: (n) => `Felt i filter ${n}`,
  filterOperation: (n) => `Operasjon i filter ${n}`,
  filterValue: (n) => `Verdi i filter ${n}`,
  addJoin: "Legg til kobling",
  join: "Koble til",
  dateField: "Datofelt",
  from: "Fra",
  to: "Til",
  sortBy: "Sorter etter",
  direction: "Retning",
  preview: "Forhåndsvis",
  ilikeNeedsWildcard: "ILIKE-filteret trenger et %-jokertegn",
  sameYear: "En datoperiode må være innenfor samme år",
};

/** The toast with JavaScript (an earlier one may still be leaving), the notice at the top of the page without. */
const notice = (page: Page, testInfo: TestInfo, text: string) =>
  page.getByTestId(jsEnabled(testInfo) ? "toast" : "noscript-notice").filter({ hasText: text });

test.describe("advanced search", () => {
  test("a query with a join, filters, a date range and a sort is previewed, saved, run, edited, copied and deleted", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const run = runOf(testInfo);
    await signIn(page, users.admin, "/advanced-search");
    await seed(page, run);
    await page.goto("/");
    await page.getByRole("link", { name: "Advanced search", exact: true }).first().click();
    await expect(page.getByRole("heading", { name: "Advanced search", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "New query", exact: true }).first().click();
    await expect(page).toHaveURL(/\/advanced-search\/create$/);
    if (jsEnabled(testInfo)) await page.waitForLoadState("networkidle");

    await buildQuery(page, testInfo, run);
    await page.getByTestId("query-kind").getByLabel("Personal").check();
    await page.getByRole("button", { name: "Save", exact: true }).press("Enter");
    await expect(page).toHaveURL(/\/advanced-search\/personal\/[0-9a-f-]+\/view$/);
    await expect(notice(page, testInfo, `Zz${run} berg companies was saved`)).toBeVisible();
    const description = page.getByTestId("query-description");
    await expect(description).toContainText("Main entity: Companies");
    await expect(description).toContainText("City matches (ILIKE) %berg%");
    await expect(description).toContainText("Date range: Birth date from 1990-01-01 to 1990-12-31");
    await expect(description).toContainText("Sorted by First name, descending");

    // Run: the rows, their footer, and the main record's link.
    await page.getByRole("link", { name: "Run", exact: true }).click();
    await expect(page).toHaveURL(/\/run$/);
    await expect(page.getByTestId("list-footer")).toHaveText("Showing 1 to 2 of 2 entries");
    const result = page.getByTestId("query-result");
    await expect(result.getByRole("row").nth(1)).toContainText("Per");
    await expect(result.getByRole("link", { name: `Zz${run} Alfa` })).toHaveAttribute(
      "href",
      /^\/companies\/[0-9a-f-]+$/,
    );

    // Edit: a filter less finds the contact of the company outside "berg" too.
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await expect(page).toHaveURL(/\/edit$/);
    if (jsEnabled(testInfo)) await page.waitForLoadState("networkidle");
    await page.getByTestId("query-entity-0").getByRole("button", { name: "Remove filter 2" }).press("Enter");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Zz${run} companies`);
    await page.getByRole("button", { name: "Save Changes", exact: true }).press("Enter");
    await expect(notice(page, testInfo, `Your changes to Zz${run} companies were saved`)).toBeVisible();
    await page.getByRole("link", { name: "Run", exact: true }).click();
    await expect(page.getByTestId("list-footer")).toHaveText("Showing 1 to 3 of 3 entries");
    const personalRun = page.url();

    // Saved as a new, global query from the saved one.
    await page.getByRole("link", { name: "View", exact: true }).click();
    await page.getByRole("link", { name: "Save as new", exact: true }).click();
    await expect(page).toHaveURL(/\/personal\/[0-9a-f-]+\/create$/);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Zz${run} global companies`);
    await page.getByTestId("query-kind").getByLabel("Global").check();
    await page.getByRole("button", { name: "Save", exact: true }).press("Enter");
    await expect(page).toHaveURL(/\/advanced-search\/global\/[0-9a-f-]+\/view$/);
    await page.goto(`/advanced-search?q=${encodeURIComponent(`Zz${run}`)}`);
    await expect(page.getByTestId("saved-queries").getByRole("row")).toHaveCount(2);
    await expect(page.getByTestId("saved-queries")).toContainText(`Zz${run} global companies`);
    await page.getByRole("link", { name: "Personal", exact: true }).click();
    await page.getByRole("searchbox").fill(`Zz${run}`);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByTestId("saved-queries")).toContainText(`Zz${run} companies`);
    await expect(page.getByTestId("list-footer")).toHaveText("Showing 1 to 1 of 1 entries");

    // Export of the personal query's rows, found under Exports.
    await page.goto(personalRun);
    await page.getByRole("link", { name: "Export", exact: true }).click();
    const panel = page.getByTestId("export-panel");
    if (jsEnabled(testInfo)) await page.locator('[data-testid="export-panel"][data-interactive]').waitFor();
    await panel.getByLabel("CSV file (.csv)").check();
    await panel.getByRole("button", { name: "Export", exact: true }).click();
    await expect(page).toHaveURL(/\/exports$/);
    await expect(notice(page, testInfo, "Your export has started.")).toBeVisible();
    await expect(page.getByTestId("exports")).toContainText(`zz${run}-companies`);

    // Deleted after the question.
    await page.goto(`/advanced-search?type=personal&q=${encodeURIComponent(`Zz${run}`)}`);
    await page.getByRole("link", { name: `Delete Zz${run} companies` }).click();
    const dialog = page.getByTestId("confirm-delete");
    await expect(dialog).toContainText(`Zz${run} companies`);
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(notice(page, testInfo, `Zz${run} companies was deleted`)).toBeVisible();
    await expect(page.getByTestId("saved-queries")).not.toContainText(`Zz${run} companies`);
    await expect(page.getByTestId("empty-state")).toBeVisible();
  });

  test("a user without Global Create saves personal queries only, and the API refuses a global one", async ({
    page,
  }, testInfo) => {
    await signIn(page, users.readOnly, "/advanced-search/create");
    await expect(page.locator("#query-form")).toBeVisible();
    const kinds = page.getByTestId("query-kind");
    await expect(kinds.getByLabel("Personal")).toBeVisible();
    await expect(kinds.getByLabel("Global")).toHaveCount(0);
    const call = await rawApiAs(page);
    const refused = await call("POST", "/api/advanced_search/global", {
      name: `Zz${runOf(testInfo)} refused`,
      description: "",
      definition: {
        entities: [{ schemaName: "crm", tableName: "company", selectedFields: [{ key: "name" }] }],
        joins: [],
      },
    });
    expect(refused.status).toBe(403);

    // Another user's or an unknown query is not found; a global one is not theirs to edit.
    const unknown = await page.goto("/advanced-search/personal/00000000-0000-4000-8000-000000000000/run");
    expect(unknown?.status()).toBe(404);
    const global = await call("GET", "/api/advanced_search/global?page=0&size=1");
    const [first] = (await global.json()).content as { id: string }[];
    expect(first).toBeTruthy();
    const edit = await page.goto(`/advanced-search/global/${first.id}/edit`);
    expect(edit?.status()).toBe(403);
  });
});

test.describe("advanced search in Norwegian", () => {
  test.use({ locale: "nb-NO" });

  test("the builder and the run speak Norwegian", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const run = runOf(testInfo);
    await signIn(page, users.admin, "/advanced-search");
    await expect(page.locator("html")).toHaveAttribute("lang", "nb");
    await seed(page, run);
    await openBuilder(page, testInfo);
    await expect(page.getByRole("heading", { name: "Ny spørring", level: 1 })).toBeVisible();
    await buildQuery(page, testInfo, run, norwegian);
    await expect(page.getByTestId("preview").getByRole("columnheader", { name: "Fornavn" })).toBeVisible();
    await page.getByTestId("query-kind").getByLabel("Personlige").check();
    await page.getByRole("button", { name: "Lagre", exact: true }).press("Enter");
    await expect(page).toHaveURL(/\/view$/);
    await page.getByRole("link", { name: "Kjør", exact: true }).click();
    await expect(page.getByTestId("list-footer")).toHaveText("Viser 1 til 2 av 2 oppføringer");
    await expect(page.getByTestId("query-result").getByRole("columnheader", { name: "Sted" })).toBeVisible();
  });
});
