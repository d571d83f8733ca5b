import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestInvitationToken } from "../support/invitations.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { grant, revoke } from "../support/role-permissions.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { multipartBody, pdfFile } from "../support/upload-files.ts";
import { widgetBody } from "../support/widgets.ts";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

const PASSWORD = "Fjord-vinter-4821-kaffe";
const CRM_LINK = "/api/data/links/custom_schema_relationship/company_has_contact";
/** The custom entity of the matrix, whose Read one role lacks. */
const VENTURE = "venture";

/** The roles of the matrix: each an employee's, without one right. */
const lacking = {
  contact: "Contact",
  company: "Company",
  inquiry: "Inquiry",
  custom: VENTURE,
  crm: "CRM",
} as const;
type Lack = keyof typeof lacking;
const roleName = (lack: Lack) => `Without ${lacking[lack]} read`;

/** What each record is named, in words found nowhere else in the workspace. */
const NAMES = {
  company: "Acme Vault AS",
  contactFirst: "Zelda",
  contactLast: "Hiddenberg",
  inquiry: "Inquiry Quokka",
  todo: "Todo Wombat",
  venture: "Venture Narwhal",
  note: "Note Pelican",
  document: "Doc Heron",
} as const;

/**
 * Every path that names a record of another entity than its own shows a reader only what they may read (spec §6):
 * for each role that lacks Read on one entity, or the CRM right on the company–contact links, no answer names a
 * record of it, by name or by id, whatever the path: tabs, timelines, histories, links, inquiries' and to-dos'
 * contacts, what notes and documents are attached to, overviews, recent items, notifications, assignments,
 * dashboards' widgets and data sources, the advanced search, exports and the list rows' connections.
 */
describe(`read rights across entities, on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  const users = {} as Record<Lack, Tokens>;
  const userIds = {} as Record<Lack, string>;
  const ids = { company: "", contact: "", inquiry: "", todo: "", venture: "", note: "", document: "" };
  const board = { dashboard: "", widget: "", source: "" };

  const call = (method: Method, url: string, tokens: Tokens = admin, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });
  const ok = async (method: Method, url: string, tokens: Tokens = admin, payload?: object) => {
    const response = await call(method, url, tokens, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.statusCode === 204 ? null : response.json();
  };

  /** The words and ids that name each entity's record of the matrix. */
  const markers = () => ({
    Company: [NAMES.company, ids.company],
    Contact: [NAMES.contactLast, ids.contact],
    Inquiry: [NAMES.inquiry, ids.inquiry],
    [VENTURE]: [NAMES.venture, ids.venture],
  });

  /** An export's rows, once its job has written the file. */
  const exported = async (url: string, tokens: Tokens) => {
    const started = await call("PUT", url, tokens);
    if (started.statusCode !== 202) return { status: started.statusCode, text: started.body };
    const id = started.json().id as string;
    for (let waited = 0; waited < 30_000; waited += 100) {
      const found = (await ok("GET", "/api/core/bulk_data/exports/recent?size=100", tokens)).content.find(
        (e: { id: string }) => e.id === id,
      );
      if (found && found.status !== "exporting") {
        expect(found.status, found.message ?? "").toBe("ready");
        const file = await call("GET", `/api/core/bulk_data/exports/download/${id}`, tokens);
        const rows: string[][] = parse(file.rawPayload.toString("utf8"), { bom: true });
        return { status: 200, text: rows.map((row) => row.join(",")).join("\n") };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`export ${id} did not finish`);
  };

  beforeAll(async () => {
    // Five users accept invitations and sign in.
    t = await createTestApp({ demo: true, LOGIN_ATTEMPTS_PER_MINUTE: 1000 });
    admin = await signIn(t.app, "admin@example.com");

    await ok("POST", "/api/custom_entities", admin, {
      key: VENTURE,
      labelEn: "Venture",
      labelNb: "Satsing",
      pluralEn: "Ventures",
      pluralNb: "Satsinger",
      icon: "box",
      fields: [{ key: "name", labelEn: "Name", labelNb: "Navn", type: "Text", partOfName: true }],
    });
    const relate = (key2: "company" | "contact") =>
      ok("POST", "/api/relationships", admin, {
        schema1: "custom_schema",
        key1: VENTURE,
        schema2: "crm",
        key2,
        type: "NtoM",
        label1En: `${key2} ventures`,
        label1Nb: `${key2} satsinger`,
        label2En: `Venture ${key2}`,
        label2Nb: `Satsing ${key2}`,
        favorite: true,
      });
    const [ventureCompany, ventureContact] = [await relate("company"), await relate("contact")];

    ids.company = (await ok("POST", "/api/crm/company", admin, { values: { name: NAMES.company } })).uuid;
    ids.contact = (
      await ok("POST", "/api/crm/contact", admin, {
        values: { first_name: NAMES.contactFirst, last_name: NAMES.contactLast },
      })
    ).uuid;
    ids.venture = (await ok("POST", `/api/custom_schema/${VENTURE}`, admin, { values: { name: NAMES.venture } })).uuid;
    await ok("POST", CRM_LINK, admin, { id1: ids.company, id2: ids.contact, role: "employee" });
    await ok("POST", `/api/data/links/${ventureCompany.linkSchema}/${ventureCompany.linkTable}`, admin, {
      id1: ids.venture,
      id2: ids.company,
    });
    await ok("POST", `/api/data/links/${ventureContact.linkSchema}/${ventureContact.linkTable}`, admin, {
      id1: ids.venture,
      id2: ids.contact,
    });
    const link = { companyId: ids.company, contactId: ids.contact };
    ids.inquiry = (await ok("POST", "/api/crm/inquiry/linked", admin, { values: { title: NAMES.inquiry }, link })).uuid;
    ids.todo = (await ok("POST", "/api/crm/todo/linked", admin, { values: { title: NAMES.todo }, link })).uuid;
    ids.note = (await ok("POST", "/api/notes/note", admin, { values: { title: NAMES.note, text: "On both" } })).uuid;
    await ok("POST", `/api/notes/note/${ids.note}/attached_to`, admin, {
      attachTo: [
        { schemaKey: "crm", tableKey: "company", uuidKey: ids.company },
        { schemaKey: "crm", tableKey: "contact", uuidKey: ids.contact },
        { schemaKey: "crm", tableKey: "inquiry", uuidKey: ids.inquiry },
        { schemaKey: "custom_schema", tableKey: VENTURE, uuidKey: ids.venture },
      ],
    });
    const upload = multipartBody({ name: NAMES.document }, { name: "heron.pdf", content: pdfFile() });
    const uploaded = await t.app.inject({
      method: "POST",
      url: `/api/documents/document/attached/crm/contact/${ids.contact}`,
      headers: { ...bearer(admin.access_token), ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    ids.document = uploaded.json().uuid;

    // A dashboard for everyone, with a table of the companies' contacts: it reads both entities and their links.
    board.source = (
      await ok("POST", "/api/dashboards/core/datasource-advanced", admin, {
        name: "Zz companies and their contacts",
        definition: {
          entities: [
            {
              schemaName: "crm",
              tableName: "company",
              selectedFields: [{ key: "name" }],
              filters: [{ field: "name", operation: "=", paramValue: NAMES.company }],
            },
            { schemaName: "crm", tableName: "contact", selectedFields: [{ key: "first_name" }, { key: "last_name" }] },
          ],
          joins: [{ schema1Name: "crm", table1Name: "company", schema2Name: "crm", table2Name: "contact" }],
        },
      })
    ).id;
    board.widget = (await ok("POST", "/api/dashboards/core/widget", admin, widgetBody(board.source, "TABLE"))).uuid;
    board.dashboard = (
      await ok("POST", "/api/dashboards/core/categories", admin, {
        name: "Zz everyone's",
        mainList: true,
        showInCompany: true,
        showInContact: true,
      })
    ).uuid;
    await ok("POST", `/api/dashboards/core/view/${board.dashboard}/widgets/${board.widget}`, admin, {});

    // The roles, and a user of each; each is told of the records, and changes them, while it may read them all.
    const employeeRole = (await ok("GET", "/api/iam/roles")).find((role: any) => role.name === "Employee").uuid;
    for (const lack of Object.keys(lacking) as Lack[]) {
      const role = await ok("POST", "/api/iam/roles", admin, { name: roleName(lack), copyFrom: employeeRole });
      await grant(t.app.db, roleName(lack), "Export", ["Create", "Read"]);
      await grant(t.app.db, roleName(lack), "Datasource", ["Read"]);
      const email = `without-${lack}@example.com`;
      const invited = await ok("POST", "/api/iam/users/employees", admin, {
        email,
        firstName: "Reader",
        lastName: `Without${lack}`,
        roleUuid: role.uuid,
      });
      userIds[lack] = invited.uuid;
      const registered = await t.app.inject({
        method: "POST",
        url: "/jwt/register",
        payload: { token: latestInvitationToken(t, email), password: PASSWORD },
      });
      expect(registered.statusCode, registered.body).toBe(204);
      users[lack] = await signIn(t.app, email, PASSWORD);
      for (const [schemaKey, tableKey, uuidKey] of [
        ["crm", "company", ids.company],
        ["crm", "contact", ids.contact],
        ["crm", "inquiry", ids.inquiry],
        ["custom_schema", VENTURE, ids.venture],
      ]) {
        await ok("POST", `/api/iam/users/${invited.uuid}/assign_to_entities`, admin, {
          assignToEntities: [{ schemaKey, tableKey, uuidKey }],
        });
      }
      await ok("PATCH", `/api/crm/company/${ids.company}`, users[lack], { values: { city: `By ${lack}` } });
      await ok("PATCH", `/api/crm/contact/${ids.contact}`, users[lack], { values: { title: `Title ${lack}` } });
      await ok("PATCH", `/api/crm/inquiry/${ids.inquiry}`, users[lack], { values: { description: lack } });
      await ok("PATCH", `/api/custom_schema/${VENTURE}/${ids.venture}`, users[lack], {
        values: { name: NAMES.venture },
      });
    }
    // Then each loses its right.
    for (const lack of Object.keys(lacking) as Lack[]) await revoke(t.app.db, roleName(lack), lacking[lack], ["Read"]);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  /**
   * The paths of the matrix: what each is about ("links" reads the company–contact links as such), the rights it
   * needs to answer at all, and the markers an administrator finds in it (so that each path is seen to name them).
   */
  const paths = () => {
    const { company, contact, inquiry, todo, venture, note, document } = ids;
    type Path = { url: string; on: string; needs: string[]; shows: string[]; method?: Method; body?: object };
    const list: Path[] = [];
    /** A record's own paths; `shows` says what its record, history, timeline and connections name. */
    const ofRecord = (
      [schema, table, id]: [string, string, string],
      resource: string,
      on: string,
      shows: { record: string[]; history: string[]; activities: string[]; connections: string[] },
    ) => {
      const needs = [resource];
      list.push(
        { url: `/api/${schema}/${table}/${id}`, on, needs, shows: shows.record },
        { url: `/api/data_feed/${schema}/${table}?id==${id}&size=100`, on, needs, shows: shows.history },
        { url: `/api/activities/${schema}/${table}/${id}?size=100`, on, needs, shows: shows.activities },
        { url: `/api/data/connections/${schema}/${table}/${id}`, on, needs, shows: shows.connections },
        { url: `/api/data/from/${schema}/${table}/${id}/all_related_custom_entities`, on, needs, shows: [] },
        { url: `/api/notes/note/attached/${schema}/${table}/${id}`, on, needs: [...needs, "Note"], shows: [] },
        {
          url: `/api/documents/document/attached/${schema}/${table}/${id}`,
          on,
          needs: [...needs, "Document"],
          shows: [],
        },
        { url: `/api/iam/users/${schema}/${table}/${id}`, on, needs, shows: [] },
        { url: `/api/core/groups/${schema}/${table}/${id}`, on, needs, shows: [] },
        { url: `/api/overview_blocks/${schema}/${table}`, on, needs, shows: [] },
      );
    };
    const { company: firm, contactLast: person, inquiry: item, venture: custom } = NAMES;
    ofRecord(["crm", "company", company], "Company", "company", {
      record: [person, custom],
      history: [person, custom, item],
      activities: [person, custom, item],
      connections: [person, custom],
    });
    ofRecord(["crm", "contact", contact], "Contact", "contact", {
      record: [firm, custom],
      history: [firm, custom, item],
      activities: [firm, custom, item],
      connections: [firm, custom],
    });
    ofRecord(["crm", "inquiry", inquiry], "Inquiry", "inquiry", {
      record: [],
      history: [person, firm],
      activities: [person, firm],
      connections: [],
    });
    ofRecord(["crm", "todo", todo], "Todo", "todo", {
      record: [],
      history: [person, firm],
      activities: [person, firm],
      connections: [],
    });
    ofRecord(["custom_schema", VENTURE, venture], VENTURE, "venture", {
      record: [firm, person],
      history: [firm, person],
      activities: [firm, person],
      connections: [firm, person],
    });
    list.push(
      // Lists, with each row's connections.
      {
        url: "/api/crm/company?connections=true&q=acme%20vault",
        on: "company",
        needs: ["Company"],
        shows: [NAMES.contactLast],
      },
      {
        url: "/api/crm/contact?connections=true&q=hiddenberg",
        on: "contact",
        needs: ["Contact"],
        shows: [NAMES.company],
      },
      {
        url: `/api/custom_schema/${VENTURE}?connections=true`,
        on: "venture",
        needs: [VENTURE],
        shows: [NAMES.company],
      },
      // Tabs of a company's contacts and a contact's companies, and of their inquiries and to-dos.
      {
        url: `/api/data/from/crm/contact/of/company/${company}`,
        on: "links",
        needs: ["Company", "Contact", "CRM"],
        shows: [NAMES.contactLast],
      },
      {
        url: `/api/data/from/crm/company/of/contact/${contact}`,
        on: "links",
        needs: ["Company", "Contact", "CRM"],
        shows: [NAMES.company],
      },
      {
        url: `/api/crm/inquiry/of/company/${company}`,
        on: "company",
        needs: ["Company", "Inquiry"],
        shows: [NAMES.inquiry],
      },
      { url: `/api/crm/todo/of/contact/${contact}`, on: "contact", needs: ["Contact", "Todo"], shows: [NAMES.todo] },
      // An inquiry's and a to-do's contact and company.
      {
        url: `/api/crm/inquiry/${inquiry}/company_contact`,
        on: "inquiry",
        needs: ["Inquiry"],
        shows: [NAMES.contactLast, NAMES.company],
      },
      { url: `/api/crm/todo/${todo}/company_contact`, on: "todo", needs: ["Todo"], shows: [NAMES.contactLast] },
      // What notes and documents are attached to.
      {
        url: `/api/notes/note/${note}/attached_to`,
        on: "note",
        needs: ["Note"],
        shows: [NAMES.company, NAMES.venture],
      },
      { url: `/api/data_feed/notes/note?id==${note}`, on: "note", needs: ["Note"], shows: [] },
      {
        url: `/api/documents/document/${document}/attached_to`,
        on: "document",
        needs: ["Document"],
        shows: [NAMES.contactLast],
      },
      // The user's own: recent items and notifications.
      { url: "/api/me/recent?size=50", on: "user", needs: [], shows: [NAMES.company, NAMES.contactLast] },
      {
        url: "/api/notifications/notification/recent?size=50",
        on: "user",
        needs: [],
        // The administrator is told of nothing here; the users are (see below).
        shows: [],
      },
      // Dashboards: the widgets on a dashboard, a widget's data, on a record's tab, and its data source.
      { url: `/api/dashboards/core/view/${board.dashboard}`, on: "user", needs: [], shows: [NAMES.contactLast] },
      {
        url: `/api/dashboards/core/widget/${board.widget}/data`,
        method: "POST",
        body: {},
        on: "links",
        needs: ["Widget", "Company", "Contact", "CRM"],
        shows: [NAMES.contactLast],
      },
      {
        url: `/api/dashboards/core/view/${board.dashboard}/widgets/${board.widget}/company/${company}`,
        on: "links",
        needs: ["Widget", "Company", "Contact", "CRM"],
        shows: [NAMES.contactLast],
      },
      {
        url: `/api/dashboards/core/datasource/fields/${board.source}`,
        on: "links",
        needs: ["Datasource", "Company", "Contact", "CRM"],
        shows: [],
      },
      {
        url: "/api/advanced_search/run?page=0&size=100",
        method: "POST",
        body: {
          entities: [
            {
              schemaName: "crm",
              tableName: "company",
              selectedFields: [{ key: "name" }],
              filters: [{ field: "name", operation: "=", paramValue: NAMES.company }],
            },
            { schemaName: "crm", tableName: "contact", selectedFields: [{ key: "last_name" }] },
          ],
          joins: [{ schema1Name: "crm", table1Name: "company", schema2Name: "crm", table2Name: "contact" }],
        },
        on: "links",
        needs: ["Advanced_Search_Personal", "Company", "Contact", "CRM"],
        shows: [NAMES.contactLast],
      },
    );
    return list;
  };

  /** The markers a role may not be shown on a path: its entity's records, or for the CRM right, the links' other side. */
  const hiddenFrom = (lack: Lack, on: string): string[] => {
    const all = markers();
    if (lack !== "crm") return all[lacking[lack]];
    if (on === "company") return all.Contact;
    if (on === "contact") return all.Company;
    if (on === "links") return [...all.Company, ...all.Contact];
    return [];
  };

  it("names to an administrator what each path names, so that the matrix looks where names are", async () => {
    for (const path of paths()) {
      const response = await call(path.method ?? "GET", path.url, admin, path.body);
      expect(response.statusCode, `${path.url}: ${response.body}`).toBe(200);
      for (const marker of path.shows) expect(response.body, path.url).toContain(marker);
    }
  });

  for (const lack of Object.keys(lacking) as Lack[]) {
    it(`names nothing of what a role without ${lacking[lack]} read may not read, on every path`, async () => {
      const tokens = users[lack];
      for (const path of paths()) {
        const response = await call(path.method ?? "GET", path.url, tokens, path.body);
        const label = `${path.method ?? "GET"} ${path.url} without ${lacking[lack]} read`;
        if (path.needs.includes(lacking[lack])) {
          expect([403, 404], `${label}: ${response.body}`).toContain(response.statusCode);
        } else {
          expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
        }
        for (const marker of hiddenFrom(lack, path.on)) expect(response.body, label).not.toContain(marker);
      }
    });
  }

  it("exports no linked record's name a role may not read, and no company–contact link without the CRM right", {
    timeout: 180_000,
  }, async () => {
    const exports = [
      { url: "/api/crm/company/initiate_export?scope=listed&format=csv&q=acme%20vault&lang=en", on: "company" },
      { url: "/api/crm/contact/initiate_export?scope=listed&format=csv&q=hiddenberg&lang=en", on: "contact" },
      { url: `/api/custom_schema/${VENTURE}/initiate_export?format=csv&lang=en`, on: "venture" },
    ];
    for (const { url, on } of exports) {
      const asAdmin = await exported(url, admin);
      expect(asAdmin.status).toBe(200);
      for (const lack of Object.keys(lacking) as Lack[]) {
        const file = await exported(url, users[lack]);
        for (const marker of hiddenFrom(lack, on))
          expect(file.text, `${url} without ${lacking[lack]}`).not.toContain(marker);
      }
    }
  });

  it("hides the company–contact links without the CRM right wherever links show, and keeps the other links", async () => {
    const tokens = users.crm;
    const relationships = (await ok("GET", `/api/data/connections/crm/company/${ids.company}`, tokens)) as {
      linkTable: string;
      content: { rowName: string }[];
    }[];
    expect(relationships.map((r) => r.linkTable)).not.toContain("company_has_contact");
    expect(relationships.flatMap((r) => r.content.map((linked) => linked.rowName))).toEqual([NAMES.venture]);
    const record = await ok("GET", `/api/crm/contact/${ids.contact}`, tokens);
    expect(record.connections.map((c: any) => c.rowName)).toEqual([NAMES.venture]);
    expect(record.favoriteConnections.map((c: any) => c.rowName)).toEqual([NAMES.venture]);
    const rows = (await ok("GET", "/api/crm/contact?connections=true&q=hiddenberg", tokens)).content;
    expect(rows.map((row: any) => row.connections.map((c: any) => c.rowName))).toEqual([[NAMES.venture]]);
    // The advanced search offers no join through them, and refuses one.
    const catalog = await ok("GET", "/api/advanced_search/entities", tokens);
    const joins = catalog.relationships.map((r: any) => `${r.table1Name}-${r.table2Name}`);
    expect(joins).not.toContain("company-contact");
    expect(joins).toContain(`${VENTURE}-company`);
    // With the right back, all of it shows again.
    await grant(t.app.db, roleName("crm"), "CRM", ["Read"]);
    try {
      const again = await ok("GET", `/api/crm/contact/${ids.contact}`, tokens);
      expect(again.connections.map((c: any) => c.rowName).sort()).toEqual([NAMES.company, NAMES.venture].sort());
    } finally {
      await revoke(t.app.db, roleName("crm"), "CRM", ["Read"]);
    }
  });

  it("keeps a hidden link's place in the history: it says a connection was added, not to what", async () => {
    const feed = await ok("GET", `/api/data_feed/crm/company?id==${ids.company}&size=100`, users.contact);
    const links = feed.content.filter((entry: any) => entry.action === "link");
    // The contact's, the venture's, the inquiry's and the to-do's links; only the contact's is not named.
    expect(links).toHaveLength(4);
    const named = links.map((entry: any) => entry.changes.find((c: any) => c.key === "connection")?.after ?? null);
    expect(named.filter((name: unknown) => name === null)).toHaveLength(1);
    expect(named).toEqual(expect.arrayContaining([NAMES.venture, NAMES.inquiry, NAMES.todo]));
    for (const entry of links) expect(entry.changes.map((c: any) => c.key)).not.toContain("$named");
  });

  it("shows a link entry written before entries said what they name only to whoever may read all it could name", async () => {
    const adminId = (await ok("GET", "/api/me/info")).uuid;
    await t.app.db
      .insertInto("core.transaction")
      .values({
        schema_key: "crm",
        table_key: "company",
        record_id: ids.company,
        action: "link",
        actor_id: adminId,
        before: null,
        after: JSON.stringify({ connection: "Legacy Hiddenberg", role: "owner" }),
      })
      .execute();
    const employee = await signIn(t.app, "employee@example.com");
    const url = `/api/data_feed/crm/company?id==${ids.company}&size=100`;
    expect((await call("GET", url, employee)).body).toContain("Legacy Hiddenberg");
    // A company's links may name contacts (through the CRM's links), inquiries, to-dos and ventures.
    for (const lack of Object.keys(lacking) as Lack[]) {
      if (lack === "company") continue;
      expect((await call("GET", url, users[lack])).body, lack).not.toContain("Legacy Hiddenberg");
    }
  });

  it("names a notification's record only while its entity may be read", async () => {
    const told = (await ok("GET", "/api/notifications/notification/recent?size=50", users.contact)).content;
    const about = (table: string) => told.filter((n: any) => n.record.tableKey === table).map((n: any) => n.record);
    // Assigned to both, and told of the others' changes to them.
    expect(about("contact").length).toBeGreaterThan(0);
    for (const record of about("contact")) expect(record).toMatchObject({ uuidKey: "", name: "", readable: false });
    expect(about("company").length).toBeGreaterThan(0);
    for (const record of about("company")) {
      expect(record).toMatchObject({ uuidKey: ids.company, name: NAMES.company, readable: true });
    }
  });
});

/** Who holds which role is shown only to those who may read the settings (spec §6 "Who holds which role is not shown"). */
describe(`users' roles, on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;

  const call = (method: Method, url: string, tokens: Tokens = admin, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("leaves a user's role out for whoever may read users but not the settings, on every user endpoint", async () => {
    const list = await call("GET", "/api/iam/users/employees?size=50", employee);
    expect(list.statusCode).toBe(200);
    const rita = list.json().content.find((user: any) => user.email === "readonly@example.com");
    for (const user of list.json().content) {
      expect(user).not.toHaveProperty("role");
      expect(user).not.toHaveProperty("companyAdmin");
    }
    const one = await call("GET", `/api/iam/users/employees/${rita.uuid}`, employee);
    expect(one.statusCode).toBe(200);
    expect(one.json()).not.toHaveProperty("role");
    expect(one.json()).not.toHaveProperty("companyAdmin");
    expect(one.body).not.toContain("Read-only");
    // Nor does filtering by a role tell who holds it.
    const roles = (await call("GET", "/api/iam/roles", admin)).json();
    const readOnlyRole = roles.find((role: any) => role.name === "Read-only").uuid;
    const filtered = await call("GET", `/api/iam/users/employees?role=${readOnlyRole}`, employee);
    expect(filtered.statusCode).toBe(403);
    expect(filtered.json().exceptionName).toBe("AccessDeniedException");

    // A change of role is in the user's history for the settings' readers, and left out for the others.
    const employeeRole = roles.find((role: any) => role.name === "Employee").uuid;
    const changed = await call("PUT", `/api/iam/users/employees/${rita.uuid}`, admin, {
      firstName: "Rita",
      lastName: "Reader",
      roleUuid: employeeRole,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ role: { name: "Employee" }, companyAdmin: false });
    const history = (tokens: Tokens) => call("GET", `/api/iam/users/employees/${rita.uuid}/history`, tokens);
    expect((await history(admin)).json().content[0].changes).toEqual([
      { key: "role", before: "Read-only", after: "Employee" },
    ]);
    const theirs = await history(employee);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().content[0].changes).toEqual([]);
    expect(theirs.body).not.toContain("Read-only");

    // Whoever may change users but not see roles changes the rest, and the role stays.
    await grant(t.app.db, "Employee", "Users", ["Update"]);
    try {
      const renamed = await call("PUT", `/api/iam/users/employees/${rita.uuid}`, employee, {
        firstName: "Rita",
        lastName: "Leser",
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ lastName: "Leser" });
      expect(renamed.json()).not.toHaveProperty("role");
      expect((await call("GET", `/api/iam/users/employees/${rita.uuid}`)).json()).toMatchObject({
        lastName: "Leser",
        role: { name: "Employee" },
      });
    } finally {
      await revoke(t.app.db, "Employee", "Users", ["Update"]);
    }
  });
});
