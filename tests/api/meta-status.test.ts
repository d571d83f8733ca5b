import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

interface Setting {
  metaStatusId: string;
  key: string;
  nameEn: string;
  nameNb: string;
  isDefault: boolean;
  active: boolean;
  rank: number;
  colour: string | null;
  closed: boolean;
  schemaKey: string;
  tableKey: string;
}

describe(`the meta status service on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, tokens = admin, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });
  const errorsOf = (response: { json(): any }) =>
    Object.fromEntries((response.json().errors ?? []).map((e: any) => [e.field, e.defaultMessage]));
  const priorities = async (): Promise<Setting[]> =>
    (await call("GET", "/api/metastatus/priority?schema=crm&table=inquiry")).json();
  const create = async (kind: string, body: object) => {
    const response = await call("POST", `/api/metastatus/${kind}`, admin, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Setting;
  };
  const newInquiry = async (values: Record<string, unknown>) => {
    const response = await call("POST", "/api/crm/inquiry", employee, { values });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists every one of a kind for the settings, and only to those who may read the settings", async () => {
    const list = await priorities();
    expect(list.map((p) => [p.key, p.rank, p.active])).toEqual([
      ["urgent", 0, true],
      ["high", 1, true],
      ["normal", 2, true],
      ["low", 3, true],
    ]);
    const everyEntity: Setting[] = (await call("GET", "/api/metastatus/status")).json();
    expect(new Set(everyEntity.map((s) => s.tableKey))).toEqual(new Set(["company", "contact", "inquiry", "todo"]));
    expect((await call("GET", "/api/metastatus/priority?schema=crm&table=inquiry", employee)).statusCode).toBe(403);
    // A company has statuses but no priorities; an unknown kind is no route's.
    expect((await call("GET", "/api/metastatus/priority?schema=crm&table=company")).statusCode).toBe(404);
    expect((await call("GET", "/api/metastatus/mood?schema=crm&table=company")).statusCode).toBe(400);
  });

  it("names the entities that have each kind, for the settings to offer", async () => {
    const tables = async (kind: string) =>
      ((await call("GET", `/api/metastatus/${kind}/entities`)).json() as { tableKey: string }[]).map((e) => e.tableKey);
    // Every entity has a status; only inquiries and to-dos choose a priority, category or source.
    expect(new Set(await tables("status"))).toEqual(
      new Set(["company", "contact", "document", "inquiry", "note", "todo"]),
    );
    for (const kind of ["priority", "category", "source"])
      expect(new Set(await tables(kind))).toEqual(new Set(["inquiry", "todo"]));
    const inquiry = ((await call("GET", "/api/metastatus/priority/entities")).json() as object[]).find(
      (e: any) => e.tableKey === "inquiry",
    );
    expect(inquiry).toMatchObject({ schemaKey: "crm", labelEn: "Inquiry", pluralNb: "Henvendelser", builtIn: true });
    expect((await call("GET", "/api/metastatus/status/entities", employee)).statusCode).toBe(403);
    expect((await call("GET", "/api/metastatus/mood/entities")).statusCode).toBe(400);
  });

  it("checks names and colours with the spec's texts, and refuses a name the entity already has", async () => {
    const empty = await call("POST", "/api/metastatus/category", admin, {
      schema: "crm",
      table: "todo",
      nameEn: "  ",
      nameNb: "x".repeat(256),
      colour: "red",
    });
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty)).toEqual({
      nameEn: "Required",
      nameNb: "Max 255 limit",
      colour: "Must be a colour such as #1A7F37",
    });

    const duplicate = await call("POST", "/api/metastatus/category", admin, {
      schema: "crm",
      table: "todo",
      nameEn: "Something new",
      nameNb: "oppfølging",
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().exceptionName).toBe("DuplicateValueException");
    expect(errorsOf(duplicate)).toEqual({ nameNb: "oppfølging already exist" });

    // The same name on another entity is another category.
    const other = await create("category", {
      schema: "crm",
      table: "inquiry",
      nameEn: "Follow-up",
      nameNb: "Oppfølging",
    });
    expect(other).toMatchObject({ key: "follow_up", tableKey: "inquiry", colour: null, isDefault: false });
  });

  it("keeps one default: a new default replaces the old one, which new records then no longer get", async () => {
    const critical = await create("priority", {
      schema: "crm",
      table: "inquiry",
      nameEn: "Critical",
      nameNb: "Kritisk",
      colour: "#B42318",
      rank: 0,
      isDefault: true,
    });
    expect(critical).toMatchObject({ key: "critical", rank: 0, colour: "#B42318", active: true, closed: false });
    expect((await priorities()).filter((p) => p.isDefault).map((p) => p.key)).toEqual(["critical"]);
    expect((await call("GET", "/api/metastatus/default/crm/inquiry?kind=priority", employee)).json().key).toBe(
      "critical",
    );
    // Forms offer it at once, and a new inquiry without a priority gets it.
    const inquiry = await newInquiry({ title: "Strømbrudd" });
    expect(inquiry.values.priority_id).toBe(critical.metaStatusId);

    const normal = (await priorities()).find((p) => p.key === "normal")!;
    const moved = await call("PUT", `/api/metastatus/priority/${normal.metaStatusId}`, admin, {
      nameEn: "Normal",
      nameNb: "Normal",
      rank: normal.rank,
      isDefault: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await priorities()).filter((p) => p.isDefault).map((p) => p.key)).toEqual(["normal"]);

    // "closed" belongs to statuses only.
    const closedPriority = await call("PUT", `/api/metastatus/priority/${critical.metaStatusId}`, admin, {
      nameEn: "Critical",
      nameNb: "Kritisk",
      closed: true,
    });
    expect(closedPriority.json()).toMatchObject({ closed: false, rank: 0 });
  });

  it("refuses a default that is not active", async () => {
    const normal = (await priorities()).find((p) => p.key === "normal")!;
    const response = await call("PUT", `/api/metastatus/priority/${normal.metaStatusId}`, admin, {
      nameEn: "Normal",
      nameNb: "Normal",
      isDefault: true,
      active: false,
    });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual({ active: "The default must be active" });
  });

  it("deletes only an inactive one that is not the default and no record holds, with the spec's texts", async () => {
    const waiting = await create("status", { schema: "crm", table: "todo", nameEn: "Waiting", nameNb: "Venter" });
    const refusedActive = await call("DELETE", `/api/metastatus/status/${waiting.metaStatusId}`);
    expect(refusedActive.statusCode).toBe(409);
    expect(refusedActive.json()).toMatchObject({
      exceptionName: "CannotDeleteMetaStatusException",
      message: "Cannot delete default or active source, category, status or priority.",
    });

    const todo = await call("POST", "/api/crm/todo", employee, {
      values: { title: "Ring tilbake" },
      statusId: waiting.metaStatusId,
    });
    expect(todo.statusCode, todo.body).toBe(201);
    const off = await call("PUT", `/api/metastatus/status/${waiting.metaStatusId}`, admin, {
      nameEn: "Waiting",
      nameNb: "Venter",
      active: false,
    });
    expect(off.json()).toMatchObject({ active: false });
    // No longer offered, though the settings still list it.
    const offered = (await call("GET", "/api/metastatus/crm/todo", employee)).json();
    expect(offered.map((s: Setting) => s.key)).not.toContain("waiting");

    const inUse = await call("DELETE", `/api/metastatus/status/${waiting.metaStatusId}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({
      exceptionName: "ComponentToBeRemovedInUseException",
      message: "Cannot be removed. Value is in use.",
    });
    expect((await call("GET", `/api/crm/todo/${todo.json().uuid}`, employee)).json().statusId).toBe(
      waiting.metaStatusId,
    );

    expect((await call("DELETE", `/api/crm/todo/${todo.json().uuid}`, employee)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/metastatus/status/${waiting.metaStatusId}`)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/metastatus/status/${waiting.metaStatusId}`)).statusCode).toBe(404);
  });

  it("refuses the default even when inactive is asked for, and a priority's field counts as its use", async () => {
    const list = await priorities();
    const normal = list.find((p) => p.isDefault)!;
    const deleteDefault = await call("DELETE", `/api/metastatus/priority/${normal.metaStatusId}`);
    expect(deleteDefault.json().exceptionName).toBe("CannotDeleteMetaStatusException");

    const low = list.find((p) => p.key === "low")!;
    await newInquiry({ title: "Lav prioritet", priority_id: low.metaStatusId });
    await call("PUT", `/api/metastatus/priority/${low.metaStatusId}`, admin, {
      nameEn: "Low",
      nameNb: "Lav",
      active: false,
    });
    const inUse = await call("DELETE", `/api/metastatus/priority/${low.metaStatusId}`);
    expect(inUse.json().exceptionName).toBe("ComponentToBeRemovedInUseException");
  });

  it("answers 404 for unknown ids, ids of another kind, and lets only settings editors change anything", async () => {
    const status = (await call("GET", "/api/metastatus/status?schema=crm&table=inquiry")).json()[0] as Setting;
    const body = { nameEn: "X", nameNb: "X" };
    expect((await call("PUT", `/api/metastatus/priority/${status.metaStatusId}`, admin, body)).statusCode).toBe(404);
    expect((await call("PUT", "/api/metastatus/status/not-an-id", admin, body)).statusCode).toBe(404);
    expect((await call("DELETE", "/api/metastatus/status/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await call("PUT", `/api/metastatus/status/${status.metaStatusId}`, employee, body)).statusCode).toBe(403);
    expect(
      (await call("POST", "/api/metastatus/status", employee, { ...body, schema: "crm", table: "inquiry" })).statusCode,
    ).toBe(403);
    expect((await call("DELETE", `/api/metastatus/status/${status.metaStatusId}`, employee)).statusCode).toBe(403);
  });
});
