import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

describe(`assigning users and groups to records on ${testDatabase}`, () => {
  let t: TestApp;
  let employee: Tokens;
  let readOnly: Tokens;
  let company: { uuid: string };
  let ref: { schemaKey: string; tableKey: string; uuidKey: string };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    employee = await signIn(t.app, "employee@example.com");
    readOnly = await signIn(t.app, "readonly@example.com");
    company = (
      await t.app.inject({
        method: "POST",
        url: "/api/crm/company",
        headers: bearer(employee.access_token),
        payload: { values: { name: "Assigned AS" } },
      })
    ).json();
    ref = { schemaKey: "crm", tableKey: "company", uuidKey: company.uuid };
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: "GET" | "POST" | "DELETE", url: string, tokens: Tokens, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });

  it("lists and searches the seeded groups", async () => {
    const all = (await call("GET", "/api/core/groups", readOnly)).json();
    expect(all.content.map((g: any) => g.name)).toEqual(["Management", "Sales", "Support"]);
    expect((await call("GET", "/api/core/groups?q=sal", readOnly)).json().content.map((g: any) => g.name)).toEqual([
      "Sales",
    ]);
    expect((await call("GET", "/api/core/groups/autocomplete?query=su", readOnly)).json()).toEqual([]);
    expect((await call("GET", "/api/core/groups/autocomplete?query=supp", readOnly)).json()[0].name).toBe("Support");
  });

  it("assigns a group once, answers 'Group already exist' the second time, and removes it", async () => {
    const sales = (await call("GET", "/api/core/groups?q=sales", readOnly)).json().content[0];
    const assign = () =>
      call("POST", `/api/core/groups/${sales.uuid}/assign_to_entities`, employee, { assignToEntities: [ref] });
    expect((await assign()).statusCode).toBe(204);
    const again = await assign();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Group already exist");
    expect((await call("GET", `/api/core/groups/crm/company/${company.uuid}`, readOnly)).json()).toEqual([sales]);

    const removed = await call("DELETE", `/api/core/groups/${sales.uuid}/remove_from_entities`, employee, {
      removeFromEntities: [ref],
    });
    expect(removed.statusCode).toBe(204);
    expect((await call("GET", `/api/core/groups/crm/company/${company.uuid}`, readOnly)).json()).toEqual([]);
  });

  it("assigns a user once and answers 'User already exist' the second time", async () => {
    const [user] = (await call("GET", "/api/iam/users/employees/autocomplete?query=rita", employee)).json();
    expect(user).toMatchObject({ firstName: "Rita", lastName: "Reader" });
    const assign = () =>
      call("POST", `/api/iam/users/${user.uuid}/assign_to_entities`, employee, { assignToEntities: [ref] });
    expect((await assign()).statusCode).toBe(204);
    expect((await assign()).json()).toMatchObject({ status: 409, message: "User already exist" });
    const assigned = (await call("GET", `/api/iam/users/crm/company/${company.uuid}`, readOnly)).json();
    expect(assigned).toEqual([{ uuid: user.uuid, firstName: "Rita", lastName: "Reader", category: null }]);
    expect(
      (
        await call("DELETE", `/api/iam/users/${user.uuid}/remove_from_entities`, employee, {
          removeFromEntities: [ref],
        })
      ).statusCode,
    ).toBe(204);
  });

  it("needs Entity_Assignment Create and Delete, and a record that exists", async () => {
    const support = (await call("GET", "/api/core/groups?q=support", readOnly)).json().content[0];
    const denied = await call("POST", `/api/core/groups/${support.uuid}/assign_to_entities`, readOnly, {
      assignToEntities: [ref],
    });
    expect(denied.statusCode).toBe(403);
    const deniedRemove = await call("DELETE", `/api/core/groups/${support.uuid}/remove_from_entities`, readOnly, {
      removeFromEntities: [ref],
    });
    expect(deniedRemove.statusCode).toBe(403);
    const missing = await call("POST", `/api/core/groups/${support.uuid}/assign_to_entities`, employee, {
      assignToEntities: [{ ...ref, uuidKey: "00000000-0000-4000-8000-000000000000" }],
    });
    expect(missing.statusCode).toBe(404);
    const unknownGroup = await call(
      "POST",
      "/api/core/groups/00000000-0000-4000-8000-000000000000/assign_to_entities",
      employee,
      {
        assignToEntities: [ref],
      },
    );
    expect(unknownGroup.statusCode).toBe(404);
  });

  it("answers 404 for an id that is not a UUID on the assign and remove routes alike", async () => {
    for (const base of ["/api/core/groups", "/api/iam/users"]) {
      for (const id of ["not-a-uuid", "1", "..%2F..%2Fcrm"]) {
        const assign = await call("POST", `${base}/${id}/assign_to_entities`, employee, { assignToEntities: [ref] });
        const remove = await call("DELETE", `${base}/${id}/remove_from_entities`, employee, {
          removeFromEntities: [ref],
        });
        expect([assign.statusCode, remove.statusCode]).toEqual([404, 404]);
        expect(remove.json().exceptionName).toBe("NotFoundException");
      }
    }
  });
});
