import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

interface Entry {
  kind: string;
  at: string;
  item: { rowName: string; tableKey: string } | null;
  history: { action: string } | null;
}

describe(`a record's activities on ${testDatabase}`, () => {
  let t: TestApp;
  let employee: Tokens;
  let readOnly: Tokens;
  let company: { uuid: string };
  let contact: { uuid: string };

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, tokens = employee, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });
  const timeline = async (query = "", tokens = employee) => {
    const response = await call("GET", `/api/activities/crm/company/${company.uuid}${query}`, tokens);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    employee = await signIn(t.app, "employee@example.com");
    readOnly = await signIn(t.app, "readonly@example.com");
    company = (await call("POST", "/api/crm/company", employee, { values: { name: "Tidslinje AS" } })).json();
    contact = (
      await call("POST", "/api/crm/contact", employee, { values: { first_name: "Tine", last_name: "Tidslinje" } })
    ).json();
    await call("POST", "/api/data/links/custom_schema_relationship/company_has_contact", employee, {
      id1: company.uuid,
      id2: contact.uuid,
      role: "employee",
    });
    const closed = (await call("GET", "/api/metastatus/crm/todo")).json().find((s: { closed: boolean }) => s.closed);
    // In order: a note, an inquiry, a closed to-do; the company's own history has its creation and its link.
    await call("POST", `/api/notes/note/attached/crm/company/${company.uuid}`, employee, {
      values: { title: "Møtereferat" },
    });
    await call("POST", "/api/crm/inquiry/linked", employee, {
      values: { title: "Spørsmål om pris" },
      link: { companyId: company.uuid, contactId: contact.uuid },
    });
    await call("POST", "/api/crm/todo/linked", employee, {
      values: { title: "Ring tilbake" },
      statusId: closed.metaStatusId,
      link: { companyId: company.uuid, contactId: contact.uuid },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists notes, inquiries, to-dos and history newest first, with counts and what is still open", async () => {
    const page = await timeline();
    const items = page.content.filter((entry: Entry) => entry.item).map((entry: Entry) => entry.item?.rowName);
    expect(items).toEqual(["Ring tilbake", "Spørsmål om pris", "Møtereferat"]);
    const times = page.content.map((entry: Entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.counts).toMatchObject({ note: 1, document: 0, inquiry: 1, todo: 1 });
    expect(page.counts.history).toBeGreaterThanOrEqual(4);
    expect(page.open).toEqual({ inquiry: 1, todo: 0 });
    expect(page.totalElements).toBe(3 + page.counts.history);
    expect(page.content.some((entry: Entry) => entry.history?.action === "create")).toBe(true);
  });

  it("narrows to kinds and pages through them", async () => {
    const work = await timeline("?kind=inquiry,todo");
    expect(work.content.map((entry: Entry) => entry.kind)).toEqual(["todo", "inquiry"]);
    expect(work.totalElements).toBe(2);
    const second = await timeline("?kind=inquiry,todo&size=1&page=1");
    expect(second.content.map((entry: Entry) => entry.item?.rowName)).toEqual(["Spørsmål om pris"]);
    const contactTimeline = (await call("GET", `/api/activities/crm/contact/${contact.uuid}?kind=inquiry`)).json();
    expect(contactTimeline.content.map((entry: Entry) => entry.item?.rowName)).toEqual(["Spørsmål om pris"]);
    expect((await call("GET", `/api/activities/crm/company/${company.uuid}?kind=meetings`)).statusCode).toBe(400);
  });

  it("shows an item linked to two of the company's contacts once, at its latest link", async () => {
    const second = (
      await call("POST", "/api/crm/contact", employee, { values: { first_name: "Tor", last_name: "Tidslinje" } })
    ).json();
    await call("POST", "/api/data/links/custom_schema_relationship/company_has_contact", employee, {
      id1: company.uuid,
      id2: second.uuid,
      role: "employee",
    });
    const inquiry = (await timeline("?kind=inquiry")).content[0];
    const [item] = (await call("GET", `/api/crm/inquiry/of/contact/${contact.uuid}`)).json().content;
    const added = await call("POST", `/api/crm/inquiry/${item.uuid}/company_contact`, employee, {
      companyId: company.uuid,
      contactId: second.uuid,
    });
    expect(added.statusCode).toBe(201);
    const page = await timeline("?kind=inquiry,todo");
    expect(page.content.map((entry: Entry) => entry.item?.rowName)).toEqual(["Spørsmål om pris", "Ring tilbake"]);
    expect(page.content[0].at > inquiry.at).toBe(true);
    expect(page.counts).toMatchObject({ inquiry: 1, todo: 1 });
    expect(page.totalElements).toBe(2);
  });

  it("answers 404 for an unknown or foreign record, and reads for a read-only user", async () => {
    expect((await call("GET", `/api/activities/crm/company/${contact.uuid}`)).statusCode).toBe(404);
    expect((await call("GET", "/api/activities/crm/company/not-an-id")).statusCode).toBe(404);
    expect((await call("GET", `/api/activities/crm/nothing/${company.uuid}`)).statusCode).toBe(404);
    const page = await timeline("", readOnly);
    expect(page.counts.inquiry).toBe(1);
  });
});
