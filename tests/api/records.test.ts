import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  entityInfoSchema,
  recordPageSchema,
  recordSchema,
  transactionPageSchema,
} from "../../server/contract/records.ts";
import { loadEntity } from "../../server/records/metadata.repository.ts";
import { buildListAnchors, listAnchorsVersion } from "../../server/records/records.repository.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

describe(`generic records for companies and contacts on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let readOnly: Tokens;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    [admin, employee, readOnly] = [
      await signIn(t.app, "admin@example.com"),
      await signIn(t.app, "employee@example.com"),
      await signIn(t.app, "readonly@example.com"),
    ];
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, tokens: Tokens, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });
  const create = (entity: string, values: Record<string, unknown>, tokens = employee) =>
    call("POST", `/api/crm/${entity}`, tokens, { values });
  const errorsOf = (response: { json(): any }) =>
    Object.fromEntries((response.json().errors ?? []).map((e: any) => [e.field, e.defaultMessage]));

  it("describes an entity's fields from metadata", async () => {
    const info = entityInfoSchema.parse((await call("GET", "/api/crm/company/info", readOnly)).json());
    expect(info.labelNb).toBe("Firma");
    const name = info.fields.find((field) => field.key === "name")!;
    expect(name).toMatchObject({ type: "Text", required: true, partOfName: true, searchable: true, builtIn: true });
    expect(info.fields.map((field) => field.key)).toEqual(
      expect.arrayContaining(["organisation_number", "email", "phone", "website", "city", "industry", "employees"]),
    );
  });

  it("pages the seeded companies with a total, sorted by name", async () => {
    const first = recordPageSchema.parse((await call("GET", "/api/crm/company", readOnly)).json());
    expect(first.totalElements).toBeGreaterThanOrEqual(60);
    expect(first.content).toHaveLength(25);
    expect(first.page).toBe(0);
    const last = recordPageSchema.parse((await call("GET", "/api/crm/company?page=2&size=25", readOnly)).json());
    expect(last.content).toHaveLength(first.totalElements - 50);

    const all = recordPageSchema.parse((await call("GET", "/api/crm/company?size=200", readOnly)).json());
    const reversed = recordPageSchema.parse(
      (await call("GET", "/api/crm/company?size=200&sort=name,desc", readOnly)).json(),
    );
    expect(reversed.content.map((r) => r.uuid)).toEqual(all.content.map((r) => r.uuid).reverse());
    expect(all.content[0].rowName).toBe(all.content[0].values.name);

    const contacts = recordPageSchema.parse((await call("GET", "/api/crm/contact", readOnly)).json());
    expect(contacts.totalElements).toBeGreaterThanOrEqual(150);
    expect((await call("GET", "/api/crm/company?sort=nope,asc", readOnly)).statusCode).toBe(400);
    expect((await call("GET", "/api/crm/company?size=201", readOnly)).statusCode).toBe(400);
  });

  it("searches case- and accent-insensitively from three characters, and filters", async () => {
    // The standard entities search their stored search_text, not each field.
    for (const table of ["company", "contact"])
      expect((await loadEntity(t.app.db, "crm", table))?.searchText).toBe(true);
    const created = await create("company", { name: "Ærlig Café Østfold AS", city: "Fredrikstad" });
    expect(created.statusCode).toBe(201);
    for (const q of ["cafe", "CAFÉ", "ostfold", "  aerlig  "]) {
      const page = recordPageSchema.parse(
        (await call("GET", `/api/crm/company?q=${encodeURIComponent(q)}`, readOnly)).json(),
      );
      expect(page.content.map((r) => r.values.name)).toContain("Ærlig Café Østfold AS");
    }
    const short = recordPageSchema.parse((await call("GET", "/api/crm/company?q=%C3%A6r", readOnly)).json());
    expect(short.totalElements).toBeGreaterThan(1);
    const filtered = recordPageSchema.parse(
      (await call("GET", "/api/crm/company?filter.city=fredrikstad&size=200", readOnly)).json(),
    );
    expect(filtered.content.length).toBeGreaterThan(0);
    expect(filtered.content.every((r) => r.values.city === "Fredrikstad")).toBe(true);
    const percent = recordPageSchema.parse((await call("GET", "/api/crm/company?q=%25%25%25", readOnly)).json());
    expect(percent.totalElements).toBe(0);
  });

  it("creates, reads, replaces, patches and deletes a record", async () => {
    const created = recordSchema.parse(
      (
        await create("company", {
          name: "  Trimmed Name AS  ",
          website: "www.trimmed.example",
          employees: "1 200",
          industry: "construction",
        })
      ).json(),
    );
    expect(created.values).toMatchObject({
      name: "Trimmed Name AS",
      website: "https://www.trimmed.example",
      employees: 1200,
    });
    const url = `/api/crm/company/${created.uuid}`;
    expect(recordSchema.parse((await call("GET", url, readOnly)).json()).values.name).toBe("Trimmed Name AS");

    const replaced = await call("PUT", url, employee, { values: { name: "Replaced AS" } });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().values).toMatchObject({ name: "Replaced AS", website: null, employees: null });

    const patched = await call("PATCH", url, employee, { values: { city: "Bergen" } });
    expect(patched.json().values).toMatchObject({ name: "Replaced AS", city: "Bergen" });

    expect((await call("DELETE", url, employee)).statusCode).toBe(204);
    expect((await call("GET", url, readOnly)).statusCode).toBe(404);
    expect((await call("DELETE", url, employee)).statusCode).toBe(404);
  });

  it("checks every field type with the product's messages", async () => {
    const bad = await create("company", {
      name: "x".repeat(256),
      email: "not-an-email",
      website: "not a url",
      employees: 10_000_000_000,
      industry: "no-such-industry",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().exceptionName).toBe("MethodArgumentNotValidException");
    expect(errorsOf(bad)).toEqual({
      name: "Max 255 limit",
      email: "Must be an email",
      website: "Must be a valid URL",
      employees: "Max limit 9,999,999,999",
      industry: "Must be one of the options",
    });
    expect(bad.json().errors[0].objectName).toBe("record");

    expect(errorsOf(await create("company", { name: "   " }))).toEqual({ name: "Required" });
    expect(errorsOf(await create("company", { name: "Ok", employees: "many" }))).toEqual({ employees: "Required" });
    expect(errorsOf(await create("company", { name: "Ok", website: `https://e.com/${"a".repeat(1000)}` }))).toEqual({
      website: "Max 1000 limit",
    });

    expect(
      errorsOf(await create("contact", { first_name: "Kari", last_name: "Nordmann", birth_date: "2999-01-01" })),
    ).toEqual({
      birth_date: "Must be a past date",
    });
    const invalidDate = await create("contact", {
      first_name: "Kari",
      last_name: "Nordmann",
      birth_date: "1990-02-30",
    });
    expect(invalidDate.statusCode).toBe(201);
    expect(invalidDate.json().values.birth_date).toBeNull();
    const goodDate = await create("contact", { first_name: "Åse", last_name: "Ødegård", birth_date: "1984-07-09" });
    expect(goodDate.json().values.birth_date).toBe("1984-07-09");
    expect(goodDate.json().rowName).toBe("Åse Ødegård");
  });

  it("refuses a duplicate value in a unique field", async () => {
    expect((await create("company", { name: "Unique One AS", organisation_number: "923609016" })).statusCode).toBe(201);
    const duplicate = await create("company", { name: "Unique Two AS", organisation_number: "923609016" });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ exceptionName: "DuplicateValueException", message: "923609016" });
  });

  it("answers every one of ten concurrent creates of one unique value but the first with DuplicateValueException", async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        create("company", { name: `Race ${index} AS`, organisation_number: "914778271" }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toMatchObject({
        exceptionName: "DuplicateValueException",
        message: "914778271",
        errors: [{ field: "organisation_number", defaultMessage: "914778271 already exist" }],
      });
    }
  });

  it("refuses a NUL character in text, search and filters with a field error instead of failing", async () => {
    const text = await create("company", { name: "Nul\u0000AS" });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      exceptionName: "MethodArgumentNotValidException",
      errors: [{ field: "values.name", defaultMessage: "Must not contain a null character", objectName: "body" }],
    });
    for (const query of ["q=ab%00c", "filter.city=Oslo%00", "sort=name%00"]) {
      const list = await call("GET", `/api/crm/company?${query}`, readOnly);
      expect(list.statusCode, query).toBe(400);
      expect(list.json().errors[0].defaultMessage).toBe("Must not contain a null character");
    }
    expect((await call("GET", "/api/crm/company/abc%00", readOnly)).statusCode).toBe(400);
  });

  it("limits LongText to 100,000 characters unless the field says otherwise", async () => {
    const long = await create("company", { name: "Long Text AS", description: "x".repeat(100_001) });
    expect(long.statusCode).toBe(400);
    expect(errorsOf(long)).toEqual({ description: "Max 100000 limit" });
    expect((await create("company", { name: "Long Text AS", description: "x".repeat(100_000) })).statusCode).toBe(201);
  });

  it("returns only the asked fields of a list, with the name's fields", async () => {
    const page = recordPageSchema.parse((await call("GET", "/api/crm/contact?fields=email,city", readOnly)).json());
    expect(Object.keys(page.content[0].values).sort()).toEqual(["city", "email", "first_name", "last_name"]);
    expect(page.content[0].rowName).not.toBe("");
    const unknown = await call("GET", "/api/crm/contact?fields=email,nope", readOnly);
    expect(unknown.statusCode).toBe(400);
  });

  it("writes history for create, update and delete, newest first", async () => {
    const created = (await create("contact", { first_name: "Hist", last_name: "Orik" })).json();
    await call("PATCH", `/api/crm/contact/${created.uuid}`, employee, { values: { title: "CFO" } });
    await call("PATCH", `/api/crm/contact/${created.uuid}`, employee, { values: { title: "CFO" } });
    await call("PATCH", `/api/crm/contact/${created.uuid}`, employee, { values: { title: "CEO" } });

    const feed = transactionPageSchema.parse(
      (await call("GET", `/api/data_feed/crm/contact?id==${created.uuid}`, readOnly)).json(),
    );
    expect(feed.size).toBe(25);
    expect(feed.content.map((row) => row.action)).toEqual(["update", "update", "create"]);
    expect(feed.content[0].changes).toEqual([{ key: "title", before: "CFO", after: "CEO" }]);
    expect(feed.content[0].actor).toMatchObject({ firstName: "Erik", lastName: "Nordmann" });

    await call("DELETE", `/api/crm/contact/${created.uuid}`, employee);
    const afterDelete = transactionPageSchema.parse(
      (await call("GET", `/api/data_feed/crm/contact?id=${created.uuid}&size=1`, readOnly)).json(),
    );
    expect(afterDelete.totalElements).toBe(4);
    expect(afterDelete.content[0].action).toBe("delete");
  });

  it("answers each seeded role × operation × entity as the role allows", async () => {
    const roles = { admin, employee, readOnly } as const;
    const allowed = {
      admin: { create: true, read: true, update: true, delete: true },
      employee: { create: true, read: true, update: true, delete: true },
      readOnly: { create: false, read: true, update: false, delete: false },
    } as const;
    const valuesOf: Record<string, Record<string, unknown>> = {
      company: { name: "Matrix AS" },
      contact: { first_name: "Ma", last_name: "Trix" },
      inquiry: { title: "Matrix inquiry" },
      todo: { title: "Matrix to-do" },
    };
    for (const [entity, values] of Object.entries(valuesOf)) {
      for (const [role, tokens] of Object.entries(roles) as [keyof typeof roles, Tokens][]) {
        const expectations = allowed[role];
        const target = (await create(entity, values, admin)).json();
        const url = `/api/crm/${entity}/${target.uuid}`;
        const statuses = {
          create: (await create(entity, values, tokens)).statusCode,
          read: (await call("GET", url, tokens)).statusCode,
          list: (await call("GET", `/api/crm/${entity}`, tokens)).statusCode,
          update: (await call("PUT", url, tokens, { values })).statusCode,
          patch: (await call("PATCH", url, tokens, { values: {} })).statusCode,
          delete: (await call("DELETE", url, tokens)).statusCode,
        };
        expect(statuses, `${role} on ${entity}`).toEqual({
          create: expectations.create ? 201 : 403,
          read: 200,
          list: 200,
          update: expectations.update ? 200 : 403,
          patch: expectations.update ? 200 : 403,
          delete: expectations.delete ? 204 : 403,
        });
      }
    }
  });

  it("enforces each role's permissions on every operation, without leaks", async () => {
    const target = (await create("company", { name: "Permission Target AS" }, admin)).json();
    for (const entity of ["company", "contact"]) {
      const values = entity === "company" ? { name: "Denied AS" } : { first_name: "De", last_name: "Nied" };
      expect((await call("GET", `/api/crm/${entity}`, readOnly)).statusCode).toBe(200);
      expect((await create(entity, values, readOnly)).statusCode).toBe(403);
      expect((await create(entity, values, employee)).statusCode).toBe(201);
      expect((await create(entity, values, admin)).statusCode).toBe(201);
    }
    const url = `/api/crm/company/${target.uuid}`;
    for (const method of ["PUT", "PATCH"] as const) {
      const denied = await call(method, url, readOnly, { values: { name: "Changed" } });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toMatchObject({
        exceptionName: "AccessDeniedException",
        message: "Operation not permitted",
      });
    }
    expect((await call("DELETE", url, readOnly)).statusCode).toBe(403);
    expect((await call("GET", url, readOnly)).json().values.name).toBe("Permission Target AS");

    // A company's id asked for as a contact, a malformed id, an unknown entity: all simply not found.
    expect((await call("GET", `/api/crm/contact/${target.uuid}`, admin)).statusCode).toBe(404);
    expect((await call("GET", "/api/crm/company/not-a-uuid", admin)).statusCode).toBe(404);
    expect((await call("GET", "/api/crm/nothing", admin)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/crm/company" })).statusCode).toBe(401);
  });
});

describe(`statuses and company–contact links on ${testDatabase}`, () => {
  let t: TestApp;
  let employee: Tokens;
  let readOnly: Tokens;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    employee = await signIn(t.app, "employee@example.com");
    readOnly = await signIn(t.app, "readonly@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, tokens: Tokens, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });

  it("keeps list totals exact through creates, status changes and deletes", async () => {
    const statuses = (await call("GET", "/api/metastatus/crm/company", readOnly)).json();
    const [prospect, customer] = ["prospect", "customer"].map(
      (key) => statuses.find((s: any) => s.key === key).metaStatusId as string,
    );
    const totals = async () => {
      const total = async (query: string) =>
        recordPageSchema.parse((await call("GET", `/api/crm/company?size=1${query}`, readOnly)).json()).totalElements;
      return {
        all: await total(""),
        prospect: await total(`&statusId=${prospect}`),
        customer: await total(`&statusId=${customer}`),
      };
    };
    const counted = async () => {
      const rows = await t.app.db
        .selectFrom("crm.company" as any)
        .select(["status_id", (eb: any) => eb.fn.countAll().as("n")])
        .groupBy("status_id")
        .execute();
      const of = (id: string) => Number(rows.find((row: any) => row.status_id === id)?.n ?? 0);
      return {
        all: rows.reduce((sum: number, row: any) => sum + Number(row.n), 0),
        prospect: of(prospect),
        customer: of(customer),
      };
    };
    const before = await totals();
    expect(before).toEqual(await counted());

    const created = await Promise.all(
      ["Count One AS", "Count Two AS", "Count Three AS"].map(async (name) =>
        (await call("POST", "/api/crm/company", employee, { values: { name } })).json(),
      ),
    );
    await call("PATCH", `/api/crm/company/${created[0].uuid}`, employee, { values: {}, statusId: customer });
    await call("PATCH", `/api/crm/company/${created[1].uuid}`, employee, { values: { city: "Oslo" } });
    expect((await call("DELETE", `/api/crm/company/${created[2].uuid}`, employee)).statusCode).toBe(204);

    const after = await totals();
    expect(after).toEqual({ all: before.all + 2, prospect: before.prospect + 1, customer: before.customer + 1 });
    expect(after).toEqual(await counted());
  });

  it("gives new records the default status and accepts only the entity's statuses", async () => {
    const statuses = (await call("GET", "/api/metastatus/crm/company", readOnly)).json();
    expect(statuses.map((s: any) => s.nameNb)).toEqual(["Prospekt", "Kunde", "Partner", "Tidligere kunde"]);
    const fallback = (await call("GET", "/api/metastatus/default/crm/company", readOnly)).json();
    expect(fallback.nameEn).toBe("Prospect");

    const created = (await call("POST", "/api/crm/company", employee, { values: { name: "Status Test AS" } })).json();
    expect(statuses.find((s: any) => s.metaStatusId === created.statusId)?.key, JSON.stringify(fallback)).toBe(
      "prospect",
    );
    expect(created.statusId).toBe(fallback.metaStatusId);
    const customer = statuses.find((s: any) => s.key === "customer");
    const changed = await call("PATCH", `/api/crm/company/${created.uuid}`, employee, {
      values: {},
      statusId: customer.metaStatusId,
    });
    expect(changed.json().statusId).toBe(customer.metaStatusId);
    expect((await call("GET", `/api/metastatus/crm/company/${created.uuid}/get`, readOnly)).json().nameEn).toBe(
      "Customer",
    );

    const contactStatus = (await call("GET", "/api/metastatus/default/crm/contact", readOnly)).json();
    const wrong = await call("PATCH", `/api/crm/company/${created.uuid}`, employee, {
      values: {},
      statusId: contactStatus.metaStatusId,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ field: "statusId" });
  });

  it("links a contact to a company with a required role, once, and records it in both histories", async () => {
    const company = (await call("POST", "/api/crm/company", employee, { values: { name: "Link Test AS" } })).json();
    const contact = (
      await call("POST", "/api/crm/contact", employee, { values: { first_name: "Lina", last_name: "Link" } })
    ).json();
    const link = (role?: string) =>
      call("POST", "/api/data/links/custom_schema_relationship/company_has_contact", employee, {
        id1: company.uuid,
        id2: contact.uuid,
        role,
      });

    const noRole = await link();
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().errors).toEqual([{ field: "role", defaultMessage: "Required", objectName: "connection" }]);
    expect((await link("janitor")).json().errors[0].defaultMessage).toBe("Must be one of the options");

    const created = await link("board_member");
    expect(created.statusCode).toBe(201);
    const duplicate = await link("employee");
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      exceptionName: "DataAlreadyConnectedException",
      message: "Connection already exists.",
    });
    expect(
      (
        await call("POST", "/api/data/links/custom_schema_relationship/company_has_contact", readOnly, {
          id1: company.uuid,
          id2: contact.uuid,
          role: "owner",
        })
      ).statusCode,
    ).toBe(403);

    const contacts = (await call("GET", `/api/data/from/crm/contact/of/company/${company.uuid}`, readOnly)).json();
    expect(contacts.totalElements).toBe(1);
    expect(contacts.content[0]).toMatchObject({ link: { role: "board_member" }, record: { rowName: "Lina Link" } });
    const companies = (await call("GET", `/api/data/from/crm/company/of/contact/${contact.uuid}`, readOnly)).json();
    expect(companies.content[0].record.rowName).toBe("Link Test AS");
    const detail = (await call("GET", `/api/crm/company/${company.uuid}`, readOnly)).json();
    expect(detail.connections).toEqual([
      { schemaKey: "crm", tableKey: "contact", rowName: "Lina Link", uuidKey: contact.uuid },
    ]);

    const contactFeed = (await call("GET", `/api/data_feed/crm/contact?id=${contact.uuid}`, readOnly)).json();
    expect(contactFeed.content[0]).toMatchObject({
      action: "link",
      changes: expect.arrayContaining([{ key: "connection", before: null, after: "Link Test AS" }]),
    });

    expect(
      (
        await call(
          "DELETE",
          `/api/data/links/custom_schema_relationship/company_has_contact/${created.json().uuid}`,
          employee,
        )
      ).statusCode,
    ).toBe(204);
    expect(
      (await call("GET", `/api/data/from/crm/contact/of/company/${company.uuid}`, readOnly)).json().totalElements,
    ).toBe(0);
    const companyFeed = (await call("GET", `/api/data_feed/crm/company?id=${company.uuid}`, readOnly)).json();
    expect(companyFeed.content.map((row: any) => row.action)).toEqual(["unlink", "link", "create"]);
  });

  it("removes a deleted record's links and notes it on the other side", async () => {
    const company = (await call("POST", "/api/crm/company", employee, { values: { name: "Doomed AS" } })).json();
    const contact = (
      await call("POST", "/api/crm/contact", employee, { values: { first_name: "Stay", last_name: "Put" } })
    ).json();
    await call("POST", "/api/data/links/custom_schema_relationship/company_has_contact", employee, {
      id1: company.uuid,
      id2: contact.uuid,
      role: "employee",
    });
    expect((await call("DELETE", `/api/crm/company/${company.uuid}`, employee)).statusCode).toBe(204);
    expect(
      (await call("GET", `/api/data/from/crm/company/of/contact/${contact.uuid}`, readOnly)).json().totalElements,
    ).toBe(0);
    const feed = (await call("GET", `/api/data_feed/crm/contact?id=${contact.uuid}`, readOnly)).json();
    expect(feed.content[0]).toMatchObject({
      action: "unlink",
      changes: expect.arrayContaining([{ key: "connection", before: "Doomed AS", after: null }]),
    });
  });

  it("seeds demo links with roles", async () => {
    const page = (await call("GET", "/api/crm/company?size=1", readOnly)).json();
    const linked = (
      await call("GET", `/api/data/from/crm/contact/of/company/${page.content[0].uuid}`, readOnly)
    ).json();
    expect(linked.totalElements).toBeGreaterThan(0);
    expect(typeof linked.content[0].link.role).toBe("string");
  });

  it("names each listed record's linked records when a list asks for them", async () => {
    const contacts = (await call("GET", "/api/crm/contact?size=50&connections=true", readOnly)).json();
    const withCompany = contacts.content.filter((contact: any) => contact.connections.length > 0);
    expect(withCompany.length).toBeGreaterThan(0);
    const [connection] = withCompany[0].connections;
    expect(connection).toMatchObject({ schemaKey: "crm", tableKey: "company" });
    const company = (await call("GET", `/api/crm/company/${connection.uuidKey}`, readOnly)).json();
    expect(connection.rowName).toBe(company.rowName);
    const plain = (await call("GET", "/api/crm/contact?size=50", readOnly)).json();
    expect(plain.content.every((contact: any) => contact.connections.length === 0)).toBe(true);
  });
});

describe(`the remaining field types through the API on ${testDatabase}`, () => {
  let t: TestApp;
  let employee: Tokens;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    employee = await signIn(t.app, "employee@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (entity: string, values: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: `/api/crm/${entity}`,
      headers: bearer(employee.access_token),
      payload: { values },
    });
  const errorsOf = (response: { json(): any }) =>
    Object.fromEntries((response.json().errors ?? []).map((e: any) => [e.field, e.defaultMessage]));

  it("stores Percent as a fraction and refuses what is not a number", async () => {
    const ok = await post("company", { name: "Percent AS", discount: 0.125 });
    expect(ok.json().values.discount).toBe(0.125);
    expect(errorsOf(await post("company", { name: "Percent AS", discount: "ten" }))).toEqual({
      discount: "Must be a number",
    });
    expect((await post("company", { name: "Percent AS", discount: "" })).json().values.discount).toBeNull();
  });

  it("takes MultiSelect as an array or the bracketed text, only from its options", async () => {
    expect((await post("company", { name: "Multi AS", segments: ["smb", "partner"] })).json().values.segments).toEqual([
      "smb",
      "partner",
    ]);
    expect(
      (await post("company", { name: "Multi AS", segments: "[enterprise, public]" })).json().values.segments,
    ).toEqual(["enterprise", "public"]);
    expect(errorsOf(await post("company", { name: "Multi AS", segments: ["nope"] }))).toEqual({
      segments: "Must be one of the options",
    });
    expect((await post("company", { name: "Multi AS", segments: null })).json().values.segments).toBeNull();
  });

  it("keeps Bool, DateTime, Phone and LongText", async () => {
    const created = await post("contact", {
      first_name: "Type",
      last_name: "Tester",
      newsletter: "on",
      last_contacted_at: "2026-11-20T09:30:00Z",
      mobile: " +47 912 34 567 ",
      description: "Line one\nLine two",
    });
    expect(created.json().values).toMatchObject({
      newsletter: true,
      last_contacted_at: "2026-11-20T09:30:00.000Z",
      mobile: "+47 912 34 567",
      description: "Line one\nLine two",
    });
    expect(errorsOf(await post("contact", { first_name: "P", last_name: "Q", mobile: "9".repeat(256) }))).toEqual({
      mobile: "Max 255 limit",
    });
    const invalid = await post("contact", { first_name: "P", last_name: "Q", last_contacted_at: "not a time" });
    expect(invalid.json().values.last_contacted_at).toBeNull();
  });
});

describe(`lists of many records on ${testDatabase}`, () => {
  let t: TestApp;
  let reader: Tokens;
  const BULK = 20_050;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    reader = await signIn(t.app, "readonly@example.com");
    await sql`insert into crm.company (name, city)
      select 'Bulk ' || lpad(i::text, 6, '0') || case when i % 3 = 0 then ' Æsj' else '' end, 'Oslo'
      from generate_series(1, ${BULK}) as i`.execute(t.app.db);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query: string) => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/crm/company?${query}`,
      headers: bearer(reader.access_token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return recordPageSchema.parse(response.json());
  };
  const namesInOrder = async (direction: "asc" | "desc", offset: number, limit: number) =>
    (
      await sql<{ name: string }>`select name from crm.company
        order by lower(name) ${sql.raw(direction)}, id ${sql.raw(direction)} offset ${offset} limit ${limit}`.execute(
        t.app.db,
      )
    ).rows.map((row) => row.name);

  it("reads deep pages in the right order from either end, with the exact total", async () => {
    const { rows } = await sql<{ total: number }>`select count(*) as total from crm.company`.execute(t.app.db);
    const total = Number(rows[0].total);
    const lastPage = Math.ceil(total / 25) - 1;
    for (const [page, direction] of [
      [lastPage - 3, "asc"],
      [lastPage, "asc"],
      [500, "asc"],
      [lastPage - 1, "desc"],
      [1, "desc"],
    ] as const) {
      const result = await list(`page=${page}&size=25&sort=name,${direction}`);
      expect(result).toMatchObject({ totalElements: total, totalExact: true });
      expect(
        result.content.map((record) => record.values.name),
        `page ${page} ${direction}`,
      ).toEqual(await namesInOrder(direction, page * 25, 25));
    }
    expect((await list(`page=${lastPage + 5}&size=25`)).content).toEqual([]);
  });

  it("reads deep pages from noted anchors, and walks again as soon as a write outdates them", async () => {
    const entity = (await loadEntity(t.app.db, "crm", "company"))!;
    const byName = { sort: [{ key: "name", direction: "asc" as const }] };
    const deepPages = async () => {
      const { rows } = await sql<{ total: number }>`select count(*) as total from crm.company`.execute(t.app.db);
      const lastPage = Math.ceil(Number(rows[0].total) / 25) - 1;
      for (const [page, direction] of [
        [400, "asc"],
        [lastPage - 1, "asc"],
        [lastPage, "asc"],
        [401, "desc"],
        [lastPage, "desc"],
      ] as const) {
        const result = await list(`page=${page}&size=25&sort=name,${direction}`);
        expect(
          result.content.map((record) => record.values.name),
          `page ${page} ${direction}`,
        ).toEqual(await namesInOrder(direction, page * 25, 25));
      }
    };

    await buildListAnchors(t.app.db, entity, byName);
    const builtAt = Date.now();
    const noted = listAnchorsVersion(t.app.db, entity, byName);
    expect(noted).toBeGreaterThan(0);
    await deepPages();

    // A name at the start moves every later row one place: anchors noted before it would put pages off by one. The
    // clock stands where the anchors were built, so however slow the run, no rebuild is due yet and pages must walk.
    vi.useFakeTimers({ toFake: ["Date"], now: builtAt });
    try {
      await sql`insert into crm.company (name) values ('Aaaa first of all')`.execute(t.app.db);
      await deepPages();
      expect(listAnchorsVersion(t.app.db, entity, byName)).toBe(noted);
    } finally {
      vi.useRealTimers();
    }

    await buildListAnchors(t.app.db, entity, byName);
    expect(listAnchorsVersion(t.app.db, entity, byName)).toBeGreaterThan(noted!);
    await deepPages();
  });

  it("reads a custom entity's deep pages from anchors too, and walks while a row has no name", async () => {
    const admin = await signIn(t.app);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/custom_entities",
      headers: bearer(admin.access_token),
      payload: {
        key: "asset",
        labelEn: "Asset",
        labelNb: "Eiendel",
        pluralEn: "Assets",
        pluralNb: "Eiendeler",
        icon: "briefcase",
        fields: [
          { key: "name", labelEn: "Name", labelNb: "Navn", type: "Text", required: true, partOfName: true },
          { key: "note", labelEn: "Note", labelNb: "Notat", type: "Text" },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    await sql`insert into custom_schema.asset (name)
      select 'Asset ' || lpad(i::text, 5, '0') from generate_series(1, 12600) as i`.execute(t.app.db);
    const entity = (await loadEntity(t.app.db, "custom_schema", "asset"))!;
    const byName = { sort: [{ key: "name", direction: "asc" as const }] };
    const pages = async () => {
      // Past the first 10,000 rows, where deep pages are read from anchors.
      for (const page of [410, 503]) {
        const response = await t.app.inject({
          method: "GET",
          url: `/api/custom_schema/asset?page=${page}&size=25&sort=name,asc`,
          headers: bearer(admin.access_token),
        });
        const { rows } = await sql<{ name: string | null }>`select name from custom_schema.asset
          order by lower(name), id offset ${page * 25} limit 25`.execute(t.app.db);
        expect(
          recordPageSchema.parse(response.json()).content.map((record) => record.values.name),
          `page ${page}`,
        ).toEqual(rows.map((row) => row.name));
      }
    };

    await buildListAnchors(t.app.db, entity, byName);
    expect(listAnchorsVersion(t.app.db, entity, byName)).toBeGreaterThan(0);
    await pages();

    // The table allows a null name (a field may become required after records exist): no anchors then.
    await sql`insert into custom_schema.asset (name) values (null)`.execute(t.app.db);
    await buildListAnchors(t.app.db, entity, byName);
    expect(listAnchorsVersion(t.app.db, entity, byName)).toBeUndefined();
    await pages();
  });

  it("counts a search's matches only to a round thousand past the page, and says so", async () => {
    const first = await list("q=bulk&size=25");
    expect(first).toMatchObject({ totalElements: 2000, totalExact: false });
    expect(first.content.map((record) => record.values.name)).toEqual(
      Array.from({ length: 25 }, (_, i) => `Bulk ${String(i + 1).padStart(6, "0")}${(i + 1) % 3 === 0 ? " Æsj" : ""}`),
    );
    const deeper = await list("q=bulk&size=25&page=79");
    expect(deeper).toMatchObject({ totalElements: 3000, totalExact: false });
    const narrow = await list("q=bulk%2000001");
    expect(narrow).toMatchObject({ totalElements: 10, totalExact: true });
    expect((await list("q=aesj&size=1")).totalExact).toBe(false);
  });

  it("never matches across two fields of a record", async () => {
    expect((await list("q=bulk%20000001")).totalElements).toBe(1);
    expect((await list(`q=${encodeURIComponent("000001\nOslo")}`)).totalElements).toBe(0);
    expect((await list("q=000001%20oslo")).totalElements).toBe(0);
    // Each word is in the name, but not the phrase.
    expect((await list("q=000001%20bulk")).totalElements).toBe(0);
  });
});
