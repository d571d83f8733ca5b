import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transactionPageSchema } from "../../server/contract/records.ts";
import { DomainError } from "../../server/http/errors.ts";
import { registerRecordHooks, unregisterRecordHooks } from "../../server/records/record-hooks.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

describe(`the record path's hooks on ${testDatabase}`, () => {
  let t: TestApp;
  let employee: Tokens;
  const seen: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    employee = await signIn(t.app, "employee@example.com");
    // After the app's own (links, work items): it sees what they wrote, and refuses deleting a company named so.
    registerRecordHooks("refusing", {
      appliesTo: (entity) => entity.tableKey === "company",
      afterCreate: async (event) => void seen.push(`created ${event.name}`),
      afterUpdate: async (event) => void seen.push(`updated ${event.name}`),
      beforeDelete: async (event) => {
        seen.push(`deleting ${event.name}`);
        if (event.name.startsWith("Kept")) throw new DomainError(409, "RecordKeptException", "Kept");
      },
      afterDelete: async (event) => void seen.push(`deleted ${event.name}`),
    });
  });
  afterAll(async () => {
    unregisterRecordHooks("refusing");
    await t?.close();
  });

  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(employee.access_token), payload });
  const historyOf = async (table: string, id: string) =>
    transactionPageSchema.parse((await call("GET", `/api/data_feed/crm/${table}?id=${id}`)).json()).content;

  it("runs a registered domain's hooks on create, update and delete of its entities", async () => {
    const company = (await call("POST", "/api/crm/company", { values: { name: "Krok AS" } })).json();
    await call("PATCH", `/api/crm/company/${company.uuid}`, { values: { name: "Kroken AS" } });
    await call("POST", "/api/crm/contact", { values: { first_name: "Not", last_name: "Company" } });
    expect((await call("DELETE", `/api/crm/company/${company.uuid}`)).statusCode).toBe(204);
    expect(seen).toEqual(["created Krok AS", "updated Kroken AS", "deleting Kroken AS", "deleted Kroken AS"]);
  });

  it("keeps a record, its links and every history whole when a hook refuses its delete", async () => {
    const company = (await call("POST", "/api/crm/company", { values: { name: "Kept AS" } })).json();
    const contact = (
      await call("POST", "/api/crm/contact", { values: { first_name: "Kari", last_name: "Kept" } })
    ).json();
    const linked = await call("POST", "/api/data/links/custom_schema_relationship/company_has_contact", {
      id1: company.uuid,
      id2: contact.uuid,
      role: "employee",
    });
    expect(linked.statusCode).toBe(201);

    const refused = await call("DELETE", `/api/crm/company/${company.uuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ exceptionName: "RecordKeptException" });

    expect((await call("GET", `/api/crm/company/${company.uuid}`)).json().connections).toEqual([
      expect.objectContaining({ uuidKey: contact.uuid }),
    ]);
    // The links' hook had written the contact's unlink line before the refusal: it rolled back with the delete.
    expect((await historyOf("contact", contact.uuid)).map((row) => row.action)).toEqual(["link", "create"]);
    expect((await historyOf("company", company.uuid)).map((row) => row.action)).toEqual(["link", "create"]);
    expect(seen).not.toContain("deleted Kept AS");
  });
});
