import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

interface Option {
  value: string;
  labelEn: string;
  isDefault?: boolean;
}

interface Field {
  key: string;
  settings: { options?: Option[] };
}

describe(`who new inquiries and to-dos go to on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let users: Option[];
  let groups: Option[];

  const call = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, tokens = admin, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });
  const optionsOf = async (table: string, key: string): Promise<Option[]> => {
    const info = (await call("GET", `/api/crm/${table}/info`, employee)).json() as { fields: Field[] };
    return info.fields.find((field) => field.key === key)?.settings.options ?? [];
  };
  const newItem = async (table: string, values: Record<string, unknown>) => {
    const response = await call("POST", `/api/crm/${table}`, employee, { values });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { uuid: string; values: Record<string, unknown> };
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    users = await optionsOf("inquiry", "assigned_user_id");
    groups = await optionsOf("inquiry", "group_id");
    expect(users.length).toBeGreaterThan(1);
    expect(groups.length).toBeGreaterThan(1);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("starts with nobody, and only those who may read the settings see it", async () => {
    for (const table of ["inquiry", "todo"]) {
      const response = await call("GET", `/api/crm/${table}/defaults`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ assignedUserId: null, groupId: null });
    }
    expect((await call("GET", "/api/crm/inquiry/defaults", employee)).statusCode).toBe(403);
    expect((await call("GET", "/api/crm/company/defaults")).statusCode).toBe(400);
    // Forms offer no one first.
    expect((await optionsOf("inquiry", "assigned_user_id")).some((option) => option.isDefault)).toBe(false);
  });

  it("gives a new item left without an assignee or a group the defaults, and keeps an explicit choice", async () => {
    const [user, otherUser] = users;
    const [group] = groups;
    const set = await call("PUT", "/api/crm/inquiry/defaults", admin, {
      assignedUserId: user.value,
      groupId: group.value,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ assignedUserId: user.value, groupId: group.value });
    expect((await call("GET", "/api/crm/inquiry/defaults")).json()).toEqual(set.json());

    // Forms offer them first, as they offer the default priority.
    expect((await optionsOf("inquiry", "assigned_user_id")).filter((o) => o.isDefault).map((o) => o.value)).toEqual([
      user.value,
    ]);
    expect((await optionsOf("inquiry", "group_id")).filter((o) => o.isDefault).map((o) => o.value)).toEqual([
      group.value,
    ]);

    const left = await newItem("inquiry", { title: "Uten ansvarlig" });
    expect(left.values).toMatchObject({ assigned_user_id: user.value, group_id: group.value });
    // Chosen, or chosen empty, it stays as chosen.
    const chosen = await newItem("inquiry", {
      title: "Med ansvarlig",
      assigned_user_id: otherUser.value,
      group_id: null,
    });
    expect(chosen.values).toMatchObject({ assigned_user_id: otherUser.value, group_id: null });
    // A to-do has defaults of its own: none yet.
    const todo = await newItem("todo", { title: "Ring kunden" });
    expect(todo.values).toMatchObject({ assigned_user_id: null, group_id: null });

    // A group alone; the user default is cleared.
    const groupOnly = await call("PUT", "/api/crm/todo/defaults", admin, {
      assignedUserId: null,
      groupId: group.value,
    });
    expect(groupOnly.json()).toEqual({ assignedUserId: null, groupId: group.value });
    const second = await newItem("todo", { title: "Send tilbud" });
    expect(second.values).toMatchObject({ assigned_user_id: null, group_id: group.value });

    // A new item linked to a contact from the start takes the same path.
    const contact = (
      await call("POST", "/api/crm/contact", employee, { values: { first_name: "Dina", last_name: "Default" } })
    ).json();
    const linked = await call("POST", "/api/crm/inquiry/linked", employee, {
      values: { title: "Fra kontakten" },
      link: { contactId: contact.uuid },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json().values).toMatchObject({ assigned_user_id: user.value, group_id: group.value });

    for (const item of [left, chosen]) await call("DELETE", `/api/crm/inquiry/${item.uuid}`, employee);
    await call("DELETE", `/api/crm/inquiry/${linked.json().uuid}`, employee);
    for (const item of [todo, second]) await call("DELETE", `/api/crm/todo/${item.uuid}`, employee);
    await call("DELETE", `/api/crm/contact/${contact.uuid}`, employee);
  });

  it("answers 404 for a user or group that does not exist, and lets only settings editors change it", async () => {
    const before = (await call("GET", "/api/crm/inquiry/defaults")).json();
    const missing = "00000000-0000-4000-8000-000000000000";
    const noUser = await call("PUT", "/api/crm/inquiry/defaults", admin, { assignedUserId: missing, groupId: null });
    expect(noUser.statusCode).toBe(404);
    expect(noUser.json()).toMatchObject({ exceptionName: "NotFoundException", message: "User not found" });
    const noGroup = await call("PUT", "/api/crm/inquiry/defaults", admin, { assignedUserId: null, groupId: "nope" });
    expect(noGroup.statusCode).toBe(404);
    expect(noGroup.json().message).toBe("Group not found");
    expect((await call("PUT", "/api/crm/inquiry/defaults", admin, { groupId: null })).statusCode).toBe(400);
    const refused = await call("PUT", "/api/crm/inquiry/defaults", employee, { assignedUserId: null, groupId: null });
    expect(refused.statusCode).toBe(403);
    // Nothing changed.
    expect((await call("GET", "/api/crm/inquiry/defaults")).json()).toEqual(before);
  });

  it("forgets a group that is deleted", async () => {
    const created = await t.app.db
      .insertInto("core.user_group")
      .values({ name: "Midlertidig" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const set = await call("PUT", "/api/crm/todo/defaults", admin, { assignedUserId: null, groupId: created.id });
    expect(set.statusCode, set.body).toBe(200);
    await t.app.db.deleteFrom("core.user_group").where("id", "=", created.id).execute();
    expect((await call("GET", "/api/crm/todo/defaults")).json()).toEqual({ assignedUserId: null, groupId: null });
    const item = await newItem("todo", { title: "Uten gruppe" });
    expect(item.values.group_id).toBeNull();
    await call("DELETE", `/api/crm/todo/${item.uuid}`, employee);
  });

  it("keeps the reference number start's rule: it only moves forward", async () => {
    const start = (await call("GET", "/api/crm/todo/reference_number_start")).json();
    const lower = await call("PUT", "/api/crm/todo/reference_number_start", admin, { next: start.next - 1 });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().errors).toEqual([
      expect.objectContaining({ field: "next", defaultMessage: `Must be at least ${start.next}` }),
    ]);
    const zero = await call("PUT", "/api/crm/todo/reference_number_start", admin, { next: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toEqual([
      expect.objectContaining({ field: "next", defaultMessage: "Must be at least 1" }),
    ]);
  });
});
