import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

interface MetaStatus {
  metaStatusId: string;
  key: string;
  nameEn: string;
  nameNb: string;
  isDefault: boolean;
  rank: number;
  closed: boolean;
}

describe(`inquiries and to-dos on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let readOnly: Tokens;
  let company: { uuid: string };
  let otherCompany: { uuid: string };
  let contact: { uuid: string };
  let priorities: MetaStatus[];
  let statuses: MetaStatus[];

  const call = (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    tokens = employee,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });
  const errorsOf = (response: { json(): any }) =>
    Object.fromEntries((response.json().errors ?? []).map((e: any) => [e.field, e.defaultMessage]));
  const newItem = async (table: string, values: Record<string, unknown>, statusId?: string) => {
    const response = await call("POST", `/api/crm/${table}`, employee, { values, statusId });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const priority = (key: string) => priorities.find((p) => p.key === key)?.metaStatusId;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    readOnly = await signIn(t.app, "readonly@example.com");
    company = (await call("POST", "/api/crm/company", employee, { values: { name: "Henvendelse AS" } })).json();
    otherCompany = (await call("POST", "/api/crm/company", employee, { values: { name: "Annet AS" } })).json();
    contact = (
      await call("POST", "/api/crm/contact", employee, { values: { first_name: "Hanne", last_name: "Henvend" } })
    ).json();
    const affiliation = await call("POST", "/api/data/links/custom_schema_relationship/company_has_contact", employee, {
      id1: company.uuid,
      id2: contact.uuid,
      role: "employee",
    });
    expect(affiliation.statusCode).toBe(201);
    priorities = (await call("GET", "/api/metastatus/crm/inquiry?kind=priority")).json();
    statuses = (await call("GET", "/api/metastatus/crm/inquiry")).json();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("describes priorities in rank order, categories and sources in both languages, each with one default", async () => {
    expect(priorities.map((p) => [p.nameEn, p.nameNb, p.rank])).toEqual([
      ["Urgent", "Haster", 0],
      ["High", "Høy", 1],
      ["Normal", "Normal", 2],
      ["Low", "Lav", 3],
    ]);
    expect(priorities.filter((p) => p.isDefault).map((p) => p.key)).toEqual(["normal"]);
    expect(statuses.filter((s) => s.closed).map((s) => s.key)).toEqual(["closed"]);
    const categories = (await call("GET", "/api/metastatus/category/crm/todo")).json();
    expect(categories.map((c: MetaStatus) => c.nameNb)).toContain("Oppfølging");
    expect((await call("GET", "/api/metastatus/default/crm/inquiry?kind=source")).json().nameEn).toBe("Email");
    const found = (await call("GET", "/api/metastatus/crm/inquiry/autocomplete?query=%20klag%20")).json();
    expect(found.map((c: MetaStatus) => c.nameEn)).toEqual(["Complaint"]);
    expect((await call("GET", "/api/metastatus/crm/inquiry/autocomplete?query=kl")).json()).toEqual([]);

    // The entity's fields offer the workspace's priorities, users and groups as options.
    const info = (await call("GET", "/api/crm/inquiry/info")).json();
    const field = (key: string) => info.fields.find((f: { key: string }) => f.key === key);
    expect(field("priority_id").settings.options.map((o: { labelNb: string }) => o.labelNb)).toEqual([
      "Haster",
      "Høy",
      "Normal",
      "Lav",
    ]);
    expect(field("assigned_user_id").settings.options.map((o: { labelEn: string }) => o.labelEn)).toContain(
      "Erik Nordmann",
    );
    expect(field("group_id").settings.options.map((o: { labelEn: string }) => o.labelEn)).toContain("Support");
    expect(field("reference_number").settings).toMatchObject({ readOnly: true });
  });

  it("numbers items from a start that only moves forward, never reusing a number", async () => {
    const first = await newItem("inquiry", { title: "Første henvendelse" });
    const second = await newItem("inquiry", { title: "Andre henvendelse" });
    expect(second.values.reference_number).toBe(first.values.reference_number + 1);
    expect(first.statusId).toBe(statuses.find((s) => s.isDefault)?.metaStatusId);

    // A number sent in is ignored: the product sets it.
    const typed = await newItem("inquiry", { title: "Eget nummer", reference_number: 7 });
    expect(typed.values.reference_number).toBe(second.values.reference_number + 1);

    expect((await call("GET", "/api/crm/inquiry/reference_number_start", employee)).statusCode).toBe(403);
    const start = (await call("GET", "/api/crm/inquiry/reference_number_start", admin)).json();
    expect(start.next).toBe(typed.values.reference_number + 1);
    const lower = await call("PUT", "/api/crm/inquiry/reference_number_start", admin, { next: start.next - 1 });
    expect(lower.statusCode).toBe(400);
    expect(errorsOf(lower)).toEqual({ next: `Must be at least ${start.next}` });
    expect((await call("PUT", "/api/crm/inquiry/reference_number_start", admin, { next: 50_000 })).statusCode).toBe(
      200,
    );
    await call("DELETE", `/api/crm/inquiry/${typed.uuid}`);
    const later = await newItem("inquiry", { title: "Etter ny start" });
    expect(later.values.reference_number).toBe(50_000);
    // To-dos count on their own.
    const todo = await newItem("todo", { title: "Ring tilbake" });
    expect(todo.values.reference_number).toBeLessThan(50_000);

    // Left out, the priority (and category and source) is the default one; chosen empty, it stays empty.
    expect(first.values.priority_id).toBe(priority("normal"));
    const without = await newItem("inquiry", { title: "Uten prioritet", priority_id: null });
    expect(without.values.priority_id).toBeNull();
    await call("DELETE", `/api/crm/inquiry/${without.uuid}`);
    // Searching finds an item by its number.
    const found = (await call("GET", "/api/crm/inquiry?q=50000")).json();
    expect(found.content.map((item: { uuid: string }) => item.uuid)).toEqual([later.uuid]);
  });

  it("seeds demo inquiries and to-dos in both languages, each linked to a contact at its company", async () => {
    for (const [table, norwegian, english] of [
      ["inquiry", "Feil på faktura", "Invoice error"],
      ["todo", "Send tilbud", "Send proposal"],
    ]) {
      const page = (await call("GET", `/api/crm/${table}?size=100`)).json();
      const titles = page.content.map((item: { rowName: string }) => item.rowName);
      expect(titles).toEqual(expect.arrayContaining([norwegian, english]));
      const first = page.content.find((item: { rowName: string }) => item.rowName === norwegian);
      const [link] = (await call("GET", `/api/crm/${table}/${first.uuid}/company_contact`)).json();
      expect(link.company).not.toBeNull();
      expect(link.contact.rowName).not.toBe("");
      const overdue = (await call("GET", `/api/crm/${table}?overdue=true`)).json();
      expect(overdue.totalElements).toBeGreaterThan(0);
    }
  });

  it("checks each field with the spec's texts: a required title, options that exist", async () => {
    const refused = await call("POST", "/api/crm/todo", employee, {
      values: { title: " ", priority_id: statuses[0].metaStatusId, assigned_user_id: company.uuid },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)).toEqual({
      title: "Required",
      priority_id: "Must be one of the options",
      assigned_user_id: "Must be one of the options",
    });
    // A to-do's priorities are its own: an inquiry's are not among them.
    const inquiryPriority = await call("POST", "/api/crm/todo", employee, {
      values: { title: "Feil prioritet", priority_id: priority("high") },
    });
    expect(errorsOf(inquiryPriority)).toEqual({ priority_id: "Must be one of the options" });
  });

  it("links an item to a contact and one of its companies, never to a company alone", async () => {
    const item = await newItem("inquiry", { title: "Tilbud på lisenser" });
    const url = `/api/crm/inquiry/${item.uuid}/company_contact`;
    const alone = await call("POST", url, employee, { companyId: company.uuid });
    expect(alone.statusCode).toBe(400);
    expect(errorsOf(alone)).toEqual({ contactId: "An inquiry or to-do selection requires a contact as well." });
    const notTheirs = await call("POST", url, employee, { companyId: otherCompany.uuid, contactId: contact.uuid });
    expect(errorsOf(notTheirs)).toEqual({ contactId: "Must be one of the company's contacts" });
    expect((await call("POST", url, employee, { contactId: company.uuid })).statusCode).toBe(404);
    expect((await call("POST", url, readOnly, { contactId: contact.uuid })).statusCode).toBe(403);

    const linked = await call("POST", url, employee, { companyId: company.uuid, contactId: contact.uuid });
    expect(linked.statusCode).toBe(201);
    expect(linked.json()).toMatchObject({
      company: { uuid: company.uuid, rowName: "Henvendelse AS" },
      contact: { uuid: contact.uuid, rowName: "Hanne Henvend" },
    });
    const again = await call("POST", url, employee, { contactId: contact.uuid });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: "Connection already exists." });
    expect((await call("GET", url, readOnly)).json()).toHaveLength(1);

    const ofCompany = (await call("GET", `/api/crm/inquiry/of/company/${company.uuid}`, readOnly)).json();
    expect(ofCompany.content.map((i: { uuid: string }) => i.uuid)).toContain(item.uuid);
    const history = (await call("GET", `/api/data_feed/crm/company?id=${company.uuid}`)).json();
    expect(history.content[0]).toMatchObject({
      action: "link",
      changes: [{ key: "connection", after: "Tilbud på lisenser" }],
    });

    const removed = await call("DELETE", `/api/crm/inquiry/company_contact/${linked.json().uuid}`);
    expect(removed.statusCode).toBe(204);
    expect((await call("GET", url)).json()).toEqual([]);
    const itemHistory = (await call("GET", `/api/data_feed/crm/inquiry?id=${item.uuid}`)).json();
    expect(itemHistory.content[0]).toMatchObject({
      action: "unlink",
      changes: [{ key: "connection", before: "Hanne Henvend (Henvendelse AS)" }],
    });
  });

  it("creates an item with its link in one call, and keeps it when its contact is deleted", async () => {
    const transient = (
      await call("POST", "/api/crm/contact", employee, { values: { first_name: "Kort", last_name: "Varig" } })
    ).json();
    const refused = await call("POST", "/api/crm/todo/linked", employee, {
      values: { title: "Uten kontakt" },
      link: { companyId: company.uuid },
    });
    expect(errorsOf(refused)).toEqual({ contactId: "An inquiry or to-do selection requires a contact as well." });
    const created = await call("POST", "/api/crm/todo/linked", employee, {
      values: { title: "Send kontrakt" },
      link: { contactId: transient.uuid },
    });
    expect(created.statusCode).toBe(201);
    const todo = created.json();
    const ofContact = (await call("GET", `/api/crm/todo/of/contact/${transient.uuid}`)).json();
    expect(ofContact).toMatchObject({ totalElements: 1, content: [{ uuid: todo.uuid }] });

    expect((await call("DELETE", `/api/crm/contact/${transient.uuid}`)).statusCode).toBe(204);
    expect((await call("GET", `/api/crm/todo/${todo.uuid}`)).statusCode).toBe(200);
    expect((await call("GET", `/api/crm/todo/${todo.uuid}/company_contact`)).json()).toEqual([]);
    const history = (await call("GET", `/api/data_feed/crm/todo?id=${todo.uuid}`)).json();
    expect(history.content[0]).toMatchObject({
      action: "unlink",
      changes: [{ key: "connection", before: "Kort Varig" }],
    });
  });

  it("filters by assignee, due dates, open and overdue, and sorts by priority rank", async () => {
    const me = (await call("GET", "/api/me/info")).json();
    const closed = statuses.find((s) => s.closed)?.metaStatusId;
    const mine = {
      late: await newItem("inquiry", {
        title: "Filter sen",
        due_date: "2026-01-10",
        assigned_user_id: me.uuid,
        priority_id: priority("low"),
      }),
      lateButClosed: await newItem(
        "inquiry",
        { title: "Filter lukket", due_date: "2026-01-11", assigned_user_id: me.uuid, priority_id: priority("urgent") },
        closed,
      ),
      later: await newItem("inquiry", {
        title: "Filter senere",
        due_date: "2026-03-01",
        assigned_user_id: me.uuid,
        priority_id: priority("urgent"),
      }),
    };
    const titles = async (query: string) =>
      (await call("GET", `/api/crm/inquiry?q=Filter&filter.assigned_user_id=${me.uuid}&${query}`))
        .json()
        .content.map((item: { rowName: string }) => item.rowName);
    expect(await titles("overdue=2026-02-01")).toEqual(["Filter sen"]);
    expect(await titles("open=true&sort=priority_id,asc")).toEqual(["Filter senere", "Filter sen"]);
    expect(await titles("filter.due_date=2026-01-11..2026-03-01&sort=due_date,desc")).toEqual([
      "Filter senere",
      "Filter lukket",
    ]);
    expect(await titles("filter.due_date=..2026-01-10")).toEqual(["Filter sen"]);
    // Newest first, as the lists show them; an unknown sort key is refused.
    expect(await titles("sort=created_at,desc")).toEqual(["Filter senere", "Filter lukket", "Filter sen"]);
    expect((await call("GET", "/api/crm/inquiry?sort=deleted_at,desc")).statusCode).toBe(400);
    const bad = await call("GET", "/api/crm/inquiry?filter.due_date=2026-13-01..");
    expect(bad.statusCode).toBe(400);
    expect((await call("GET", "/api/crm/company?overdue=true")).statusCode).toBe(400);
    expect(mine.late.values.assigned_user_id).toBe(me.uuid);
  });
});
