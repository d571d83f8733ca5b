import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import { type Call, rawApiAs, runOf } from "./api.ts";
import { signIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

const base = "/api/dashboards/core";

interface Board {
  prefix: string;
  companies: { a: string; b: string; c: string };
  contacts: string[];
  sources: string[];
  widgets: Record<string, string>;
  /** Every widget type, for everyone, in the menu. */
  main: { uuid: string; name: string };
  /** No widgets, for everyone. */
  empty: { uuid: string; name: string };
  /** For the Support group only, in the menu. */
  support: { uuid: string; name: string };
  /** On companies' dashboard tab. */
  company: { uuid: string; name: string };
}

const chart = (labelField: string, values: { countField: string; description: string; fn: string }[]) => ({
  labelField,
  description: "",
  countConfigurations: values.map((value) => ({
    countField: value.countField,
    description: value.description,
    countAggregationFunction: value.fn,
  })),
});

/**
 * Three companies of this run, a data source over them, a widget of each of the eight types, and four dashboards, made
 * through the API as the administrator. Names start with "Zz" and the run, so the suite's other tests never see them.
 */
async function setUp(call: Call, run: string): Promise<Board> {
  const prefix = `Zz Dash ${run}`;
  const company = async (suffix: string, values: object) =>
    (await call("POST", "/api/crm/company", { values: { name: `${prefix} ${suffix}`, ...values } })).uuid as string;
  const companies = {
    a: await company("A", { industry: "construction", employees: 10, city: "Bergen" }),
    b: await company("B", { industry: "construction", employees: 20, city: "Oslo" }),
    c: await company("C", { industry: "retail", employees: 5, city: "Oslo" }),
  };
  const source = (
    await call("POST", `${base}/datasource-advanced`, {
      name: `${prefix} source`,
      description: "",
      definition: {
        entities: [
          {
            schemaName: "crm",
            tableName: "company",
            selectedFields: [{ key: "name" }, { key: "industry" }, { key: "employees" }, { key: "city" }],
            filters: [{ field: "name", operation: "ILIKE", paramValue: `${prefix}%` }],
          },
        ],
        joins: [],
      },
    })
  ).id as string;
  // Every company of the workspace, for a table with pages.
  const everyCompany = (
    await call("POST", `${base}/datasource-advanced`, {
      name: `${prefix} every company`,
      description: "",
      definition: {
        entities: [{ schemaName: "crm", tableName: "company", selectedFields: [{ key: "name" }], filters: [] }],
        joins: [],
      },
    })
  ).id as string;
  // Two contacts born in January 1990 and one in March 1991, for a line of births per month.
  const contacts: string[] = [];
  for (const [first, birth] of [
    ["Ann", "1990-01-05"],
    ["Bo", "1990-01-20"],
    ["Cy", "1991-03-02"],
  ]) {
    const values = { first_name: first, last_name: prefix, birth_date: birth };
    contacts.push((await call("POST", "/api/crm/contact", { values })).uuid as string);
  }
  const births = (
    await call("POST", `${base}/datasource-advanced`, {
      name: `${prefix} births`,
      description: "",
      definition: {
        entities: [
          {
            schemaName: "crm",
            tableName: "contact",
            selectedFields: [{ key: "first_name" }, { key: "birth_date" }],
            filters: [{ field: "last_name", operation: "=", paramValue: prefix }],
          },
        ],
        joins: [],
      },
    })
  ).id as string;
  const widget = async (type: string, extra: object) =>
    (
      await call("POST", `${base}/widget`, {
        name: `${prefix} ${type}`,
        description: `${type} of this run`,
        widgetConfiguration: { type, datasourceUuidKey: source, customizableFilterFields: [], filters: [] },
        singleNumberConfiguration: null,
        countLabelConfiguration: null,
        groupBy: null,
        tableSorting: [],
        ...extra,
      })
    ).uuid as string;
  const byIndustry = chart("crm.company.industry", [{ countField: "", description: "Companies", fn: "COUNT" }]);
  const twoSeries = chart("crm.company.industry", [
    { countField: "", description: "Companies", fn: "COUNT" },
    { countField: "crm.company.employees", description: "Employees", fn: "SUM" },
  ]);
  const widgets = {
    KPI: await widget("KPI", {
      singleNumberConfiguration: { aggregationFunction: "COUNT", field: null },
      // The viewer chooses the city; none chosen counts every company.
      widgetConfiguration: {
        type: "KPI",
        datasourceUuidKey: source,
        customizableFilterFields: [],
        filters: [
          {
            field: "crm.company.city",
            operation: "=",
            paramValue: null,
            isParamUserField: false,
            isParamUserAccessible: true,
          },
        ],
      },
    }),
    LINE: await widget("LINE", { countLabelConfiguration: byIndustry }),
    BAR: await widget("BAR", { countLabelConfiguration: byIndustry }),
    GROUPED_BAR: await widget("GROUPED_BAR", { countLabelConfiguration: twoSeries }),
    MULTILINE: await widget("MULTILINE", { countLabelConfiguration: twoSeries }),
    PIE: await widget("PIE", { countLabelConfiguration: byIndustry }),
    TREE: await widget("TREE", {
      countLabelConfiguration: chart("crm.company.industry", [
        { countField: "crm.company.employees", description: "Employees", fn: "SUM" },
      ]),
    }),
    TABLE: await widget("TABLE", { tableSorting: [{ field: "crm.company.employees", direction: "desc" }] }),
    PAGED: await widget("TABLE", {
      name: `${prefix} every company`,
      widgetConfiguration: {
        type: "TABLE",
        datasourceUuidKey: everyCompany,
        customizableFilterFields: [],
        filters: [],
      },
      tableSorting: [{ field: "crm.company.name", direction: "asc" }],
    }),
    BIRTHS: await widget("LINE", {
      name: `${prefix} births`,
      widgetConfiguration: { type: "LINE", datasourceUuidKey: births, customizableFilterFields: [], filters: [] },
      groupBy: "MONTH",
      countLabelConfiguration: chart("crm.contact.birth_date", [{ countField: "", description: "Born", fn: "COUNT" }]),
    }),
    SUM: await widget("KPI", {
      name: `${prefix} employees`,
      singleNumberConfiguration: { aggregationFunction: "SUM", field: "crm.company.employees" },
    }),
  };
  const groups = (await call("GET", "/api/core/groups?size=200")).content as { uuid: string; name: string }[];
  const supportGroup = groups.find((group) => group.name === "Support");
  if (!supportGroup) throw new Error("the demo workspace has no Support group");
  const dashboard = async (name: string, body: object) => {
    const created = await call("POST", `${base}/categories`, { name: `${prefix} ${name}`, ...body });
    return { uuid: created.uuidKey as string, name: created.name as string };
  };
  const main = await dashboard("board", { mainList: true });
  for (const [type, width] of [
    ["KPI", 4],
    ["BAR", 8],
    ["LINE", 6],
    ["GROUPED_BAR", 6],
    ["MULTILINE", 6],
    ["PIE", 6],
    ["TREE", 6],
    ["TABLE", 6],
    ["PAGED", 12],
    ["BIRTHS", 6],
  ] as const) {
    await call("POST", `${base}/view/${main.uuid}/widgets/${widgets[type]}`, { width, height: 4 });
  }
  const empty = await dashboard("empty", {});
  const support = await dashboard("support only", { mainList: true, groupUuids: [supportGroup.uuid] });
  const forCompanies = await dashboard("companies", { showInCompany: true });
  await call("POST", `${base}/view/${forCompanies.uuid}/widgets/${widgets.SUM}`, { width: 6, height: 2 });
  await call("POST", `${base}/view/${forCompanies.uuid}/widgets/${widgets.TABLE}`, { width: 6, height: 4 });
  return {
    prefix,
    companies,
    contacts,
    sources: [source, everyCompany, births],
    widgets,
    main,
    empty,
    support,
    company: forCompanies,
  };
}

/**
 * The API as the page's user. The suite's access tokens live 8 s, less than making a board takes: a refused token is
 * renewed by loading a page (its session refreshes it) and the call is made again.
 */
function apiOf(page: Page): Call {
  return async (method, path, body) => {
    let response = await (await rawApiAs(page))(method, path, body);
    if (response.status === 401) {
      await page.goto("/error-404");
      response = await (await rawApiAs(page))(method, path, body);
    }
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
}

/** Everything the run made, gone again. */
async function tearDown(page: Page, board: Board) {
  const call = apiOf(page);
  for (const dashboard of [board.main, board.empty, board.support, board.company]) {
    await call("DELETE", `${base}/categories/${dashboard.uuid}`).catch(() => {});
  }
  for (const widget of Object.values(board.widgets)) await call("DELETE", `${base}/widget/${widget}`).catch(() => {});
  for (const source of board.sources) await call("DELETE", `${base}/datasource-advanced/${source}`).catch(() => {});
  for (const id of Object.values(board.companies)) await call("DELETE", `/api/crm/company/${id}`).catch(() => {});
  for (const id of board.contacts) await call("DELETE", `/api/crm/contact/${id}`).catch(() => {});
}

/** The administrator's page and the board made for this test. */
async function withBoard(page: Page, testInfo: TestInfo, path = "/companies") {
  await signIn(page, users.admin, path);
  return setUp(apiOf(page), runOf(testInfo));
}

const widgetCard = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** The attribute of every element a locator finds. */
const attributes = (locator: Locator, name: string) =>
  locator.evaluateAll((elements, attribute) => elements.map((element) => element.getAttribute(attribute)), name);

/** A chart's data table: its folded "View data" is opened (a details element: no JavaScript needed). */
async function viewData(card: Locator) {
  await card.getByText("View data", { exact: true }).click();
  const rows = card.getByTestId("widget-data").locator("tbody tr");
  return rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll("th, td")].map((cell) => cell.textContent?.trim() ?? "")),
  );
}

async function otherUser(browser: Browser, testInfo: TestInfo, locale = "en-US") {
  const context = await browser.newContext({
    javaScriptEnabled: jsEnabled(testInfo),
    baseURL: testInfo.project.use.baseURL,
    locale,
  });
  return { context, page: await context.newPage() };
}

test.describe("dashboards", () => {
  test("a dashboard draws every widget type on the server, with its data in tables; a viewer's filter changes one widget", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const board = await withBoard(page, testInfo);
    try {
      await page.goto(`/dashboard/${board.main.uuid}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(board.main.name);
      // The page header's shortcut button, as on other pages.
      await expect(page.getByRole("button", { name: "Add to shortcuts" })).toBeVisible();
      await expect(page.getByTestId("dashboard-widget")).toHaveCount(10);
      const card = (type: string) => widgetCard(page, `${board.prefix} ${type}`);
      await expect(card("BAR")).toContainText("BAR of this run");

      // KPI: three companies in the source.
      await expect(card("KPI").getByTestId("widget-kpi")).toContainText("3");
      // Bars with a size: construction (2) and retail (1).
      const bars = card("BAR").locator('rect[data-testid^="bar.item."]');
      await expect(bars).toHaveCount(2);
      for (const size of [...(await attributes(bars, "width")), ...(await attributes(bars, "height"))]) {
        expect(Number(size)).toBeGreaterThan(0);
      }
      await expect(card("GROUPED_BAR").locator('rect[data-testid^="bar.item."]')).toHaveCount(4);
      // A line's path, two on a multiline chart.
      const lines = (type: string) => card(type).locator('path[fill="none"][stroke-width="2"]');
      await expect(lines("LINE")).toHaveCount(1);
      expect((await attributes(lines("LINE"), "d"))[0]).toMatch(/^M[\d.]+,[\d.]+L[\d.]+,[\d.]+$/);
      await expect(lines("MULTILINE")).toHaveCount(2);
      // Pie slices and treemap cells.
      await expect(card("PIE").locator('path[data-testid^="arc."]')).toHaveCount(2);
      const cells = card("TREE").locator('rect[data-testid^="node."]');
      await expect(cells).toHaveCount(2);
      for (const size of await attributes(cells, "width")) expect(Number(size)).toBeGreaterThan(0);
      // The table's rows, the most employees first.
      const rows = card("TABLE").getByTestId("widget-table").locator("tbody tr");
      await expect(rows).toHaveCount(3);
      await expect(rows.first()).toContainText(`${board.prefix} B`);
      await expect(rows.nth(2)).toContainText(`${board.prefix} C`);
      // The charts' numbers, in their view-data tables.
      expect(await viewData(card("BAR"))).toEqual([
        ["Construction", "2"],
        ["Retail", "1"],
      ]);
      expect(await viewData(card("GROUPED_BAR"))).toEqual([
        ["Construction", "2", "30"],
        ["Retail", "1", "5"],
      ]);
      expect(await viewData(card("TREE"))).toEqual([
        ["Construction", "30"],
        ["Retail", "5"],
      ]);
      // Dates grouped by month are named as months, in the page's language.
      expect(await viewData(card("births"))).toEqual([
        ["January 1990", "2"],
        ["March 1991", "1"],
      ]);

      // A table with pages has its own page parameter; the other widgets stay as they were.
      const paged = card("every company");
      await expect(paged.getByTestId("list-footer")).toContainText(/^Showing 1 to 20 of \d+ entries/);
      const firstOfPageOne = await paged.locator("tbody tr").first().textContent();
      await paged.getByRole("link", { name: "2", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${board.widgets.PAGED}\\.page=2`));
      await expect(paged.getByTestId("list-footer")).toContainText(/^Showing 21 to 40 of \d+ entries/);
      await expect(paged.locator("tbody tr").first()).not.toHaveText(firstOfPageOne ?? "");
      await expect(card("TABLE").getByTestId("widget-table").locator("tbody tr")).toHaveCount(3);

      // The KPI's city, chosen from the source's values: only that widget changes, on the server.
      const filters = card("KPI").getByTestId("widget-filters");
      await filters.getByLabel("City").selectOption("Bergen");
      await filters.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(new RegExp(`${board.widgets.KPI}\\.crm\\.company\\.city=Bergen`));
      await expect(card("KPI").getByTestId("widget-kpi")).toContainText("1");
      await expect(card("KPI").getByTestId("widget-filters").getByLabel("City")).toHaveValue("Bergen");
      await expect(card("TABLE").getByTestId("widget-table").locator("tbody tr")).toHaveCount(3);
      // "All" leaves the filter out again.
      await card("KPI").getByTestId("widget-filters").getByLabel("City").selectOption("");
      await card("KPI").getByTestId("widget-filters").getByRole("button", { name: "Apply" }).click();
      await expect(card("KPI").getByTestId("widget-kpi")).toContainText("3");

      // An empty dashboard says so (spec §8), and an unknown one is not found.
      await page.goto(`/dashboard/${board.empty.uuid}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(board.empty.name);
      await expect(page.getByTestId("empty-state")).toHaveText("This dashboard is currently empty.");
      const missing = await page.goto(`/dashboard/${crypto.randomUUID()}`);
      expect(missing?.status()).toBe(404);
    } finally {
      await tearDown(page, board);
    }
  });

  test("a dashboard shows its charts as the server drew them, and their code loads once one is reached", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const board = await withBoard(page, testInfo);
    try {
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(request.url());
      });
      const chartsCode = () => scripts.filter((url) => /\/(bar|line|pie|tree)-chart-[^/]+\.js$/.test(url));
      await page.goto(`/dashboard/${board.main.uuid}`);
      const bar = widgetCard(page, `${board.prefix} BAR`);
      await expect(bar.locator('rect[data-testid^="bar.item."]')).toHaveCount(2);
      if (!jsEnabled(testInfo)) return;
      await page.locator("html[data-hydrated]").waitFor();
      await page.waitForLoadState("networkidle");
      expect(chartsCode()).toEqual([]);
      // Without its code a chart keeps its size, as without JavaScript; with it, it scales to its column.
      await expect(bar.locator("[data-chart] svg[viewBox]")).toHaveCount(0);
      await bar.locator("[data-chart]").hover();
      await expect(bar.locator("[data-chart] svg[viewBox]")).toHaveCount(1);
      expect(chartsCode().some((url) => url.includes("/bar-chart-"))).toBe(true);
      expect(chartsCode().some((url) => url.includes("/pie-chart-"))).toBe(false);
    } finally {
      await tearDown(page, board);
    }
  });

  test("an employee sees the dashboards of everyone in the menu, and neither sees nor opens another group's", async ({
    page,
    browser,
  }, testInfo) => {
    const board = await withBoard(page, testInfo);
    const employee = await otherUser(browser, testInfo);
    try {
      await signIn(employee.page, users.employee, "/companies");
      const menu = employee.page.getByTestId("menu-dashboards").first();
      await expect(menu.getByRole("link", { name: board.main.name })).toHaveAttribute(
        "href",
        `/dashboard/${board.main.uuid}`,
      );
      await expect(menu.getByRole("link", { name: board.support.name })).toHaveCount(0);
      // Not in the menu: marked neither for it nor for the employee's groups.
      await expect(menu.getByRole("link", { name: board.company.name })).toHaveCount(0);
      const refused = await employee.page.goto(`/dashboard/${board.support.uuid}`);
      expect(refused?.status()).toBe(404);
      await expect(employee.page.getByRole("alert")).toContainText("Error 404");
      await expect(employee.page.getByText(board.support.name)).toHaveCount(0);
      // The administrator sees every dashboard.
      await page.goto("/companies");
      await expect(
        page.getByTestId("menu-dashboards").first().getByRole("link", { name: board.support.name }),
      ).toBeVisible();
    } finally {
      await employee.context.close();
      await tearDown(page, board);
    }
  });

  test("a user makes a dashboard their home dashboard, and the home page shows it", async ({
    page,
    browser,
  }, testInfo) => {
    const board = await withBoard(page, testInfo);
    // Each project its own user: the two run at once, and a home dashboard is the user's own.
    const user = jsEnabled(testInfo) ? users.employee : users.readOnly;
    const viewer = await otherUser(browser, testInfo);
    try {
      await signIn(viewer.page, user, `/dashboard/${board.main.uuid}`);
      // The read-only user's language may be changed by the language test meanwhile: the form is found by its value.
      const makeHome = viewer.page.locator(`form:has(input[name="dashboardUuid"][value="${board.main.uuid}"]) button`);
      await makeHome.click();
      await expect(viewer.page).toHaveURL(new RegExp(`/dashboard/${board.main.uuid}$`));
      await expect(makeHome).toHaveCount(0);
      await viewer.page.goto("/");
      const home = viewer.page.getByTestId("home-dashboard");
      await expect(home.getByRole("heading", { level: 2 }).first()).toHaveText(board.main.name);
      await expect(home.locator(`a[href="/dashboard/${board.main.uuid}"]`)).toBeVisible();
      await expect(widgetCard(viewer.page, `${board.prefix} KPI`).getByTestId("widget-kpi")).toContainText("3");
      await expect(home.locator('rect[data-testid^="bar.item."]').first()).toBeVisible();
      // The rest of the home page stays, the unread notifications with it.
      await expect(viewer.page.getByTestId("home-notifications")).toBeVisible();
    } finally {
      await apiOf(viewer.page)("PUT", `${base}/categories/default`, { dashboardUuid: null });
      await viewer.context.close();
      await tearDown(page, board);
    }
  });

  test("a company's dashboard tab counts that company's rows only", async ({ page }, testInfo) => {
    const board = await withBoard(page, testInfo);
    try {
      const tab = (company: string) => page.goto(`/companies/${company}/dashboard?dashboard=${board.company.uuid}`);
      await tab(board.companies.b);
      await expect(page.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute("aria-current", "page");
      const employees = widgetCard(page, `${board.prefix} employees`).getByTestId("widget-kpi");
      await expect(employees).toContainText("20");
      const rows = widgetCard(page, `${board.prefix} TABLE`).locator("tbody tr");
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText(`${board.prefix} B`);
      await tab(board.companies.a);
      await expect(employees).toContainText("10");
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText(`${board.prefix} A`);
      // The dashboards for companies are links when there are several: this one is among them, chosen.
      const choices = page.getByRole("navigation", { name: "Dashboards of this record" });
      if ((await choices.count()) > 0) {
        await expect(choices.getByRole("link", { name: board.company.name })).toHaveAttribute("aria-current", "page");
      }
    } finally {
      await tearDown(page, board);
    }
  });

  test("a dashboard speaks Norwegian", async ({ page, browser }, testInfo) => {
    const board = await withBoard(page, testInfo);
    // The administrator has chosen no language: a Norwegian browser gets Norwegian.
    const norwegian = await otherUser(browser, testInfo, "nb-NO");
    try {
      await signIn(norwegian.page, users.admin, `/dashboard/${board.main.uuid}`);
      await expect(norwegian.page.locator("html")).toHaveAttribute("lang", "nb");
      await expect(norwegian.page.getByTestId("menu-dashboards").first().getByRole("heading")).toHaveText("Dashbord");
      await expect(norwegian.page.getByRole("button", { name: "Gjør dette til mitt hjemmedashbord" })).toBeVisible();
      const bar = widgetCard(norwegian.page, `${board.prefix} BAR`);
      await bar.getByText("Vis data", { exact: true }).click();
      await expect(bar.getByTestId("widget-data").locator("tbody tr").first()).toContainText("Bygg og anlegg");
      const births = widgetCard(norwegian.page, `${board.prefix} births`);
      await births.getByText("Vis data", { exact: true }).click();
      await expect(births.getByTestId("widget-data").locator("tbody th")).toHaveText(["januar 1990", "mars 1991"]);
      await expect(
        widgetCard(norwegian.page, `${board.prefix} KPI`).getByRole("button", { name: "Bruk" }),
      ).toBeVisible();
      await norwegian.page.goto(`/dashboard/${board.empty.uuid}`);
      await expect(norwegian.page.getByTestId("empty-state")).toHaveText("Dette dashbordet er tomt.");
    } finally {
      await norwegian.context.close();
      await tearDown(page, board);
    }
  });
});
