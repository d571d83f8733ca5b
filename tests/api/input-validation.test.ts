import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { addDataSource, widgetBody } from "../support/widgets.ts";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

const RESERVED = "This key is reserved: choose another";
const LONE_SURROGATE = "Must not contain an unpaired surrogate character";
const NUL = "Must not contain a null character";
const TOO_DEEP = "Must not be nested this deeply";

describe(`input the database cannot store, or the fields' rules refuse, on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;

  const call = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(admin.access_token), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  /** A JSON body as raw text, for what JSON.stringify would never write (a lone surrogate's escape). */
  const raw = (method: Method, url: string, text: string) =>
    call(method, url, text, { "content-type": "application/json" });
  const errorsOf = (response: { json(): any }) =>
    Object.fromEntries((response.json().errors ?? []).map((e: any) => [e.field, e.defaultMessage]));
  const expectSpecShape = (response: { statusCode: number; json(): any }, status = 400) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({
      status,
      exceptionName: expect.any(String),
      message: expect.any(String),
      requestId: expect.any(String),
    });
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses field keys that PostgreSQL's system columns, JavaScript's objects or a record's own keys have", async () => {
    const keys = [
      "constructor",
      "prototype",
      "toString",
      "hasOwnProperty",
      "valueOf",
      "xmin",
      "xmax",
      "cmin",
      "cmax",
      "ctid",
      "tableoid",
      "oid",
      "uuid",
      "values",
    ];
    for (const key of keys) {
      const response = await call("POST", "/api/advance_field/crm/contact", {
        key,
        labelEn: key,
        labelNb: key,
        type: "Text",
      });
      expectSpecShape(response);
      expect(response.json().exceptionName, key).toBe("MethodArgumentNotValidException");
      expect(errorsOf(response), key).toEqual({ key: RESERVED });
    }
    const entity = await call("POST", "/api/custom_entities", {
      key: "gadget",
      labelEn: "Gadget",
      labelNb: "Dings",
      pluralEn: "Gadgets",
      pluralNb: "Dingser",
      icon: "box",
      fields: [{ key: "xmin", labelEn: "Min", labelNb: "Min", type: "Number" }],
    });
    expectSpecShape(entity);
    expect(errorsOf(entity)).toEqual({ "fields.0.key": RESERVED });

    // Nothing was added, and the entity's records are created as before.
    const info = (await call("GET", "/api/crm/contact/info")).json();
    expect(info.fields.filter((field: any) => field.customField)).toEqual([]);
    const contact = await call("POST", "/api/crm/contact", { values: { first_name: "Ada", last_name: "Lovelace" } });
    expect(contact.statusCode, contact.body).toBe(201);
  });

  it("answers deeply nested JSON with 400 in the spec's shape on every endpoint that takes JSON", async () => {
    const document = (await call("GET", "/api/docs/openapi.json")).json();
    // Far past where a recursive walk of the request ran out of stack.
    const deepArrays = `{"values":{"name":${"[".repeat(20_000)}${"]".repeat(20_000)}}}`;
    const deepObjects = `{"name":${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}}`;
    let endpoints = 0;
    for (const [path, operations] of Object.entries<Record<string, any>>(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.requestBody?.content?.["application/json"]) continue;
        endpoints++;
        // Any value matches a path parameter; the body is refused before the parameters are checked.
        const url = path.replace(/\{\w+\}/g, "00000000-0000-0000-0000-000000000001");
        const response = await raw(method.toUpperCase() as Method, url, endpoints % 2 ? deepArrays : deepObjects);
        expectSpecShape(response);
        expect(response.json().exceptionName, `${method} ${path}`).toBe("MethodArgumentNotValidException");
        expect(response.json().errors[0].defaultMessage, `${method} ${path}`).toBe(TOO_DEEP);
      }
    }
    expect(endpoints).toBeGreaterThan(50);
    // Bodies as deep as the API's own are taken.
    const ok = await call("POST", "/api/crm/company", { values: { name: "Nested enough AS" } });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("refuses a lone surrogate in a widget's input, a record, a field's label and a query string", async () => {
    const companies = await addDataSource(t, "Zz surrogate companies", {
      entities: [{ schemaName: "crm", tableName: "company", selectedFields: [{ key: "name" }], filters: [] }],
    });
    const base = "/api/dashboards/core";
    const body = widgetBody(companies, "TABLE", {
      filters: [{ field: "name", operation: "=", paramValue: "\ud800" }],
    });
    // JSON.stringify writes a lone surrogate as its escape, as a client's JSON would carry it.
    const widget = await raw("POST", `${base}/widget`, JSON.stringify({ ...body, name: "Zz \udfff widget" }));
    expectSpecShape(widget);
    expect(errorsOf(widget)).toEqual({
      name: LONE_SURROGATE,
      "widgetConfiguration.filters.0.paramValue": LONE_SURROGATE,
    });
    const created = await call("POST", `${base}/widget`, widgetBody(companies, "TABLE"));
    expect(created.statusCode, created.body).toBe(201);
    const data = await raw(
      "POST",
      `${base}/widget/${created.json().uuid}/data`,
      JSON.stringify({ filterValues: [{ field: "name", value: "a\ud800b" }] }),
    );
    expectSpecShape(data);
    expect(errorsOf(data)).toEqual({ "filterValues.0.value": LONE_SURROGATE });
    const preview = await raw("POST", `${base}/widget/preview`, JSON.stringify({ widget: body }));
    expect(errorsOf(preview)).toEqual({ "widget.widgetConfiguration.filters.0.paramValue": LONE_SURROGATE });

    const record = await raw("POST", "/api/crm/company", '{"values":{"name":"Zz \\ud800 AS","city":"\\udc00"}}');
    expectSpecShape(record);
    expect(errorsOf(record)).toEqual({ "values.name": LONE_SURROGATE, "values.city": LONE_SURROGATE });
    const field = await raw(
      "POST",
      "/api/advance_field/crm/company",
      '{"key":"size","labelEn":"Size \\ud83d","labelNb":"Str","type":"Text"}',
    );
    expect(errorsOf(field)).toEqual({ labelEn: LONE_SURROGATE });
    // An object key is text too.
    const key = await raw("POST", "/api/crm/company", '{"values":{"name":"Zz AS","\\ud800":"x"}}');
    expect(errorsOf(key)).toEqual({ "values.\ud800": LONE_SURROGATE });
    // In a query string, percent-encoded as UTF-8 would write the surrogate's code point.
    const list = await call("GET", "/api/crm/company?search=%ED%A0%80abc");
    expect(list.statusCode).toBeLessThan(500);
    // A pair is a character like any other.
    const emoji = await call("POST", "/api/crm/company", { values: { name: "Zz 😀 AS" } });
    expect(emoji.statusCode, emoji.body).toBe(201);
    expect(emoji.json().values.name).toBe("Zz 😀 AS");
  });

  it("refuses a NUL or a lone surrogate in an upload's file name and fields, and a malformed multipart body", async () => {
    const boundary = "zzboundary";
    const multipart = (fileName: string, description = "A description") =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\n${description}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`,
        ),
        Buffer.from(fileName, "latin1"),
        Buffer.from(`"\r\nContent-Type: text/plain\r\n\r\nSome plain text\r\n--${boundary}--\r\n`),
      ]);
    const upload = (payload: Buffer | string, contentType = `multipart/form-data; boundary=${boundary}`) =>
      t.app.inject({
        method: "POST",
        url: "/api/documents/document",
        headers: { ...bearer(admin.access_token), "content-type": contentType },
        payload,
      });

    const nulName = await upload(multipart("notes\u0000.txt"));
    expectSpecShape(nulName);
    expect(errorsOf(nulName)).toEqual({ file: NUL });
    const nulField = await upload(multipart("notes.txt", "Before\u0000after"));
    expect(errorsOf(nulField)).toEqual({ description: NUL });
    // A multipart body is bytes: a lone surrogate's UTF-8-like bytes are not UTF-8, and arrive as U+FFFD.
    const surrogateName = await upload(multipart("notes\u00ed\u00a0\u0080.txt"));
    expect(surrogateName.statusCode, surrogateName.body).toBe(201);

    for (const [what, response] of [
      ["no boundary", await upload(multipart("notes.txt"), "multipart/form-data")],
      ["cut short", await upload(multipart("notes.txt").subarray(0, 200))],
      ["not multipart at all", await upload("garbage")],
    ] as const) {
      expectSpecShape(response);
      expect(response.json().exceptionName, what).toMatch(/^(BadRequestException|MissingServletRequestPartException)$/);
    }
    const fine = await upload(multipart("notes.txt"));
    expect(fine.statusCode, fine.body).toBe(201);
    expect(fine.json().values).toMatchObject({ file_name: "notes.txt", description: "A description" });
  });

  it("keeps a company's employees from going below zero and its discount within 0 to 100 %, with the fields' texts", async () => {
    const company = async (values: object) =>
      call("POST", "/api/crm/company", { values: { name: "Zz Rules AS", ...values } });
    const negative = await company({ employees: -5 });
    expectSpecShape(negative);
    expect(errorsOf(negative)).toEqual({ employees: "Must be at least 0" });
    const tooMuch = await company({ discount: 5 });
    expect(errorsOf(tooMuch)).toEqual({ discount: "Must be at most 100 %" });
    const belowNothing = await company({ discount: -0.1 });
    expect(errorsOf(belowNothing)).toEqual({ discount: "Must be at least 0 %" });
    const fine = await company({ employees: 0, discount: 1 });
    expect(fine.statusCode, fine.body).toBe(201);
    const changed = await call("PATCH", `/api/crm/company/${fine.json().uuid}`, { values: { employees: -1 } });
    expect(errorsOf(changed)).toEqual({ employees: "Must be at least 0" });
    // The form's field settings show the rules.
    const standard = (await call("GET", "/api/advance_field/crm/company/standard_fields")).json();
    expect(standard.find((field: any) => field.key === "employees")).toMatchObject({ minValue: 0, maxValue: null });
    expect(standard.find((field: any) => field.key === "discount")).toMatchObject({ minValue: 0, maxValue: 1 });
  });

  it("refuses one notification setting given twice in one change, which one statement cannot write", async () => {
    const response = await call("PATCH", "/api/notifications/settings", {
      settings: [
        { id: "todo_overdue", enabled: false },
        { id: "todo_overdue", enabled: true },
      ],
    });
    expectSpecShape(response);
    expect(errorsOf(response)).toEqual({ settings: "Each setting may be given only once" });
    const once = await call("PATCH", "/api/notifications/settings", {
      settings: [{ id: "todo_overdue", enabled: false }],
    });
    expect(once.statusCode, once.body).toBe(200);
  });
});
