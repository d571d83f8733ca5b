import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDueReminders } from "../../server/notifications/reminders.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

interface Notification {
  id: string;
  type: string;
  record: { schemaKey: string; tableKey: string; uuidKey: string; name: string; readable: boolean };
  actor: { uuid: string; firstName: string; lastName: string } | null;
  params: Record<string, any>;
  createdAt: string;
  readAt: string | null;
}

describe(`notifications on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let readOnly: Tokens;
  const ids = { admin: "", employee: "", readOnly: "" };

  const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, tokens: Tokens, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });
  const recent = async (tokens: Tokens): Promise<Notification[]> => {
    const response = await call("GET", "/api/notifications/notification/recent?size=100", tokens);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().content;
  };
  /** The user's notifications about one record, newest first. */
  const about = async (tokens: Tokens, recordId: string) =>
    (await recent(tokens)).filter((n) => n.record.uuidKey === recordId);
  const unread = async (tokens: Tokens): Promise<number> =>
    (await call("GET", "/api/notifications/notification/unread", tokens)).json().count;
  const create = async (table: string, values: object, tokens = admin, schema = "crm") => {
    const response = await call("POST", `/api/${schema}/${table}`, tokens, { values });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { uuid: string; rowName: string };
  };
  const ref = (uuidKey: string, tableKey = "company", schemaKey = "crm") => ({ schemaKey, tableKey, uuidKey });
  const assignUser = (userId: string, refs: object[], tokens = admin) =>
    call("POST", `/api/iam/users/${userId}/assign_to_entities`, tokens, { assignToEntities: refs });
  const groupId = async (name: string) =>
    (await t.app.db.selectFrom("core.user_group").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    readOnly = await signIn(t.app, "readonly@example.com");
    for (const [key, tokens] of [
      ["admin", admin],
      ["employee", employee],
      ["readOnly", readOnly],
    ] as const) {
      ids[key] = (await call("GET", "/api/me/info", tokens)).json().uuid;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it("tells a user assigned to a record, in the assignment's transaction, and never the actor", async () => {
    const company = await create("company", { name: "Tildelt AS" });
    expect((await assignUser(ids.employee, [ref(company.uuid)])).statusCode).toBe(204);
    expect(await about(employee, company.uuid)).toEqual([
      {
        id: expect.any(String),
        type: "record_assigned",
        record: { schemaKey: "crm", tableKey: "company", uuidKey: company.uuid, name: "Tildelt AS", readable: true },
        actor: { uuid: ids.admin, firstName: "Ada", lastName: "Admin" },
        params: { entityEn: "Company", entityNb: "Firma" },
        createdAt: expect.any(String),
        readAt: null,
      },
    ]);

    // Assigning oneself tells nobody.
    expect((await assignUser(ids.admin, [ref(company.uuid)])).statusCode).toBe(204);
    expect(await about(admin, company.uuid)).toEqual([]);

    // One refused assignment of several rolls all of them back, their notifications too.
    const first = await create("company", { name: "Først AS" });
    const second = await create("company", { name: "Nummer to AS" });
    expect((await assignUser(ids.readOnly, [ref(second.uuid)])).statusCode).toBe(204);
    const refused = await assignUser(ids.readOnly, [ref(first.uuid), ref(second.uuid)]);
    expect(refused.statusCode).toBe(409);
    expect(await about(readOnly, first.uuid)).toEqual([]);
    expect((await about(readOnly, second.uuid)).map((n) => n.type)).toEqual(["record_assigned"]);
  });

  it("tells every member of a group assigned to a record, naming the group, but not the actor", async () => {
    const sales = await groupId("Sales");
    await t.app.db
      .insertInto("core.user_group_member")
      .values([ids.admin, ids.employee, ids.readOnly].map((user_id) => ({ group_id: sales, user_id })))
      .execute();
    const company = await create("company", { name: "Gruppe AS" });
    const assigned = await call("POST", `/api/core/groups/${sales}/assign_to_entities`, admin, {
      assignToEntities: [ref(company.uuid)],
    });
    expect(assigned.statusCode, assigned.body).toBe(204);
    for (const tokens of [employee, readOnly]) {
      const [notification, ...more] = await about(tokens, company.uuid);
      expect(more).toEqual([]);
      expect(notification).toMatchObject({ type: "record_assigned", params: { group: "Sales" } });
    }
    expect(await about(admin, company.uuid)).toEqual([]);
  });

  it("tells whom an inquiry or to-do is given to by someone else, as a critical notification", async () => {
    const todo = await create("todo", { title: "Ring kunden", assigned_user_id: ids.employee });
    expect(await about(employee, todo.uuid)).toMatchObject([
      { type: "work_item_assigned", record: { tableKey: "todo", name: "Ring kunden" }, params: { entityEn: "To-do" } },
    ]);

    // Given to oneself: nobody is told.
    const inquiry = await create("inquiry", { title: "Tilbud på drift", assigned_user_id: ids.employee }, employee);
    expect(await about(employee, inquiry.uuid)).toEqual([]);

    // Given to someone new: they are told; the one it was given to before is told it changed.
    const moved = await call("PATCH", `/api/crm/inquiry/${inquiry.uuid}`, admin, {
      values: { assigned_user_id: ids.readOnly },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await about(readOnly, inquiry.uuid)).toMatchObject([{ type: "work_item_assigned" }]);
    expect(await about(employee, inquiry.uuid)).toMatchObject([
      { type: "record_changed", params: { fields: [{ key: "assigned_user_id", labelEn: "Assigned to" }] } },
    ]);
  });

  it("tells those assigned to a record that someone else changed it, and which fields", async () => {
    const company = await create("company", { name: "Endring AS" });
    expect((await assignUser(ids.employee, [ref(company.uuid)])).statusCode).toBe(204);
    const changed = await call("PATCH", `/api/crm/company/${company.uuid}`, admin, {
      values: { name: "Endret AS", phone: "+47 22 33 44 55" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [change] = await about(employee, company.uuid);
    expect(change).toMatchObject({
      type: "record_changed",
      record: { name: "Endret AS" },
      params: {
        fields: [
          { key: "name", labelEn: "Company name", labelNb: "Firmanavn" },
          { key: "phone", labelEn: "Phone", labelNb: "Telefon" },
        ],
      },
    });

    // The assignee's own change, a change that changes nothing, and a refused change tell nobody.
    const before = (await about(employee, company.uuid)).length;
    await call("PATCH", `/api/crm/company/${company.uuid}`, employee, { values: { city: "Bergen" } });
    await call("PATCH", `/api/crm/company/${company.uuid}`, admin, { values: { city: "Bergen" } });
    const refused = await call("PATCH", `/api/crm/company/${company.uuid}`, admin, {
      values: { website: "not a url" },
    });
    expect(refused.statusCode).toBe(400);
    expect((await about(employee, company.uuid)).length).toBe(before);
  });

  it("tells only users who may read the record's entity, and says when one can no longer open it", async () => {
    const made = await call("POST", "/api/custom_entities", admin, {
      key: "vault",
      labelEn: "Vault",
      labelNb: "Hvelv",
      pluralEn: "Vaults",
      pluralNb: "Hvelv",
      icon: "box",
      fields: [{ key: "name", labelEn: "Name", labelNb: "Navn", type: "Text", partOfName: true }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const vault = await create("vault", { name: "Nøkler" }, admin, "custom_schema");
    const other = await create("vault", { name: "Koder" }, admin, "custom_schema");
    expect((await assignUser(ids.readOnly, [ref(vault.uuid, "vault", "custom_schema")])).statusCode).toBe(204);
    expect(await about(readOnly, vault.uuid)).toMatchObject([{ record: { name: "Nøkler", readable: true } }]);

    // The read-only role loses the entity: it is told nothing more, and cannot open what it was told of.
    const role = await t.app.db
      .selectFrom("core.role")
      .select("id")
      .where("name", "=", "Read-only")
      .executeTakeFirstOrThrow();
    await t.app.db
      .deleteFrom("core.role_permission")
      .where("role_id", "=", role.id)
      .where("resource", "=", "vault")
      .execute();
    expect((await assignUser(ids.readOnly, [ref(other.uuid, "vault", "custom_schema")])).statusCode).toBe(204);
    expect(await about(readOnly, other.uuid)).toEqual([]);
    // Nor is it told what it was told of: the record is neither named nor identified any more.
    const aboutVaults = (await recent(readOnly)).filter((n) => n.record.tableKey === "vault");
    expect(aboutVaults).toMatchObject([{ record: { uuidKey: "", name: "", readable: false } }]);

    // A deleted record is no longer there to open.
    const company = await create("company", { name: "Borte AS" });
    expect((await assignUser(ids.readOnly, [ref(company.uuid)])).statusCode).toBe(204);
    expect((await call("DELETE", `/api/crm/company/${company.uuid}`, admin)).statusCode).toBe(204);
    expect(await about(readOnly, company.uuid)).toMatchObject([{ record: { name: "Borte AS", readable: false } }]);
  });

  it("lets each user switch event types off, but never the critical one", async () => {
    const settings = await call("GET", "/api/notifications/settings", employee);
    expect(settings.json()).toEqual([
      { id: "record_assigned", enabled: true, critical: false },
      { id: "work_item_assigned", enabled: true, critical: true },
      { id: "record_changed", enabled: true, critical: false },
      { id: "todo_due_tomorrow", enabled: true, critical: false },
      { id: "todo_overdue", enabled: true, critical: false },
      { id: "import_finished", enabled: true, critical: false },
      { id: "export_finished", enabled: true, critical: false },
      { id: "form_submission", enabled: true, critical: false },
    ]);

    const patched = await call("PATCH", "/api/notifications/settings", employee, {
      settings: [
        { id: "record_assigned", enabled: false },
        { id: "todo_overdue", enabled: false },
      ],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(
      patched
        .json()
        .filter((s: any) => !s.enabled)
        .map((s: any) => s.id),
    ).toEqual(["record_assigned", "todo_overdue"]);
    const company = await create("company", { name: "Stille AS" });
    expect((await assignUser(ids.employee, [ref(company.uuid)])).statusCode).toBe(204);
    expect(await about(employee, company.uuid)).toEqual([]);
    // Another user's settings are their own.
    expect((await assignUser(ids.readOnly, [ref(company.uuid)])).statusCode).toBe(204);
    expect(await about(readOnly, company.uuid)).toMatchObject([{ type: "record_assigned" }]);

    // PUT switches one: to the other state without a body, to the state asked for with one.
    const toggled = await call("PUT", "/api/notifications/settings/record_assigned", employee);
    expect(toggled.json()).toEqual({ id: "record_assigned", enabled: true, critical: false });
    const set = await call("PUT", "/api/notifications/settings/todo_overdue", employee, { enabled: true });
    expect(set.json()).toEqual({ id: "todo_overdue", enabled: true, critical: false });
    const again = await call("PUT", "/api/notifications/settings/todo_overdue", employee, { enabled: true });
    expect(again.json().enabled).toBe(true);

    // The critical type refuses to be switched off, and the request changes nothing else.
    const refused = await call("PATCH", "/api/notifications/settings", employee, {
      settings: [
        { id: "record_changed", enabled: false },
        { id: "work_item_assigned", enabled: false },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      exceptionName: "MethodArgumentNotValidException",
      message: "This notification cannot be switched off",
      errors: [{ field: "settings.1.enabled", defaultMessage: "This notification cannot be switched off" }],
    });
    for (const body of [undefined, { enabled: false }]) {
      const put = await call("PUT", "/api/notifications/settings/work_item_assigned", employee, body);
      expect(put.statusCode).toBe(400);
      expect(put.json().message).toBe("This notification cannot be switched off");
    }
    expect((await call("GET", "/api/notifications/settings", employee)).json().every((s: any) => s.enabled)).toBe(true);

    // Unknown types and malformed bodies.
    expect((await call("PUT", "/api/notifications/settings/report_ready", employee)).statusCode).toBe(404);
    for (const body of [
      { settings: [{ id: "report_ready", enabled: false }] },
      { settings: [] },
      { settings: [{ id: "record_changed", enabled: "no" }] },
      {},
    ]) {
      expect((await call("PATCH", "/api/notifications/settings", employee, body)).statusCode).toBe(400);
    }
  });

  it("counts the unread, reads one and all, and pages newest first", async () => {
    const companies = [await create("company", { name: "Lest AS" }), await create("company", { name: "Ulest AS" })];
    expect(
      (
        await assignUser(
          ids.employee,
          companies.map((c) => ref(c.uuid)),
        )
      ).statusCode,
    ).toBe(204);
    const count = await unread(employee);
    expect(count).toBeGreaterThanOrEqual(2);

    const list = await recent(employee);
    const times = list.map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const page = (await call("GET", "/api/notifications/notification/recent?page=1&size=1", employee)).json();
    expect(page).toMatchObject({ page: 1, size: 1, totalElements: list.length });
    expect(page.content.map((n: Notification) => n.id)).toEqual([list[1].id]);
    for (const query of ["size=0", "size=101", "page=-1", "page=x"]) {
      expect((await call("GET", `/api/notifications/notification/recent?${query}`, employee)).statusCode).toBe(400);
    }

    const [target] = await about(employee, companies[0].uuid);
    const read = await call("PUT", `/api/notifications/notification/${target.id}/read`, employee);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: target.id, record: { uuidKey: companies[0].uuid, readable: true } });
    const readAt = read.json().readAt;
    expect(readAt).toEqual(expect.any(String));
    expect(await unread(employee)).toBe(count - 1);
    // Reading it again keeps when it was read.
    expect((await call("PUT", `/api/notifications/notification/${target.id}/read`, employee)).json().readAt).toBe(
      readAt,
    );
    expect(await unread(employee)).toBe(count - 1);

    const all = await call("PUT", "/api/notifications/notification/read_all", employee);
    expect(all.statusCode).toBe(204);
    expect(await unread(employee)).toBe(0);
    expect((await recent(employee)).every((n) => n.readAt !== null)).toBe(true);
  });

  it("keeps each user's notifications to themself: another's are invisible and unchangeable", async () => {
    const company = await create("company", { name: "Privat AS" });
    expect((await assignUser(ids.employee, [ref(company.uuid)])).statusCode).toBe(204);
    const [theirs] = await about(employee, company.uuid);
    const unreadBefore = await unread(employee);

    expect((await recent(readOnly)).some((n) => n.id === theirs.id)).toBe(false);
    const foreign = await call("PUT", `/api/notifications/notification/${theirs.id}/read`, readOnly);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ exceptionName: "NotFoundException", message: "Notification not found" });
    expect((await call("PUT", "/api/notifications/notification/read_all", readOnly)).statusCode).toBe(204);
    expect(await unread(employee)).toBe(unreadBefore);
    expect((await about(employee, company.uuid))[0].readAt).toBeNull();

    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      expect((await call("PUT", `/api/notifications/notification/${id}/read`, employee)).statusCode).toBe(404);
    }
    // Every call needs a signed-in user.
    for (const [method, url] of [
      ["GET", "/api/notifications/settings"],
      ["GET", "/api/notifications/notification/unread"],
      ["GET", "/api/notifications/notification/recent"],
      ["PUT", "/api/notifications/notification/read_all"],
      ["PUT", `/api/notifications/notification/${theirs.id}/read`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });

  it("reminds of to-dos due tomorrow and overdue once, in the user's time zone, however often it runs", async () => {
    const todo = async (title: string, dueDate: string, assignee: string, statusId?: string) => {
      const response = await call("POST", "/api/crm/todo", admin, {
        values: { title, due_date: dueDate, assigned_user_id: assignee },
        ...(statusId ? { statusId } : {}),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().uuid as string;
    };
    const statuses = (await call("GET", "/api/metastatus/crm/todo", admin)).json() as any[];
    const closed = statuses.find((s) => s.closed);
    expect(closed).toBeDefined();
    const tomorrow = await todo("Send tilbud", "2031-03-10", ids.employee);
    const overdue = await todo("Følg opp", "2031-03-08", ids.readOnly);
    const done = await todo("Ferdig allerede", "2031-03-10", ids.employee, closed.metaStatusId);
    const own = await todo("Egen oppgave", "2031-03-10", ids.admin);
    const reminders = async (tokens: Tokens, id: string) =>
      (await about(tokens, id)).filter((n) => n.type.startsWith("todo_"));

    // 23:30 in Oslo on the 8th: the 10th is not tomorrow yet.
    expect(await sendDueReminders(t.app.db, new Date("2031-03-08T22:30:00Z"))).toBe(0);
    // Past midnight in Oslo, still the 8th in UTC: two processes at once, and again later.
    const at = new Date("2031-03-08T23:30:00Z");
    const runs = await Promise.all([sendDueReminders(t.app.db, at), sendDueReminders(t.app.db, at)]);
    expect(runs[0] + runs[1]).toBe(3);
    expect(await sendDueReminders(t.app.db, new Date("2031-03-09T09:00:00Z"))).toBe(0);

    expect(await reminders(employee, tomorrow)).toMatchObject([
      { type: "todo_due_tomorrow", actor: null, record: { name: "Send tilbud" }, params: { dueDate: "2031-03-10" } },
    ]);
    expect(await reminders(readOnly, overdue)).toMatchObject([
      { type: "todo_overdue", params: { dueDate: "2031-03-08", entityEn: "To-do", entityNb: "Gjøremål" } },
    ]);
    expect(await reminders(employee, done)).toEqual([]);
    // A reminder has no actor: the admin is reminded of their own to-do.
    expect(await reminders(admin, own)).toMatchObject([{ type: "todo_due_tomorrow" }]);

    // A new due date is reminded of again, once; a user who switched overdue reminders off is not told of them.
    expect(
      (await call("PATCH", `/api/crm/todo/${tomorrow}`, admin, { values: { due_date: "2031-03-11" } })).statusCode,
    ).toBe(200);
    await call("PUT", "/api/notifications/settings/todo_overdue", readOnly, { enabled: false });
    const late = await todo("For sent", "2031-03-09", ids.readOnly);
    expect(await sendDueReminders(t.app.db, new Date("2031-03-10T10:00:00Z"))).toBe(1);
    expect(await sendDueReminders(t.app.db, new Date("2031-03-10T11:00:00Z"))).toBe(0);
    expect((await reminders(employee, tomorrow)).map((n) => n.params.dueDate)).toEqual(["2031-03-11", "2031-03-10"]);
    expect(await reminders(readOnly, late)).toEqual([]);
  });
});
