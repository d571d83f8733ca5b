import type { Page, TestInfo } from "@playwright/test";
import { apiAs, rawApiAs, runOf } from "./api.ts";
import { signIn, submitSignIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

const SCREEN = "/system-settings/dashboard-widget";
const API = "/api/dashboards/core";

/** A data source of companies (name, city, employees) made through the API, for the tests that need one ready. */
async function dataSourceByApi(page: Page, name: string): Promise<string> {
  const call = await apiAs(page);
  const created = await call("POST", `${API}/datasource-advanced`, {
    name,
    description: "",
    definition: {
      entities: [
        {
          schemaName: "crm",
          tableName: "company",
          selectedFields: [{ key: "name" }, { key: "city" }, { key: "employees" }],
          filters: [],
        },
      ],
      joins: [],
    },
  });
  return created.id as string;
}

/** Waits until the builder's form is interactive with JavaScript (a click before would post it without). */
async function ready(page: Page, testInfo: TestInfo) {
  if (jsEnabled(testInfo)) await page.waitForLoadState("networkidle");
}

/** The builder's first two steps: the type, then the data source. */
async function chooseTypeAndSource(page: Page, testInfo: TestInfo, type: string, source: string) {
  await page.goto(`${SCREEN}/widgets`);
  await page.getByRole("link", { name: "Add widget" }).click();
  await expect(page.getByTestId("type-step")).toBeVisible();
  await page.getByLabel(type, { exact: true }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("source-step")).toBeVisible();
  await page.getByLabel("Choose the data source").selectOption({ label: source });
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("builder-summary")).toContainText(`Data source: ${source}`);
  await ready(page, testInfo);
}

test.describe("dashboard and widget settings", () => {
  test("every chart type is built, previewed as a drawn chart and saved", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const run = runOf(testInfo);
    await signIn(page, users.admin, `${SCREEN}/widgets`);
    const source = `Zz Charts ${run}`;
    await dataSourceByApi(page, source);
    // What each type draws: lines as paths, bars, slices and tree cells as shapes of the SVG.
    const drawn: [string, string, number][] = [
      ["Line chart", "svg path", 1],
      ["Grouped bar chart", "svg rect", 2],
      ["Multiline chart", "svg path", 2],
      ["Pie chart", "svg path", 1],
      ["Tree map", "svg rect", 1],
    ];
    for (const [type, shape, values] of drawn) {
      await chooseTypeAndSource(page, testInfo, type, source);
      await page.getByLabel("Name", { exact: true }).fill(`Zz ${type} ${run}`);
      await page.getByLabel("Label field").selectOption({ label: "City" });
      await page.getByLabel("Name of value 1").fill("Companies");
      if (values > 1) {
        await page.getByRole("button", { name: "Add value" }).click();
        await page.getByLabel("Name of value 2").fill("Employees");
        await page.getByLabel("Field of value 2").selectOption({ label: "Employees" });
        await page.getByLabel("Aggregate of value 2").selectOption({ label: "Sum" });
      }
      await page.getByRole("button", { name: "Preview" }).click();
      const preview = page.getByTestId("widget-preview");
      await expect(preview.locator(shape).first()).toBeVisible();
      await preview.getByText("View data", { exact: true }).click();
      await expect(preview.getByRole("table")).toContainText("Companies");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByTestId("widgets-list")).toContainText(`Zz ${type} ${run}`);
    }
  });

  test("widgets are built step by step, their rules shown first", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const run = runOf(testInfo);
    await signIn(page, users.admin, `${SCREEN}/widgets`);
    const source = `Zz Source ${run}`;
    await dataSourceByApi(page, source);

    // A bar chart: its label field is required, and shown so before anything is saved.
    await chooseTypeAndSource(page, testInfo, "Bar chart", source);
    await page.getByLabel("Name", { exact: true }).fill(`Zz Bar ${run}`);
    await page.getByRole("button", { name: "Preview" }).click();
    const labelField = page.getByTestId("chart-columns").getByRole("group").first();
    await expect(page.getByTestId("chart-columns")).toContainText("Required");
    await expect(page.getByTestId("saved-badge")).toHaveCount(0);
    await expect(labelField).toBeVisible();
    await page.getByLabel("Label field").selectOption({ label: "City" });
    await page.getByLabel("Name of value 1").fill("Companies");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByTestId("widget-preview").locator("svg rect").first()).toBeVisible();
    // A preview saves nothing: the builder is still a new widget's, and the list does not have it yet.
    await expect(page.getByTestId("saved-badge")).toHaveCount(0);
    await expect(page).toHaveURL(/builder=new/);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("widgets-list")).toContainText(`Zz Bar ${run}`);

    // A KPI needs an aggregate.
    await chooseTypeAndSource(page, testInfo, "KPI", source);
    await page.getByLabel("Name", { exact: true }).fill(`Zz Kpi ${run}`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("kpi-columns")).toContainText("Choose an aggregate");
    await page.getByLabel("Aggregate").selectOption({ label: "Sum" });
    const kpiField = page.getByLabel("Field", { exact: true });
    if (!jsEnabled(testInfo)) {
      // Without JavaScript the fields follow the aggregate after the next round trip; the API knows the data source's
      // fields and refuses a sum of a text field beside the field.
      await kpiField.selectOption({ label: "City" });
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByTestId("kpi-columns")).toContainText("Must be a number field");
    }
    // A sum is offered the number fields alone.
    await expect(kpiField.locator("option")).toHaveText(["(count rows)", "Employees"]);
    await kpiField.selectOption({ label: "Employees" });
    // A filter offers the operations that fit its field: with JavaScript at once, without after the next round trip.
    await page.getByRole("button", { name: "Add filter" }).click();
    await page.getByRole("combobox", { name: "Field of filter 1" }).selectOption({ label: "Employees" });
    if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Preview" }).click();
    const operation = page.getByRole("combobox", { name: "Operation of filter 1" });
    await expect(operation.locator("option")).toHaveText([
      "equals (=)",
      "less than (<)",
      "greater than (>)",
      "at least (>=)",
      "at most (<=)",
      "not equal (<>)",
      "is empty (IS NULL)",
      "is not empty (IS NOT NULL)",
    ]);
    await page.getByRole("combobox", { name: "Field of filter 1" }).selectOption({ label: "City" });
    if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Preview" }).click();
    await expect(operation.locator("option")).toHaveText([
      "equals (=)",
      "not equal (<>)",
      "matches (ILIKE)",
      "is empty (IS NULL)",
      "is not empty (IS NOT NULL)",
    ]);
    await operation.selectOption({ label: "is not empty (IS NOT NULL)" });
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByTestId("widget-preview")).toBeVisible();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("widgets-list")).toContainText(`Zz Kpi ${run}`);

    // A table sorted by its companies' names, the last first.
    await chooseTypeAndSource(page, testInfo, "Table", source);
    await page.getByLabel("Name", { exact: true }).fill(`Zz Table ${run}`);
    await page.getByRole("button", { name: "Add sorting" }).click();
    await page.getByLabel("Sort field 1").selectOption({ label: "Company name" });
    await page.getByLabel("Direction 1").selectOption({ label: "Descending" });
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const list = page.getByTestId("widgets-list");
    await expect(list).toContainText(`Zz Table ${run}`);
    await expect(list.getByRole("row", { name: new RegExp(`Zz Table ${run}`) })).toContainText("Table");
    await expect(list.getByRole("row", { name: new RegExp(`Zz Table ${run}`) })).toContainText(source);
  });

  test("a dashboard limited to a group gets its widgets placed, reordered and resized, and is seen", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const run = runOf(testInfo);
    await signIn(page, users.admin, `${SCREEN}/dashboards`);
    const sourceId = await dataSourceByApi(page, `Zz Board source ${run}`);
    const widgets = await apiAs(page);
    const widget = (name: string, type: string, extra: object) =>
      widgets("POST", `${API}/widget`, { name, widgetConfiguration: { type, datasourceUuidKey: sourceId }, ...extra });
    const columns = (await widgets("GET", `${API}/datasource/fields/${sourceId}`)) as { key: string; field: string }[];
    const city = columns.find((column) => column.field === "city")?.key;
    await widget(`Zz Bar ${run}`, "BAR", {
      countLabelConfiguration: {
        labelField: city,
        countConfigurations: [{ description: "Companies", countAggregationFunction: "COUNT" }],
      },
    });
    await widget(`Zz Kpi ${run}`, "KPI", { singleNumberConfiguration: { aggregationFunction: "COUNT" } });
    await widget(`Zz Table ${run}`, "TABLE", {});

    // A dashboard only the Support group sees, in the menu.
    await page.getByRole("link", { name: "Add dashboard" }).click();
    const panel = page.getByTestId("dashboard-panel");
    await expect(panel).toBeVisible();
    if (jsEnabled(testInfo)) await page.locator('[data-testid="dashboard-panel"][data-interactive]').waitFor();
    await panel.getByLabel("Name").fill(`Zz Board ${run}`);
    await panel.getByLabel("In the menu").check();
    await panel.getByLabel("Support").check();
    await panel.getByRole("button", { name: "Save", exact: true }).click();
    const layout = page.getByTestId("dashboard-layout");
    await expect(layout).toContainText(`Layout of Zz Board ${run}`);

    for (const name of [`Zz Bar ${run}`, `Zz Kpi ${run}`, `Zz Table ${run}`]) {
      await page.getByTestId("add-widget-form").getByLabel("Widget").selectOption({ label: name });
      await page.getByTestId("add-widget-form").getByRole("button", { name: "Add" }).click();
      await expect(page.getByTestId("placement").filter({ hasText: name })).toBeVisible();
    }
    const placements = page.getByTestId("placement");
    await expect(placements).toHaveCount(3);
    // The KPI goes first, and the table becomes full width and short.
    await page.getByRole("button", { name: `Move Zz Kpi ${run} up` }).click();
    await expect(placements.first()).toContainText(`Zz Kpi ${run}`);
    await page.getByLabel(`Width of Zz Table ${run}`).selectOption("12");
    await page.getByLabel(`Height of Zz Table ${run}`).selectOption("3");
    // The size is posted before the page is left: a link followed meanwhile would cancel the post.
    const resized = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().includes(SCREEN),
    );
    await placements
      .filter({ hasText: `Zz Table ${run}` })
      .getByRole("button", { name: "Apply size" })
      .click();
    await resized;
    await expect(page.getByLabel(`Width of Zz Table ${run}`)).toHaveValue("12");
    await expect(page.getByLabel(`Height of Zz Table ${run}`)).toHaveValue("3");
    await expect(placements.nth(1)).toContainText(`Zz Bar ${run}`);
    await expect(placements.nth(2)).toContainText(`Zz Table ${run}`);

    // The list says where it is shown and to whom.
    await page.getByRole("link", { name: "All dashboards" }).click();
    const row = page.getByTestId("dashboards-list").getByRole("row", { name: new RegExp(`Zz Board ${run}`) });
    await expect(row).toContainText("In the menu");
    await expect(row).toContainText("Support");
    await expect(row).toContainText("3");

    // The dashboard itself, in the order and sizes set.
    const call = await apiAs(page);
    const boards = (await call("GET", `${API}/categories`)) as { uuid: string; uuidKey: string; name: string }[];
    const board = boards.find((b) => b.name === `Zz Board ${run}`);
    expect(board).toBeTruthy();
    const view = await call("GET", `${API}/view/${board?.uuid}`);
    expect(view.widgets.map((w: { widget: { name: string } }) => w.widget.name)).toEqual([
      `Zz Kpi ${run}`,
      `Zz Bar ${run}`,
      `Zz Table ${run}`,
    ]);
    expect(view.widgets[2]).toMatchObject({ width: 12, height: 3 });
    await expect(row.getByRole("link", { name: `Zz Board ${run}`, exact: true })).toHaveAttribute(
      "href",
      `/dashboard/${board?.uuidKey}`,
    );
    await page.goto(`${SCREEN}/dashboards?layout=${board?.uuid}`);
    await page.getByRole("link", { name: "See the dashboard" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${board?.uuidKey}$`));
    const main = page.getByRole("main");
    for (const name of [`Zz Kpi ${run}`, `Zz Bar ${run}`, `Zz Table ${run}`]) await expect(main).toContainText(name);

    // Deleting the dashboard leaves its widgets.
    await page.goto(`${SCREEN}/dashboards`);
    await page.getByRole("link", { name: `Delete Zz Board ${run}` }).click();
    await expect(page.getByTestId("confirm-delete")).toContainText(`Zz Board ${run}`);
    await page.getByTestId("confirm-delete").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("dashboards-list")).not.toContainText(`Zz Board ${run}`);
    await page.goto(`${SCREEN}/widgets`);
    await expect(page.getByTestId("widgets-list")).toContainText(`Zz Table ${run}`);
  });

  test("a data source is built with the advanced search's builder, refused when it finds nothing, and kept while a widget uses it", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const run = runOf(testInfo);
    const js = jsEnabled(testInfo);
    const name = `Zz Companies ${run}`;
    await signIn(page, users.admin, `${SCREEN}/datasources`);
    await page.getByRole("link", { name: "Add data source" }).click();
    await expect(page.locator("#datasource-form")).toBeVisible();
    if (js) await page.waitForLoadState("networkidle");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    const main = page.getByTestId("query-entity-0");
    await main.getByLabel("Main entity", { exact: true }).selectOption("crm.company");
    const applyMain = main.getByRole("button", { name: "Apply Main entity" });
    if (js) await expect(applyMain).toHaveCount(0);
    else await applyMain.click();
    const fields = page.getByTestId("query-fields-0");
    await fields.getByLabel("Company name", { exact: true }).check();
    await fields.getByLabel("City", { exact: true }).check();
    await main.getByRole("button", { name: "Add filter" }).press("Enter");
    await main.getByLabel("Filter 1 field", { exact: true }).selectOption("name");
    await main.getByLabel("Filter 1 operation", { exact: true }).selectOption("ILIKE");
    await main.getByLabel("Filter 1 value", { exact: true }).fill(`Zz nothing ${run}%`);
    await page.getByRole("button", { name: "Preview" }).press("Enter");
    await expect(page.getByTestId("preview-count")).toContainText("of 0 rows");
    // Nothing found: the data source is not saved, and the warning says why.
    await page.getByRole("button", { name: "Save", exact: true }).press("Enter");
    const warning = page.getByTestId("error-dialog");
    await expect(warning).toContainText("No Results Found");
    await warning.getByRole("button", { name: "Close" }).click();
    await expect(warning).toHaveCount(0);
    await expect(main.getByLabel("Filter 1 value", { exact: true })).toHaveValue(`Zz nothing ${run}%`);
    await main.getByLabel("Filter 1 value", { exact: true }).fill("%");
    await page.getByRole("button", { name: "Save", exact: true }).press("Enter");
    const row = page.getByTestId("datasources-list").getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("Companies");
    await expect(row).toContainText("0 widgets");

    // A widget uses it: it cannot be deleted.
    const call = await apiAs(page);
    const sources = await call("GET", `${API}/datasource?size=200&q=${encodeURIComponent(name)}`);
    const source = (sources.content as { id: string; name: string }[]).find((s) => s.name === name);
    expect(source).toBeTruthy();
    await call("POST", `${API}/widget`, {
      name: `Zz Count ${run}`,
      widgetConfiguration: { type: "KPI", datasourceUuidKey: source?.id },
      singleNumberConfiguration: { aggregationFunction: "COUNT" },
    });
    await page.reload();
    await expect(row).toContainText("1 widget");
    await row.getByRole("link", { name: `Delete ${name}` }).click();
    await page.getByTestId("confirm-delete").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("error-dialog")).toContainText(
      "Error saving changes on the Datasource. The target Datasource is currently being used by Widget/s.",
    );
    await page.goto(`${SCREEN}/datasources`);
    await expect(row).toBeVisible();

    // Once its widget is deleted, it can be.
    await page.goto(`${SCREEN}/widgets`);
    await page.getByRole("link", { name: `Delete Zz Count ${run}` }).click();
    await page.getByTestId("confirm-delete").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("widgets-list")).not.toContainText(`Zz Count ${run}`);
    await page.goto(`${SCREEN}/datasources`);
    await row.getByRole("link", { name: `Delete ${name}` }).click();
    await page.getByTestId("confirm-delete").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("datasources-list")).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test("a data source says how it joins its entities, and keeps records without a partner once told to", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const name = `Zz Joined ${runOf(testInfo)}`;
    await signIn(page, users.admin, `${SCREEN}/datasources`);
    const call = await apiAs(page);
    const created = await call("POST", `${API}/datasource-advanced`, {
      name,
      description: "",
      definition: {
        entities: [
          { schemaName: "crm", tableName: "company", selectedFields: [{ key: "name" }], filters: [] },
          { schemaName: "crm", tableName: "contact", selectedFields: [{ key: "first_name" }], filters: [] },
        ],
        joins: [{ schema1Name: "crm", table1Name: "company", schema2Name: "crm", table2Name: "contact" }],
      },
    });
    try {
      await page.goto(`${SCREEN}/datasources`);
      const row = page.getByTestId("datasources-list").getByRole("row", { name: new RegExp(name) });
      await expect(row).toContainText("Contacts (Inner join: only companies with contacts)");
      await row.getByRole("link", { name: `Edit ${name}` }).click();
      await expect(page.locator("#datasource-form")).toBeVisible();
      await ready(page, testInfo);
      const joinType = page.getByTestId("query-entity-1").getByLabel("Join type", { exact: true });
      await expect(joinType).toHaveValue("INNER");
      await joinType.selectOption({ label: "Left outer join: all companies, with or without contacts" });
      await page.getByRole("button", { name: "Save Changes", exact: true }).press("Enter");
      await expect(row).toContainText("Contacts (Left outer join: all companies, with or without contacts)");
      const saved = await (await apiAs(page))("GET", `${API}/datasource-advanced/${created.id}`);
      expect(saved.definition.joins[0].joinType).toBe("LEFT OUTER");
    } finally {
      // Access tokens here live seconds: a page's load gives a fresh one.
      await page.goto(`${SCREEN}/datasources`);
      await (await apiAs(page))("DELETE", `${API}/datasource-advanced/${created.id}`);
    }
  });

  test("Reset asks before clearing what was entered, then starts anew", async ({ page }, testInfo) => {
    const run = runOf(testInfo);
    await signIn(page, users.admin, `${SCREEN}/widgets`);
    const source = `Zz Reset ${run}`;
    await dataSourceByApi(page, source);
    await chooseTypeAndSource(page, testInfo, "Pie chart", source);
    await page.getByLabel("Name", { exact: true }).fill(`Zz Pie ${run}`);
    await page.getByRole("button", { name: "Reset" }).click();
    const question = page.getByTestId("confirm-reset");
    await expect(question).toContainText("Reset the widget builder?");
    await question.getByRole("button", { name: "Cancel" }).click();
    await expect(question).toHaveCount(0);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(`Zz Pie ${run}`);
    await page.getByRole("button", { name: "Reset" }).click();
    await page.getByTestId("confirm-reset").getByRole("link", { name: "Reset" }).click();
    await expect(page.getByTestId("type-step")).toBeVisible();
    await expect(page.getByLabel("Pie chart")).not.toBeChecked();
  });

  test("a user without the rights sees no settings, and the API refuses them", async ({ page }) => {
    await signIn(page, users.employee);
    await expect(page.getByRole("link", { name: "Settings" })).toHaveCount(0);
    const response = await page.goto(`${SCREEN}/widgets`);
    expect(response?.status()).toBe(403);
    const call = await rawApiAs(page);
    expect((await call("POST", `${API}/categories`, { name: "Zz Not allowed" })).status).toBe(403);
    expect((await call("GET", `${API}/categories`)).status).toBe(403);
  });
});

test.describe("dashboard and widget settings in Norwegian", () => {
  test.use({ locale: "nb-NO" });

  test("the builder speaks Norwegian, its rules included", async ({ page }, testInfo) => {
    const run = runOf(testInfo);
    await page.goto(`${SCREEN}/widgets?builder=new`);
    await submitSignIn(page, users.admin.email);
    await expect(page.getByRole("heading", { name: "Dashbord og widgeter", level: 1 })).toBeVisible();
    await expect(page.getByText("Velg typen widget")).toBeVisible();
    const source = `Zz Norsk ${run}`;
    const id = await dataSourceByApi(page, source);
    await page.goto(`${SCREEN}/widgets?builder=new&type=KPI&datasource=${id}`);
    await ready(page, testInfo);
    await expect(page.getByTestId("builder-summary")).toContainText("Widgettype: Nøkkeltall (KPI)");
    await page.getByRole("button", { name: "Lagre", exact: true }).click();
    await expect(page.getByTestId("kpi-columns")).toContainText("Velg en aggregering");
    await expect(page.getByTestId("kpi-columns")).not.toContainText("Choose an aggregate");
  });
});
