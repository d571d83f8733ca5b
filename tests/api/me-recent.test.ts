import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { grant, revoke } from "../support/role-permissions.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

describe(`the user's recently changed records on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;

  const call = (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    tokens: Tokens | null,
    payload?: object,
  ) => t.app.inject({ method, url, headers: tokens ? bearer(tokens.access_token) : {}, payload });
  const create = async (path: string, values: object) => {
    const response = await call("POST", path, employee, { values });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().uuid as string;
  };
  const recent = async (tokens: Tokens, query = "") => {
    const response = await call("GET", `/api/me/recent${query}`, tokens);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { schemaKey: string; tableKey: string; uuid: string; rowName: string; action: string }[];
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists the records the user changed, the last first, each once, with its entity and what was done", async () => {
    expect(await recent(employee)).toEqual([]);
    const company = await create("/api/crm/company", { name: "Nordlys Bygg AS" });
    const contact = await create("/api/crm/contact", { first_name: "Kari", last_name: "Nordmann" });
    const todo = await create("/api/crm/todo", { title: "Ring Kari" });
    const changed = await call("PATCH", `/api/crm/company/${company}`, employee, { values: { city: "Bodø" } });
    expect(changed.statusCode, changed.body).toBe(200);

    const list = await recent(employee);
    expect(list.map((r) => [r.tableKey, r.rowName, r.action])).toEqual([
      ["company", "Nordlys Bygg AS", "update"],
      ["todo", "Ring Kari", "create"],
      ["contact", "Kari Nordmann", "create"],
    ]);
    expect(list[0]).toMatchObject({
      schemaKey: "crm",
      uuid: company,
      entityLabelEn: "Company",
      entityLabelNb: "Firma",
    });
    expect((await recent(employee, "?size=1")).map((r) => r.uuid)).toEqual([company]);

    // Another user's changes are theirs: the admin's list holds the demo's records, not these.
    const theirs = await recent(admin, "?size=50");
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.map((r) => r.uuid)).not.toContain(company);

    // A record deleted since is left out; so are entities the user may no longer read.
    expect((await call("DELETE", `/api/crm/contact/${contact}`, employee)).statusCode).toBe(204);
    await revoke(t.app.db, "Employee", "Todo", ["Read"]);
    try {
      // The role's permissions are read per request.
      const left = await recent(employee);
      expect(left.map((r) => r.uuid)).toEqual([company]);
    } finally {
      await grant(t.app.db, "Employee", "Todo", ["Read"]);
    }
    expect((await recent(employee)).map((r) => r.uuid)).toEqual([company, todo]);
  });

  it("answers only a signed-in user, with a size from 1 to 50", async () => {
    expect((await call("GET", "/api/me/recent", null)).statusCode).toBe(401);
    for (const size of ["0", "51", "x"]) {
      expect((await call("GET", `/api/me/recent?size=${size}`, employee)).statusCode).toBe(400);
    }
  });
});
