import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardTexts } from "../../server/contract/dashboards.ts";
import { english } from "../support/messages.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { addDataSource, widgetBody } from "../support/widgets.ts";

type Method = "GET" | "POST" | "PUT" | "DELETE";
const base = "/api/dashboards/core";

describe(`widgets on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let reader: Tokens;
  let companies: string;
  let contacts: string;
  let todos: string;
  let companyIds: Record<string, string>;

  const call = (method: Method, url: string, tokens: Tokens = admin, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(tokens.access_token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const errorsOf = (response: { json(): any }) =>
    Object.fromEntries((response.json().errors ?? []).map((e: any) => [e.field, e.defaultMessage]));
  const create = async (body: object) => {
    const response = await call("POST", `${base}/widget`, admin, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { uuid: string };
  };
  const dataOf = async (id: string, body: object = {}, tokens = admin) => {
    const response = await call("POST", `${base}/widget/${id}/data`, tokens, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const widgetData = async (body: object, input: object = {}) => dataOf((await create(body)).uuid, input);
  const addRecord = async (entity: string, values: object) => {
    const response = await call("POST", `/api/crm/${entity}`, admin, { values });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().uuid as string;
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    // The read-only role reads companies but, here, not contacts: a widget over contacts is refused to them.
    await t.app.db
      .deleteFrom("core.role_permission")
      .where("resource", "=", "Contact")
      .where("role_id", "in", (eb) => eb.selectFrom("core.role").select("id").where("name", "=", "Read-only"))
      .execute();
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    reader = await signIn(t.app, "readonly@example.com");
    companyIds = {};
    for (const [name, industry, employees] of [
      ["Zz Widget A", "construction", 10],
      ["Zz Widget B", "construction", 30],
      ["Zz Widget C", "retail", 5],
      ["Zz Widget D", null, null],
    ] as const) {
      companyIds[name] = await addRecord("company", { name, industry, employees, city: name.slice(-1) });
    }
    for (const [first, birth] of [
      ["Ada", "2020-01-15"],
      ["Bo", "2020-01-20"],
      ["Cy", "2020-02-03"],
      ["Di", "2020-05-05"],
      ["Ed", "2021-03-01"],
    ]) {
      await addRecord("contact", { first_name: first, last_name: "Zzwidget", birth_date: birth });
    }
    companies = await addDataSource(t, "Zz companies", {
      entities: [
        {
          schemaName: "crm",
          tableName: "company",
          selectedFields: [{ key: "name" }, { key: "industry" }, { key: "employees" }, { key: "city" }],
          filters: [{ field: "name", operation: "ILIKE", paramValue: "Zz Widget%" }],
        },
      ],
      joins: [],
    });
    contacts = await addDataSource(t, "Zz contacts", {
      entities: [
        {
          schemaName: "crm",
          tableName: "contact",
          selectedFields: [{ key: "first_name" }, { key: "birth_date" }],
          filters: [{ field: "last_name", operation: "=", paramValue: "Zzwidget" }],
        },
      ],
      joins: [],
    });
    todos = await addDataSource(t, "Zz to-dos", {
      entities: [
        {
          schemaName: "crm",
          tableName: "todo",
          selectedFields: [{ key: "title" }, { key: "assigned_user_id" }],
          filters: [{ field: "title", operation: "ILIKE", paramValue: "Zz todo%" }],
        },
      ],
      joins: [],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("validity", () => {
    it("a KPI needs an aggregate chosen", async () => {
      const response = await call("POST", `${base}/widget`, admin, widgetBody(companies, "KPI"));
      expect(response.statusCode).toBe(400);
      expect(errorsOf(response)["singleNumberConfiguration.aggregationFunction"]).toBe(
        english(dashboardTexts.aggregateRequired),
      );
    });

    it("a chart needs a name, a label field, and every value with a name and a field", async () => {
      const noName = await call("POST", `${base}/widget`, admin, {
        ...widgetBody(companies, "BAR", {
          chart: { labelField: "", values: [{ countField: "", description: "", countAggregationFunction: "SUM" }] },
        }),
        name: "",
      });
      expect(noName.statusCode).toBe(400);
      expect(errorsOf(noName)).toMatchObject({
        name: "Required",
        "countLabelConfiguration.labelField": "Required",
        "countLabelConfiguration.countConfigurations.0.description": "Required",
        "countLabelConfiguration.countConfigurations.0.countField": "Required",
      });
      const noValues = await call(
        "POST",
        `${base}/widget`,
        admin,
        widgetBody(companies, "PIE", { chart: { labelField: "crm.company.industry", values: [] } }),
      );
      expect(errorsOf(noValues)["countLabelConfiguration.countConfigurations"]).toBe("Required");
    });

    it("other types are valid as they are", async () => {
      const table = await call("POST", `${base}/widget`, admin, { ...widgetBody(companies, "TABLE"), name: "" });
      expect(table.statusCode, table.body).toBe(201);
    });

    it("names only the data source's fields, and sums only numbers", async () => {
      const unknown = await call(
        "POST",
        `${base}/widget`,
        admin,
        widgetBody(companies, "KPI", { single: { aggregationFunction: "SUM", field: "crm.company.nope" } }),
      );
      expect(errorsOf(unknown)["singleNumberConfiguration.field"]).toBe(english(dashboardTexts.unknownField));
      const text = await call(
        "POST",
        `${base}/widget`,
        admin,
        widgetBody(companies, "KPI", { single: { aggregationFunction: "SUM", field: "crm.company.name" } }),
      );
      expect(errorsOf(text)["singleNumberConfiguration.field"]).toBe(english(dashboardTexts.numberField));
      const noSource = await call(
        "POST",
        `${base}/widget`,
        admin,
        widgetBody(crypto.randomUUID(), "KPI", { single: { aggregationFunction: "COUNT" } }),
      );
      expect(errorsOf(noSource)["widgetConfiguration.datasourceUuidKey"]).toBe(
        english(dashboardTexts.datasourceNotFound),
      );
      const filtered = (filter: object) =>
        call(
          "POST",
          `${base}/widget`,
          admin,
          widgetBody(companies, "KPI", { single: { aggregationFunction: "COUNT" }, filters: [filter] }),
        );
      const notForType = await filtered({ field: "crm.company.name", operation: "IS TRUE" });
      expect(errorsOf(notForType)["widgetConfiguration.filters.0.operation"]).toBe(
        "This operation does not fit the field",
      );
      const noWildcard = await filtered({ field: "crm.company.name", operation: "ILIKE", paramValue: "Zz" });
      expect(errorsOf(noWildcard)["widgetConfiguration.filters.0.paramValue"]).toBe(
        "The ilike filter needs a % wildcard",
      );
    });
  });

  describe("data", () => {
    it("a KPI counts, sums, averages and finds the least and greatest", async () => {
      const kpi = async (aggregationFunction: string, field: string | null = "crm.company.employees") =>
        (await widgetData(widgetBody(companies, "KPI", { single: { aggregationFunction, field } }))).value;
      expect(await kpi("COUNT", null)).toBe(4);
      expect(await kpi("COUNT")).toBe(3);
      expect(await kpi("SUM")).toBe(45);
      expect(await kpi("AVG")).toBe(15);
      expect(await kpi("MIN")).toBe(5);
      expect(await kpi("MAX")).toBe(30);
    });

    it("bar, pie and tree labels are List options in the request's language, the largest first", async () => {
      for (const type of ["BAR", "PIE", "TREE"]) {
        const body = widgetBody(companies, type, {
          chart: {
            labelField: "crm.company.industry",
            values: [{ countField: "", description: "Companies", countAggregationFunction: "COUNT" }],
          },
        });
        const id = (await create(body)).uuid;
        const en = await dataOf(id, { lang: "en" });
        expect(en.type).toBe(type);
        expect(en.labelTitle).toBe("Industry");
        expect(en.labels).toEqual([
          { key: "construction", text: "Construction" },
          { key: "retail", text: expect.any(String) },
          { key: null, text: null },
        ]);
        expect(en.series).toEqual([{ key: "v0", description: "Companies", values: [2, 1, 1] }]);
        const nb = await dataOf(id, { lang: "nb" });
        expect(nb.labels[0]).toEqual({ key: "construction", text: "Bygg og anlegg" });
        expect(nb.labelTitle).toBe("Bransje");
      }
    });

    it("grouped bars and multiple lines carry one series per value", async () => {
      for (const type of ["GROUPED_BAR", "MULTILINE"]) {
        const data = await widgetData(
          widgetBody(companies, type, {
            chart: {
              labelField: "crm.company.industry",
              values: [
                { countField: "crm.company.employees", description: "Sum", countAggregationFunction: "SUM" },
                { countField: "crm.company.employees", description: "Max", countAggregationFunction: "MAX" },
              ],
            },
          }),
        );
        const construction = data.labels.findIndex((label: { key: string }) => label.key === "construction");
        expect(data.series.map((series: { description: string }) => series.description)).toEqual(["Sum", "Max"]);
        expect(data.series[0].values[construction]).toBe(40);
        expect(data.series[1].values[construction]).toBe(30);
      }
    });

    it("groups a date label by day, week, month, quarter and year, ascending", async () => {
      const grouped = async (groupBy: string | null) => {
        const data = await widgetData(
          widgetBody(contacts, "LINE", {
            groupBy,
            chart: {
              labelField: "crm.contact.birth_date",
              values: [{ countField: "", description: "Born", countAggregationFunction: "COUNT" }],
            },
          }),
        );
        expect(data.dateGrouping).toBe(groupBy);
        return Object.fromEntries(
          data.labels.map((label: { key: string }, index: number) => [label.key, data.series[0].values[index]]),
        );
      };
      expect(await grouped("DAY")).toEqual({
        "2020-01-15": 1,
        "2020-01-20": 1,
        "2020-02-03": 1,
        "2020-05-05": 1,
        "2021-03-01": 1,
      });
      // 2020-01-15 is a Wednesday: its week starts on Monday the 13th.
      expect(await grouped("WEEK")).toEqual({
        "2020-01-13": 1,
        "2020-01-20": 1,
        "2020-02-03": 1,
        "2020-05-04": 1,
        "2021-03-01": 1,
      });
      expect(await grouped("MONTH")).toEqual({ "2020-01-01": 2, "2020-02-01": 1, "2020-05-01": 1, "2021-03-01": 1 });
      expect(await grouped("QUARTER")).toEqual({ "2020-01-01": 3, "2020-04-01": 1, "2021-01-01": 1 });
      const year = await widgetData(
        widgetBody(contacts, "BAR", {
          groupBy: "YEAR",
          chart: {
            labelField: "crm.contact.birth_date",
            values: [{ countField: "", description: "Born", countAggregationFunction: "COUNT" }],
          },
        }),
      );
      expect(year.labels.map((label: { key: string }) => label.key)).toEqual(["2020-01-01", "2021-01-01"]);
      // A grouped date has no text: the web app names it in the viewer's language ("2020", "Q1 2020", "Uke 3, 2020").
      expect(year.labels.map((label: { text: string | null }) => label.text)).toEqual([null, null]);
      expect(year.series[0].values).toEqual([4, 1]);
    });

    it("groups a date label by the dates' range when no grouping is chosen: months for a year, days for weeks", async () => {
      const automatic = async (filters: object[] = []) =>
        widgetData(
          widgetBody(contacts, "LINE", {
            filters,
            chart: {
              labelField: "crm.contact.birth_date",
              values: [{ countField: "", description: "Born", countAggregationFunction: "COUNT" }],
            },
          }),
        );
      // 2020-01-15 to 2021-03-01: fourteen months, not 411 days.
      const year = await automatic();
      expect(year.dateGrouping).toBe("MONTH");
      expect(year.labels.map((label: { key: string }) => label.key)).toEqual([
        "2020-01-01",
        "2020-02-01",
        "2020-05-01",
        "2021-03-01",
      ]);
      // The range the widget's filters leave: 2020-01-15 to 2020-02-03, by day.
      const weeks = await automatic([{ field: "crm.contact.birth_date", operation: "<", paramValue: "2020-03-01" }]);
      expect(weeks.dateGrouping).toBe("DAY");
      expect(weeks.labels.map((label: { key: string }) => label.key)).toEqual([
        "2020-01-15",
        "2020-01-20",
        "2020-02-03",
      ]);
    });

    it("a table answers its rows sorted and paged, List values as their labels", async () => {
      const id = (
        await create(
          widgetBody(companies, "TABLE", { tableSorting: [{ field: "crm.company.employees", direction: "desc" }] }),
        )
      ).uuid;
      const first = await dataOf(id, { page: 0, size: 2 });
      expect(first.totalElements).toBe(4);
      expect(first.columns.map((column: { key: string }) => column.key)).toEqual([
        "crm.company.name",
        "crm.company.industry",
        "crm.company.employees",
        "crm.company.city",
      ]);
      expect(first.rows).toEqual([
        expect.objectContaining({ "crm.company.name": "Zz Widget B", "crm.company.industry": "Construction" }),
        expect.objectContaining({ "crm.company.name": "Zz Widget A", "crm.company.employees": 10 }),
      ]);
      const second = await dataOf(id, { page: 1, size: 2 });
      expect(second.rows.map((row: Record<string, unknown>) => row["crm.company.name"])).toEqual([
        "Zz Widget C",
        "Zz Widget D",
      ]);
    });
  });

  describe("filters", () => {
    it("applies fixed filters with the advanced search's operations", async () => {
      const count = async (filters: object[]) =>
        (await widgetData(widgetBody(companies, "KPI", { single: { aggregationFunction: "COUNT" }, filters }))).value;
      expect(await count([{ field: "crm.company.employees", operation: ">=", paramValue: "10" }])).toBe(2);
      expect(await count([{ field: "crm.company.industry", operation: "=", paramValue: "construction" }])).toBe(2);
      expect(await count([{ field: "crm.company.industry", operation: "IS NULL" }])).toBe(1);
      expect(await count([{ field: "crm.company.name", operation: "ILIKE", paramValue: "%widget c" }])).toBe(1);
      expect(await count([{ field: "crm.company.city", operation: "<>", paramValue: "a" }])).toBe(3);
    });

    it("takes the viewer's values for adjustable filters and customizable fields", async () => {
      const id = (
        await create(
          widgetBody(companies, "KPI", {
            single: { aggregationFunction: "SUM", field: "crm.company.employees" },
            filters: [{ field: "crm.company.employees", operation: ">", paramValue: "0", isParamUserAccessible: true }],
            customizableFilterFields: ["crm.company.industry"],
          }),
        )
      ).uuid;
      expect((await dataOf(id)).value).toBe(45);
      const adjusted = { field: "crm.company.employees", value: "10" };
      expect((await dataOf(id, { filterValues: [adjusted] })).value).toBe(30);
      const chosen = { field: "crm.company.industry", value: "construction" };
      expect((await dataOf(id, { filterValues: [chosen] })).value).toBe(40);
      const refused = await call("POST", `${base}/widget/${id}/data`, admin, {
        filterValues: [{ field: "crm.company.city", value: "A" }],
      });
      expect(refused.statusCode).toBe(400);
      const notANumber = await call("POST", `${base}/widget/${id}/data`, admin, {
        filterValues: [{ field: "crm.company.employees", value: "many" }],
      });
      expect(notANumber.statusCode).toBe(400);

      const values = await call("GET", `${base}/widget-specific/${id}/values/crm.company.industry?lang=nb`);
      expect(values.statusCode, values.body).toBe(200);
      expect(values.json()).toEqual([
        { value: "construction", label: "Bygg og anlegg" },
        { value: "retail", label: expect.any(String) },
      ]);
      expect((await call("GET", `${base}/widget-specific/${id}/values/crm.company.city`)).statusCode).toBe(404);

      // The values are kept as the data is: a write to the table gives them anew.
      const industries = async () =>
        (await call("GET", `${base}/widget-specific/${id}/values/crm.company.industry`))
          .json()
          .map((value: { value: string }) => value.value);
      expect(await industries()).toEqual(["construction", "retail"]);
      const added = await addRecord("company", { name: "Zz Widget E", industry: "technology" });
      expect(await industries()).toContain("technology");
      expect((await call("DELETE", `/api/crm/company/${added}`)).statusCode).toBe(204);
      expect(await industries()).toEqual(["construction", "retail"]);
    });

    it("compares a 'current user' filter with the viewer", async () => {
      const ids = Object.fromEntries(
        (
          await t.app.db
            .selectFrom("core.app_user")
            .select(["id", "email"])
            .where("email", "in", ["admin@example.com", "employee@example.com"])
            .execute()
        ).map((row) => [row.email, row.id]),
      );
      for (const [title, user] of [
        ["Zz todo 1", ids["admin@example.com"]],
        ["Zz todo 2", ids["employee@example.com"]],
        ["Zz todo 3", ids["employee@example.com"]],
      ]) {
        const response = await call("POST", "/api/crm/todo", admin, { values: { title, assigned_user_id: user } });
        expect(response.statusCode, response.body).toBe(201);
      }
      const id = (
        await create(
          widgetBody(todos, "KPI", {
            single: { aggregationFunction: "COUNT" },
            filters: [{ field: "crm.todo.assigned_user_id", operation: "=", isParamUserField: true }],
          }),
        )
      ).uuid;
      expect((await dataOf(id, {}, admin)).value).toBe(1);
      expect((await dataOf(id, {}, employee)).value).toBe(2);
    });
  });

  describe("rights and calls", () => {
    it("previews a widget as the builder has it, without saving it, for those who may make widgets", async () => {
      const before = (await call("GET", `${base}/widget?page=999999`)).json().totalElements;
      const body = widgetBody(companies, "KPI", {
        single: { aggregationFunction: "SUM", field: "crm.company.employees" },
      });
      const preview = await call("POST", `${base}/widget/preview`, admin, { widget: body, lang: "nb" });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toMatchObject({ type: "KPI", aggregationFunction: "SUM", value: 45 });
      expect((await call("GET", `${base}/widget?page=999999`)).json().totalElements).toBe(before);
      // The same validity as saving, and the same rights as making one.
      const invalid = await call("POST", `${base}/widget/preview`, admin, { widget: widgetBody(companies, "KPI") });
      expect(invalid.statusCode).toBe(400);
      expect((await call("POST", `${base}/widget/preview`, employee, { widget: body })).statusCode).toBe(403);
    });

    it("creating, changing and deleting need the Widget rights", async () => {
      const body = widgetBody(companies, "KPI", { single: { aggregationFunction: "COUNT" } });
      expect((await call("POST", `${base}/widget`, reader, body)).statusCode).toBe(403);
      expect((await call("POST", `${base}/widget`, employee, body)).statusCode).toBe(403);
      const id = (await create(body)).uuid;
      expect((await call("GET", `${base}/widget/${id}`, employee)).statusCode).toBe(200);
      expect((await call("PUT", `${base}/widget/${id}`, employee, body)).statusCode).toBe(403);
      expect((await call("DELETE", `${base}/widget/${id}`, employee)).statusCode).toBe(403);
    });

    it("answers 403 for a widget whose data source names an entity the viewer may not read", async () => {
      const onContacts = (await create(widgetBody(contacts, "KPI", { single: { aggregationFunction: "COUNT" } }))).uuid;
      const onCompanies = (await create(widgetBody(companies, "KPI", { single: { aggregationFunction: "COUNT" } })))
        .uuid;
      expect((await call("POST", `${base}/widget/${onContacts}/data`, reader, {})).statusCode).toBe(403);
      expect((await dataOf(onCompanies, {}, reader)).value).toBeGreaterThan(0);
    });

    it("lists, reads, changes and deletes widgets; unknown ids are 404", async () => {
      const created = await create({
        ...widgetBody(companies, "KPI", { single: { aggregationFunction: "COUNT" } }),
        name: "Zz listed one",
      });
      const all = await call("GET", `${base}/widget?page=999999`);
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().page).toBe(0);
      expect(all.json().content.length).toBe(all.json().totalElements);
      const found = await call("GET", `${base}/widget?q=listed`);
      expect(found.json().content.map((widget: { name: string }) => widget.name)).toEqual(["Zz listed one"]);

      const changed = await call("PUT", `${base}/widget/${created.uuid}`, admin, {
        ...widgetBody(companies, "KPI", { single: { aggregationFunction: "MAX", field: "crm.company.employees" } }),
        name: "Zz renamed",
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({
        name: "Zz renamed",
        singleNumberConfiguration: { aggregationFunction: "MAX", field: "crm.company.employees" },
        datasource: { uuid: companies, name: "Zz companies" },
      });
      expect((await dataOf(created.uuid)).value).toBe(30);
      const noBody = await call("POST", `${base}/widget/${created.uuid}/data`);
      expect(noBody.statusCode, noBody.body).toBe(200);
      expect(noBody.json().value).toBe(30);
      expect((await call("DELETE", `${base}/widget/${created.uuid}`)).statusCode).toBe(204);
      expect((await call("GET", `${base}/widget/${created.uuid}`)).statusCode).toBe(404);
      expect((await call("GET", `${base}/widget/not-an-id`)).statusCode).toBe(404);
      expect((await call("POST", `${base}/widget/${crypto.randomUUID()}/data`, admin, {})).statusCode).toBe(404);
    });

    it("refuses changing or deleting a data source while a widget uses it", async () => {
      const definition = {
        entities: [{ schemaName: "crm", tableName: "company", selectedFields: [{ key: "name" }], filters: [] }],
        joins: [],
      };
      const used = await addDataSource(t, "Zz used source", definition);
      const id = (await create(widgetBody(used, "KPI", { single: { aggregationFunction: "COUNT" } }))).uuid;
      const url = `${base}/datasource-advanced/${used}`;
      const changed = await call("PUT", url, admin, { name: "Zz used source 2", description: "", definition });
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toMatchObject({
        exceptionName: "DatasourceInUseException",
        message: "Error saving changes on the Datasource. The target Datasource is currently being used by Widget/s.",
      });
      expect((await call("DELETE", url)).json().exceptionName).toBe("DatasourceInUseException");
      expect((await call("DELETE", `${base}/widget/${id}`)).statusCode).toBe(204);
      expect(
        (await call("PUT", url, admin, { name: "Zz used source 2", description: "", definition })).statusCode,
      ).toBe(200);
      expect((await call("DELETE", url)).statusCode).toBe(204);
    });

    it("answers fresh data after a write to a table its data source reads", async () => {
      const id = (await create(widgetBody(companies, "KPI", { single: { aggregationFunction: "COUNT" } }))).uuid;
      const before = (await dataOf(id)).value;
      expect((await dataOf(id)).value).toBe(before);
      const added = await addRecord("company", { name: "Zz Widget E", employees: 1 });
      expect((await dataOf(id)).value).toBe(before + 1);
      expect((await call("DELETE", `/api/crm/company/${added}`)).statusCode).toBe(204);
      expect((await dataOf(id)).value).toBe(before);
    });
  });
});
