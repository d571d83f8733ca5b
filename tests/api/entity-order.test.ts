import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldInputOf } from "../../app/features/settings/field-management/field-management-form.ts";
import { seedWorkspace } from "../../server/db/seed.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

describe(`entity order on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let settingsReader: Tokens;

  const call = (method: "GET" | "POST" | "PUT", url: string, tokens = admin, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });
  const orderOf = async (path: string) => {
    const response = await call("GET", `/api/entity_order/${path}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().map((field: { key: string }) => field.key) as string[];
  };
  const infoOrder = async (path: string, tokens = employee) =>
    (await call("GET", `/api/${path}/info`, tokens)).json().fields.map((field: { key: string }) => field.key);

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    // A role that may read the settings but not change them.
    const role = await t.app.db
      .selectFrom("core.role")
      .select("id")
      .where("name", "=", "Read-only")
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto("core.role_permission")
      .values({ role_id: role.id, resource: "System_Settings", operation: "Read" })
      .execute();
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    settingsReader = await signIn(t.app, "readonly@example.com");
    const created = await call("POST", "/api/custom_entities", admin, {
      key: "voyage",
      labelEn: "Voyage",
      labelNb: "Reise",
      pluralEn: "Voyages",
      pluralNb: "Reiser",
      fields: [
        { key: "name", labelEn: "Name", labelNb: "Navn", type: "Text", required: true, partOfName: true },
        { key: "ship", labelEn: "Ship", labelNb: "Skip", type: "Text" },
        { key: "days", labelEn: "Days", labelNb: "Dager", type: "Number" },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists an entity's fields in order, standard and custom, with what the settings screen shows", async () => {
    const response = await call("GET", "/api/entity_order/crm/company");
    expect(response.statusCode, response.body).toBe(200);
    const fields = response.json();
    expect(fields[0]).toMatchObject({
      key: "name",
      labelEn: "Company name",
      type: "Text",
      builtIn: true,
      customField: false,
      required: true,
      hidden: false,
      active: true,
      position: 0,
    });
    expect(fields.map((field: { position: number }) => field.position)).toEqual(
      fields.map((_: unknown, i: number) => i),
    );
    expect(fields.map((field: { key: string }) => field.key)).toEqual(await infoOrder("crm/company"));
    expect(await orderOf("custom_schema/voyage")).toEqual(["name", "ship", "days"]);
    const custom = (await call("GET", "/api/entity_order/custom_schema/voyage")).json();
    expect(custom[2]).toMatchObject({
      key: "days",
      labelNb: "Dager",
      type: "Number",
      builtIn: false,
      customField: true,
    });
  });

  it("writes a new order that records use at once, and keeps it through a start's sync of standard fields", async () => {
    const saved = await call("POST", "/api/entity_order/custom_schema/voyage", admin, {
      keys: ["days", "name", "ship"],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().map((field: { key: string; position: number }) => [field.key, field.position])).toEqual([
      ["days", 0],
      ["name", 1],
      ["ship", 2],
    ]);
    expect(await orderOf("custom_schema/voyage")).toEqual(["days", "name", "ship"]);
    expect(await infoOrder("custom_schema/voyage", admin)).toEqual(["days", "name", "ship"]);

    // A field added later comes last.
    const added = await call("POST", "/api/advance_field/custom_schema/voyage", admin, {
      key: "port",
      labelEn: "Port",
      labelNb: "Havn",
      type: "Text",
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await infoOrder("custom_schema/voyage", admin)).toEqual(["days", "name", "ship", "port"]);

    // A standard entity: its standard and custom fields mixed, the order kept when the start syncs the code's fields.
    const before = await orderOf("crm/contact");
    const moved = [before[3], ...before.filter((key) => key !== before[3])];
    expect((await call("POST", "/api/entity_order/crm/contact", admin, { keys: moved })).statusCode).toBe(200);
    expect(await infoOrder("crm/contact")).toEqual(moved);
    await seedWorkspace(t.app.db, { demo: false });
    expect(await orderOf("crm/contact")).toEqual(moved);
    expect((await call("POST", "/api/entity_order/crm/contact", admin, { keys: before })).statusCode).toBe(200);
    expect(await infoOrder("crm/contact")).toEqual(before);
  });

  it("takes a field's settings back with one switch changed, for every type (the field management screen)", async () => {
    const fields = [
      { key: "t_text", type: "Text", minLength: 2, maxLength: 40, defaultValue: "Ahoy", searchable: true },
      { key: "t_number", type: "Number", minValue: 1, maxValue: 99, defaultValue: 7, unique: true },
      { key: "t_percent", type: "Percent", minValue: 0.1, maxValue: 0.9, defaultValue: 0.25 },
      { key: "t_date", type: "Date", from: "2026-01-01", to: "2026-12-31", defaultValue: "2026-05-17" },
      { key: "t_datetime", type: "DateTime", defaultValue: "2026-05-17T10:00:00.000Z" },
      {
        key: "t_list",
        type: "List",
        options: [
          { labelEn: "Gold", labelNb: "Gull" },
          { labelEn: "Silver", labelNb: "Sølv" },
        ],
        defaultValue: "silver",
      },
      {
        key: "t_multi",
        type: "MultiSelect",
        options: [
          { labelEn: "Web", labelNb: "Nett" },
          { labelEn: "Shop", labelNb: "Butikk" },
        ],
        defaultValue: ["web", "shop"],
      },
      { key: "t_bool", type: "Bool", defaultValue: true },
      { key: "t_url", type: "Url", defaultValue: "https://example.com" },
      { key: "t_query", type: "Query", query: "select count(*) as n from custom_schema.voyage where id = this.id" },
    ];
    for (const field of fields) {
      const created = await call("POST", "/api/advance_field/custom_schema/voyage", admin, {
        labelEn: field.key,
        labelNb: `${field.key} nb`,
        ...field,
      });
      expect(created.statusCode, created.body).toBe(201);
      const before = created.json();
      const path = `/api/advance_field/custom_schema/voyage/${field.key}`;
      for (const [setting, value] of [
        ["hidden", true],
        ["active", false],
        ["required", field.type !== "Query"],
      ] as const) {
        const changed = await call("PUT", path, admin, fieldInputOf((await call("GET", path)).json(), setting, value));
        expect(changed.statusCode, `${field.key} ${setting}: ${changed.body}`).toBe(200);
      }
      const after = (await call("GET", path)).json();
      expect(after).toEqual({ ...before, hidden: true, active: false, required: field.type !== "Query" });
    }
  });

  it("refuses an order that does not name every field exactly once", async () => {
    const keys = await orderOf("custom_schema/voyage");
    const refuse = async (payload: object, text: string | RegExp) => {
      const response = await call("POST", "/api/entity_order/custom_schema/voyage", admin, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ exceptionName: "MethodArgumentNotValidException" });
      expect(response.json().errors[0].field).toBe("keys");
      expect(response.json().errors[0].defaultMessage).toMatch(text);
    };
    await refuse({ keys: keys.slice(1) }, `Name every field of the entity exactly once: missing ${keys[0]}`);
    await refuse({ keys: [...keys, "cargo"] }, "Name every field of the entity exactly once: unknown cargo");
    await refuse(
      { keys: [...keys.slice(0, -1), keys[0]] },
      `Name every field of the entity exactly once: missing ${keys.at(-1)}; named twice ${keys[0]}`,
    );
    await refuse({ keys: [] }, /.+/);
    await refuse({ keys: "name" }, /.+/);
    // Nothing was written.
    expect(await orderOf("custom_schema/voyage")).toEqual(keys);
  });

  it("needs Read on the settings to see the order and Update to change it", async () => {
    const keys = await orderOf("custom_schema/voyage");
    expect((await call("GET", "/api/entity_order/custom_schema/voyage", employee)).statusCode).toBe(403);
    const read = await call("GET", "/api/entity_order/custom_schema/voyage", settingsReader);
    expect(read.statusCode, read.body).toBe(200);
    for (const tokens of [employee, settingsReader]) {
      const refused = await call("POST", "/api/entity_order/custom_schema/voyage", tokens, {
        keys: [...keys].reverse(),
      });
      expect(refused.statusCode, refused.body).toBe(403);
    }
    expect(await orderOf("custom_schema/voyage")).toEqual(keys);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/entity_order/crm/company" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers 404 for an entity that does not exist", async () => {
    for (const method of ["GET", "POST"] as const) {
      const payload = method === "POST" ? { keys: ["name"] } : undefined;
      const response = await call(method, "/api/entity_order/custom_schema/nothing_here", admin, payload);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ exceptionName: "NotFoundException" });
    }
    expect((await call("GET", "/api/entity_order/crm/Company")).statusCode).toBe(400);
  });
});
