import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardTexts } from "../../server/contract/dashboards.ts";
import { DEMO_COMPANIES } from "../../server/db/seed.ts";
import { english } from "../support/messages.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { addDataSource, widgetBody } from "../support/widgets.ts";

type Method = "GET" | "POST" | "PUT" | "DELETE";
const base = "/api/dashboards/core";

describe(`categorized dashboards on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let reader: Tokens;
  let groups: Record<string, string>;
  let companies: string;
  let linked: string;
  let contacts: string;

  const call = (method: Method, url: string, tokens: Tokens = admin, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(tokens.access_token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const errorsOf = (response: { json(): any }) =>
    Object.fromEntries((response.json().errors ?? []).map((e: any) => [e.field, e.defaultMessage]));
  const addDashboard = async (body: object) => {
    const response = await call("POST", `${base}/categories`, admin, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { uuid: string; uuidKey: string; name: string };
  };
  const addWidget = async (body: object) => {
    const response = await call("POST", `${base}/widget`, admin, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().uuid as string;
  };
  const place = async (dashboard: string, widget: string, body: object = {}) => {
    const response = await call("POST", `${base}/view/${dashboard}/widgets/${widget}`, admin, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const seen = async (tokens: Tokens, query = "") => {
    const response = await call("GET", `${base}/categories/view${query}`, tokens);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().map((dashboard: { name: string }) => dashboard.name) as string[];
  };
  const addRecord = async (entity: string, values: object) => {
    const response = await call("POST", `/api/crm/${entity}`, admin, { values });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().uuid as string;
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.app.db
      .deleteFrom("core.role_permission")
      .where("resource", "=", "Contact")
      .where("role_id", "in", (eb) => eb.selectFrom("core.role").select("id").where("name", "=", "Read-only"))
      .execute();
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    reader = await signIn(t.app, "readonly@example.com");
    groups = Object.fromEntries(
      (await t.app.db.selectFrom("core.user_group").select(["id", "name"]).execute()).map((g) => [g.name, g.id]),
    );
    const employeeId = (
      await t.app.db
        .selectFrom("core.app_user")
        .select("id")
        .where("email", "=", "employee@example.com")
        .executeTakeFirstOrThrow()
    ).id;
    await t.app.db
      .insertInto("core.user_group_member")
      .values({ user_id: employeeId, group_id: groups.Sales as string })
      .execute();
    companies = await addDataSource(t, "Zz dash companies", {
      entities: [
        {
          schemaName: "crm",
          tableName: "company",
          selectedFields: [{ key: "name" }, { key: "employees" }],
          filters: [{ field: "name", operation: "ILIKE", paramValue: "Zz Dash%" }],
        },
      ],
      joins: [],
    });
    contacts = await addDataSource(t, "Zz dash contacts", {
      entities: [{ schemaName: "crm", tableName: "contact", selectedFields: [{ key: "first_name" }], filters: [] }],
      joins: [],
    });
    linked = await addDataSource(t, "Zz dash companies and contacts", {
      entities: [
        {
          schemaName: "crm",
          tableName: "company",
          selectedFields: [{ key: "name" }],
          filters: [{ field: "name", operation: "ILIKE", paramValue: "Zz Dash%" }],
        },
        { schemaName: "crm", tableName: "contact", selectedFields: [{ key: "first_name" }], filters: [] },
      ],
      joins: [
        { schema1Name: "crm", table1Name: "company", joinType: "INNER", schema2Name: "crm", table2Name: "contact" },
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("the demo workspace's default dashboard shows every widget's data", async () => {
    const chosen = await call("GET", `${base}/categories/default`, employee);
    expect(chosen.json()).toMatchObject({ name: "Sales overview", default: true, mainList: true });
    const view = await call("GET", `${base}/view/${chosen.json().uuid}?lang=nb`, employee);
    expect(view.statusCode, view.body).toBe(200);
    const widgets = view.json().widgets;
    expect(widgets.map((w: { widget: { type: string } }) => w.widget.type)).toEqual(["KPI", "BAR", "PIE", "TABLE"]);
    expect(widgets.every((w: { error: unknown; data: unknown }) => w.error === null && w.data !== null)).toBe(true);
    expect(widgets[0].data.value).toBe(DEMO_COMPANIES);
    expect(widgets[1].data.labelTitle).toBe("Bransje");
    expect(widgets[3].data.totalElements).toBe(DEMO_COMPANIES);
  });

  it("keeps categorized dashboards in the settings, with System_Settings rights", async () => {
    const body = { name: "Zz Sales board", mainList: true, groupUuids: [groups.Sales] };
    expect((await call("POST", `${base}/categories`, employee, body)).statusCode).toBe(403);
    const created = await addDashboard(body);
    expect(created.uuidKey).toBe(created.uuid);
    const read = await call("GET", `${base}/categories/${created.uuid}`);
    expect(read.json()).toMatchObject({
      name: "Zz Sales board",
      mainList: true,
      showInCompany: false,
      groups: [{ uuid: groups.Sales, name: "Sales" }],
      widgetCount: 0,
    });
    const changed = await call("PUT", `${base}/categories/${created.uuid}`, admin, {
      ...body,
      name: "Zz Sales board 2",
      showInCompany: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: "Zz Sales board 2", showInCompany: true });
    const list = await call("GET", `${base}/categories?q=board 2`);
    expect(list.json().map((d: { name: string }) => d.name)).toEqual(["Zz Sales board 2"]);
    const invalid = await call("POST", `${base}/categories`, admin, { name: "", groupUuids: [crypto.randomUUID()] });
    expect(invalid.statusCode).toBe(400);
    expect(errorsOf(invalid).name).toBe("Required");
    const unknownGroup = await call("POST", `${base}/categories`, admin, {
      name: "Zz x",
      groupUuids: [crypto.randomUUID()],
    });
    expect(errorsOf(unknownGroup).groupUuids).toBe("Must be one of the options");
    expect((await call("DELETE", `${base}/categories/${created.uuid}`, employee)).statusCode).toBe(403);
    expect((await call("DELETE", `${base}/categories/${created.uuid}`)).statusCode).toBe(204);
    expect((await call("GET", `${base}/categories/${created.uuid}`)).statusCode).toBe(404);
  });

  it("shows a dashboard to its groups only; none means everyone", async () => {
    const forSales = await addDashboard({ name: "Zz For sales", mainList: true, groupUuids: [groups.Sales] });
    const forSupport = await addDashboard({ name: "Zz For support", mainList: true, groupUuids: [groups.Support] });
    const forAll = await addDashboard({ name: "Zz For all", showInCompany: true });
    expect(await seen(employee)).toEqual(expect.arrayContaining(["Zz For sales", "Zz For all"]));
    expect(await seen(employee)).not.toContain("Zz For support");
    expect(await seen(reader)).not.toContain("Zz For sales");
    expect(await seen(reader)).toContain("Zz For all");
    expect(await seen(admin)).toEqual(expect.arrayContaining(["Zz For sales", "Zz For support", "Zz For all"]));
    expect(await seen(employee, "?mainList=true")).not.toContain("Zz For all");
    const onCompanies = await seen(employee, "?showInCompany=true");
    expect(onCompanies).toContain("Zz For all");
    expect(onCompanies).not.toContain("Zz For sales");
    expect((await call("GET", `${base}/view/${forSupport.uuid}`, employee)).statusCode).toBe(404);
    expect((await call("GET", `${base}/view/${forSales.uuid}`, employee)).statusCode).toBe(200);
    expect((await call("GET", `${base}/view/${forAll.uuid}`, reader)).statusCode).toBe(200);
    expect((await call("GET", `${base}/view/${crypto.randomUUID()}`, admin)).statusCode).toBe(404);
  });

  it("an empty dashboard answers its data with the empty state", async () => {
    const empty = await addDashboard({ name: "Zz Empty" });
    const view = await call("GET", `${base}/view/${empty.uuid}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      dashboard: { name: "Zz Empty" },
      widgets: [],
      empty: { exceptionName: "EmptyDashboardException", message: "apiErrors.EmptyDashboardException" },
    });
  });

  it("places, moves, resizes and removes widgets; each shows its data or its own error", async () => {
    await addRecord("company", { name: "Zz Dash One", employees: 7 });
    const board = await addDashboard({ name: "Zz Board with widgets" });
    const count = await addWidget(widgetBody(companies, "KPI", { single: { aggregationFunction: "COUNT" } }));
    const people = await addWidget(widgetBody(contacts, "KPI", { single: { aggregationFunction: "COUNT" } }));
    const first = await place(board.uuid, count, { width: 4, height: 2 });
    expect(first.widgets).toHaveLength(1);
    expect(first.empty).toBeNull();
    const placed = await place(board.uuid, people, { position: 0 });
    expect(placed.widgets.map((w: { widget: { uuid: string } }) => w.widget.uuid)).toEqual([people, count]);
    expect(placed.widgets[1]).toMatchObject({ width: 4, height: 2, position: 1, data: { type: "KPI", value: 1 } });
    const again = await call("POST", `${base}/view/${board.uuid}/widgets/${count}`, admin, {});
    expect(again.statusCode).toBe(400);
    expect((await call("POST", `${base}/view/${board.uuid}/widgets/${count}`, employee, {})).statusCode).toBe(403);
    const tooWide = await call("PUT", `${base}/view/${board.uuid}/widgets/${count}`, admin, { width: 13 });
    expect(tooWide.statusCode).toBe(400);

    const moved = await call("PUT", `${base}/view/${board.uuid}/widgets/${count}`, admin, {
      position: 0,
      width: 12,
      height: 3,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().widgets[0]).toMatchObject({ widget: { uuid: count }, width: 12, height: 3, position: 0 });

    // The read-only user may not read contacts here: that widget answers 403, the other still shows.
    const asReader = (await call("GET", `${base}/view/${board.uuid}`, reader)).json();
    const byId = Object.fromEntries(asReader.widgets.map((w: { widget: { uuid: string } }) => [w.widget.uuid, w]));
    expect(byId[people]).toMatchObject({ data: null, error: { status: 403 } });
    expect(byId[count]).toMatchObject({ data: { value: 1 }, error: null });

    const removed = await call("DELETE", `${base}/view/${board.uuid}/widgets/${people}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().widgets.map((w: { widget: { uuid: string } }) => w.widget.uuid)).toEqual([count]);
    // Deleting a widget takes it off its dashboards.
    expect((await call("DELETE", `${base}/widget/${count}`)).statusCode).toBe(204);
    expect((await call("GET", `${base}/view/${board.uuid}`)).json().empty).not.toBeNull();
  });

  it("names the fields a viewer filters on in the page's language, and gives the layout alone when asked", async () => {
    await addRecord("company", { name: "Zz Dash Labels", employees: 3 });
    const board = await addDashboard({ name: "Zz Board of labels" });
    const widget = await addWidget(
      widgetBody(companies, "KPI", {
        single: { aggregationFunction: "COUNT" },
        customizableFilterFields: ["crm.company.name"],
        filters: [
          {
            field: "crm.company.employees",
            operation: ">",
            paramValue: "1",
            isParamUserAccessible: true,
            isParamUserField: false,
          },
        ],
      }),
    );
    await place(board.uuid, widget);
    const view = async (query: string) => (await call("GET", `${base}/view/${board.uuid}?${query}`)).json();
    const nb = await view("lang=nb");
    expect(nb.widgets[0].widget.filterLabels).toEqual({
      "crm.company.name": "Firmanavn",
      "crm.company.employees": "Ansatte",
    });
    expect(nb.widgets[0].data).toMatchObject({ type: "KPI" });
    const en = await view("lang=en&data=false");
    expect(en.widgets[0]).toMatchObject({
      widget: { filterLabels: { "crm.company.name": "Company name", "crm.company.employees": "Employees" } },
      data: null,
      error: null,
    });
  });

  it("counts only the rows joined to a company or contact on the record's dashboard tab", async () => {
    const firm = await addRecord("company", { name: "Zz Dash Firm" });
    const other = await addRecord("company", { name: "Zz Dash Other" });
    const link = async (company: string, firstName: string) => {
      const contact = await addRecord("contact", { first_name: firstName, last_name: "Zzdash" });
      const response = await call("POST", "/api/data/links/custom_schema_relationship/company_has_contact", admin, {
        id1: company,
        id2: contact,
        role: "employee",
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return contact;
    };
    const ann = await link(firm, "Ann");
    await link(firm, "Ben");
    await link(other, "Cid");
    const board = await addDashboard({ name: "Zz Company tab", showInCompany: true, showInContact: true });
    const widget = await addWidget(widgetBody(linked, "KPI", { single: { aggregationFunction: "COUNT" } }));
    await place(board.uuid, widget);
    const recordData = async (table: string, id: string, tokens = admin) =>
      call("GET", `${base}/view/${board.uuid}/widgets/${widget}/${table}/${id}`, tokens);
    expect((await recordData("company", firm)).json().value).toBe(2);
    expect((await recordData("company", other)).json().value).toBe(1);
    expect((await recordData("contact", ann)).json().value).toBe(1);
    const posted = await call("POST", `${base}/view/${board.uuid}/widgets/${widget}/company/${firm}`, admin, {
      lang: "nb",
    });
    expect(posted.json().value).toBe(2);
    // A new link is a write to the link table: the kept result is not answered again.
    await link(firm, "Dag");
    expect((await recordData("company", firm)).json().value).toBe(3);
    expect((await recordData("company", crypto.randomUUID())).statusCode).toBe(404);
    expect((await recordData("contact", ann, reader)).statusCode).toBe(403);

    const onlyCompanies = await addWidget(widgetBody(companies, "KPI", { single: { aggregationFunction: "COUNT" } }));
    await place(board.uuid, onlyCompanies);
    const notInSource = await call("GET", `${base}/view/${board.uuid}/widgets/${onlyCompanies}/contact/${ann}`);
    expect(notInSource.statusCode).toBe(400);
    expect(notInSource.json().message).toBe(english(dashboardTexts.notInSource));
    const notPlaced = await addWidget(widgetBody(linked, "KPI", { single: { aggregationFunction: "COUNT" } }));
    expect((await call("GET", `${base}/view/${board.uuid}/widgets/${notPlaced}/company/${firm}`)).statusCode).toBe(404);

    // A dashboard that is not marked for companies is no company's tab.
    const contactsOnly = await addDashboard({ name: "Zz Contact tab", showInContact: true });
    await place(contactsOnly.uuid, widget);
    const contactTab = (table: string, id: string) =>
      call("GET", `${base}/view/${contactsOnly.uuid}/widgets/${widget}/${table}/${id}`);
    expect((await contactTab("contact", ann)).json().value).toBe(1);
    expect((await contactTab("company", firm)).statusCode).toBe(404);
  });

  it("gives each user their own default dashboard over the workspace's", async () => {
    const workspace = await addDashboard({ name: "Zz Workspace default", default: true });
    const mine = await addDashboard({ name: "Zz Mine" });
    const hidden = await addDashboard({ name: "Zz Not for employees", groupUuids: [groups.Management] });
    expect((await call("GET", `${base}/categories/default`, employee)).json()).toMatchObject({
      uuid: workspace.uuid,
      default: true,
    });
    const chosen = await call("PUT", `${base}/categories/default`, employee, { dashboardUuid: mine.uuid });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await call("GET", `${base}/categories/default`, employee)).json().uuid).toBe(mine.uuid);
    expect((await call("GET", `${base}/categories/default`, admin)).json().uuid).toBe(workspace.uuid);
    const refused = await call("PUT", `${base}/categories/default`, employee, { dashboardUuid: hidden.uuid });
    expect(refused.statusCode).toBe(404);
    await call("PUT", `${base}/categories/default`, employee, { dashboardUuid: null });
    expect((await call("GET", `${base}/categories/default`, employee)).json().uuid).toBe(workspace.uuid);
    // Another default takes the mark from the first.
    const next = await addDashboard({ name: "Zz Next default", default: true });
    expect((await call("GET", `${base}/categories/${workspace.uuid}`)).json().default).toBe(false);
    expect((await call("GET", `${base}/categories/default`, employee)).json().uuid).toBe(next.uuid);
  });
});
