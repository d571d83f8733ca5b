import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadActor } from "../../server/auth/actors.ts";
import { customFieldInputSchema, FIELD_LIMIT } from "../../server/contract/custom-fields.ts";
import { fieldLimitMessage } from "../../server/contract/settings-texts.ts";
import { addField as addFieldTo, preparedField } from "../../server/fields/fields.service.ts";
import { cachedEntity, forgetEntity } from "../../server/records/metadata.repository.ts";
import { english } from "../support/messages.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

describe(`custom fields on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;

  const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, tokens = admin, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });
  const errorsOf = (response: { json(): any }) =>
    Object.fromEntries((response.json().errors ?? []).map((e: any) => [e.field, e.defaultMessage]));
  const addField = async (table: string, body: object) => {
    const response = await call("POST", `/api/advance_field/crm/${table}`, admin, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const base = (key: string, type: string, extra: object = {}) => ({
    key,
    labelEn: `${key} label`,
    labelNb: `${key} etikett`,
    type,
    ...extra,
  });
  const newRecord = async (table: string, values: Record<string, unknown>) => {
    const response = await call("POST", `/api/crm/${table}`, employee, { values });
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

  it("lists the entities with their column budget, and only to settings readers", async () => {
    const entities = (await call("GET", "/api/advance_field/entities")).json();
    const company = entities.find((e: any) => e.tableKey === "company");
    expect(company).toMatchObject({
      schemaKey: "crm",
      labelNb: "Firma",
      customFields: 0,
      fieldLimit: FIELD_LIMIT,
      columnLimit: 1600,
    });
    expect(company.columnsUsed).toBeGreaterThan(10);
    expect((await call("GET", "/api/advance_field/entities", employee)).statusCode).toBe(403);
    const standard = (await call("GET", "/api/advance_field/crm/company/standard_fields")).json();
    expect(standard.map((f: any) => f.key)).toContain("name");
    expect(standard.every((f: any) => f.builtIn && !f.customField)).toBe(true);
  });

  it("adds a field of each type that records use at once: forms, values, lists, search and history", async () => {
    const types = {
      Date: {},
      DateTime: {},
      Email: {},
      Number: { minValue: 0, maxValue: 100 },
      Percent: {},
      Phone: {},
      List: {
        options: [
          { labelEn: "Gold", labelNb: "Gull" },
          { labelEn: "Silver", labelNb: "Sølv" },
        ],
      },
      MultiSelect: {
        options: [
          { labelEn: "Web", labelNb: "Nett" },
          { labelEn: "Shop", labelNb: "Butikk" },
        ],
      },
      Text: { searchable: true, minLength: 2, maxLength: 20 },
      LongText: {},
      Bool: {},
      Url: {},
    };
    for (const [type, extra] of Object.entries(types)) {
      const field = await addField("company", base(`cf_${type.toLowerCase()}`, type, extra));
      expect(field).toMatchObject({ type, customField: true, builtIn: false, active: true });
    }
    const list = (await call("GET", "/api/advance_field/crm/company")).json();
    expect(list.map((f: any) => f.key)).toEqual(Object.keys(types).map((type) => `cf_${type.toLowerCase()}`));
    expect(list.find((f: any) => f.key === "cf_list").options.map((o: any) => o.value)).toEqual(["gold", "silver"]);

    const info = (await call("GET", "/api/crm/company/info", employee)).json();
    expect(info.fields.find((f: any) => f.key === "cf_text")).toMatchObject({
      customField: true,
      labelNb: "cf_text etikett",
    });

    const record = await newRecord("company", {
      name: "Feltfirma AS",
      cf_date: "2026-05-17",
      cf_datetime: "2026-05-17T10:00:00Z",
      cf_email: "post@felt.no",
      cf_number: 42,
      cf_percent: 0.25,
      cf_phone: "+47 22 22 22 22",
      cf_list: "gold",
      cf_multiselect: "[web, shop]",
      cf_text: "Blåbærsyltetøy",
      cf_longtext: "Lang tekst",
      cf_bool: true,
      cf_url: "felt.no",
    });
    expect(record.values).toMatchObject({
      cf_date: "2026-05-17",
      cf_number: 42,
      cf_percent: 0.25,
      cf_list: "gold",
      cf_multiselect: ["web", "shop"],
      cf_bool: true,
      cf_url: "https://felt.no",
    });
    const found = (await call("GET", "/api/crm/company?q=syltet", employee)).json();
    expect(found.content.map((r: any) => r.uuid)).toEqual([record.uuid]);
    const sorted = await call("GET", "/api/crm/company?sort=cf_number,desc&filter.cf_list=gold", employee);
    expect(sorted.json().content[0].uuid).toBe(record.uuid);

    const refused = await call("POST", "/api/crm/company", employee, {
      values: { name: "Feil AS", cf_number: 101, cf_text: "x", cf_list: "bronze" },
    });
    expect(errorsOf(refused)).toEqual({
      "customFields.cf_number": "Must be at most 100",
      "customFields.cf_text": "Min 2 characters",
      "customFields.cf_list": "Must be one of the options",
    });

    const updated = await call("PATCH", `/api/crm/company/${record.uuid}`, employee, { values: { cf_number: 7 } });
    expect(updated.statusCode, updated.body).toBe(200);
    const history = (await call("GET", `/api/data_feed/crm/company?id==${record.uuid}`, employee)).json();
    expect(history.content[0].changes).toEqual([{ key: "cf_number", before: 42, after: 7 }]);
  });

  it("checks keys, labels and limits with the spec's texts", async () => {
    const pasted = await addField("contact", base("Shoe size (EU)!", "Number"));
    expect(pasted.key).toBe("shoe_size_eu");
    const taken = await call("POST", "/api/advance_field/crm/contact", admin, base("shoe_size_eu", "Text"));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      exceptionName: "FieldKeyAlreadyExistingException",
      message: "Field key already exist",
    });
    // A built-in column's name is taken too.
    const builtIn = await call("POST", "/api/advance_field/crm/contact", admin, base("email", "Text"));
    expect(builtIn.json().exceptionName).toBe("FieldKeyAlreadyExistingException");

    const bad = await call("POST", "/api/advance_field/crm/contact", admin, {
      key: "9lives",
      labelEn: "",
      labelNb: "x".repeat(256),
      type: "Text",
      minLength: 10,
      maxLength: 5,
      required: true,
      hidden: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toEqual({
      key: "Only letters, digits and underscore, starting with a letter",
      labelEn: "Required",
      labelNb: "Max 255 limit",
      maxLength: "The maximum must be greater than the minimum",
      hidden: "A required field cannot be hidden without a default",
    });
    const dates = await call("POST", "/api/advance_field/crm/contact", admin, {
      ...base("visit", "Date"),
      from: "2026-12-01",
      to: "2026-01-01",
    });
    expect(errorsOf(dates)).toEqual({ to: "From must not exceed To" });
    const noOptions = await call("POST", "/api/advance_field/crm/contact", admin, base("tier", "List"));
    expect(errorsOf(noOptions)).toEqual({ options: "Add at least one option" });
    const badDefault = await call("POST", "/api/advance_field/crm/contact", admin, {
      ...base("web", "Url"),
      defaultValue: "not a url",
    });
    expect(errorsOf(badDefault)).toEqual({ defaultValue: "Must be a valid URL" });
  });

  it("gives new records a hidden field's default and keeps it through saves that leave it out", async () => {
    await addField("contact", { ...base("region", "Text"), required: true, hidden: true, defaultValue: "Vest" });
    const contact = await newRecord("contact", { first_name: "Hilde", last_name: "Skjult" });
    expect(contact.values.region).toBe("Vest");
    const replaced = await call("PUT", `/api/crm/contact/${contact.uuid}`, employee, {
      values: { first_name: "Hilde", last_name: "Skjult" },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().values.region).toBe("Vest");
  });

  it("refuses uniqueness over duplicated data, and a required unique field on a table with rows", async () => {
    await addField("inquiry", base("ticket", "Text"));
    for (const title of ["A", "B"]) {
      const r = await call("POST", "/api/crm/inquiry", employee, { values: { title, ticket: "T-1" } });
      expect(r.statusCode, r.body).toBe(201);
    }
    const field = (await call("GET", "/api/advance_field/crm/inquiry/ticket")).json();
    const unique = await call("PUT", "/api/advance_field/crm/inquiry/ticket", admin, { ...field, unique: true });
    expect(unique.statusCode).toBe(409);
    expect(unique.json()).toMatchObject({
      exceptionName: "CannotCreateUniquenessException",
      message: "Sorry, unique and required is not possible for this field",
    });
    const requiredUnique = await call("POST", "/api/advance_field/crm/inquiry", admin, {
      ...base("code", "Text"),
      unique: true,
      required: true,
    });
    expect(requiredUnique.json().exceptionName).toBe("CannotCreateUniquenessException");

    const code = await addField("inquiry", { ...base("code", "Text"), unique: true });
    expect(code.unique).toBe(true);
    await call("POST", "/api/crm/inquiry", employee, { values: { title: "C", code: "X1" } });
    const twice = await call("POST", "/api/crm/inquiry", employee, { values: { title: "D", code: "X1" } });
    expect(twice.statusCode).toBe(409);
    expect(errorsOf(twice)).toEqual({ "customFields.code": "X1 already exist" });
  });

  it("refuses a lower max character count than stored text, and removing an option in use", async () => {
    const notes = await addField("todo", { ...base("notes_short", "Text"), maxLength: 50 });
    await call("POST", "/api/crm/todo", employee, { values: { title: "Lang", notes_short: "x".repeat(30) } });
    const lower = await call("PUT", "/api/advance_field/crm/todo/notes_short", admin, { ...notes, maxLength: 10 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json()).toMatchObject({
      exceptionName: "InvalidMaxCharacterCountException",
      message: "New max character count is less than to current value.",
    });
    expect(
      (await call("PUT", "/api/advance_field/crm/todo/notes_short", admin, { ...notes, maxLength: 30 })).statusCode,
    ).toBe(200);

    const size = await addField("todo", {
      ...base("size", "MultiSelect"),
      options: [
        { labelEn: "Small", labelNb: "Liten" },
        { labelEn: "Large", labelNb: "Stor" },
      ],
    });
    await call("POST", "/api/crm/todo", employee, { values: { title: "Stor", size: ["large"] } });
    const removeLarge = await call("PUT", "/api/advance_field/crm/todo/size", admin, {
      ...size,
      options: [size.options[0]],
    });
    expect(removeLarge.statusCode).toBe(409);
    expect(removeLarge.json()).toMatchObject({
      exceptionName: "ComponentToBeRemovedInUseException",
      message: "Cannot be removed. Value is in use.",
    });
    const removeSmall = await call("PUT", "/api/advance_field/crm/todo/size", admin, {
      ...size,
      labelNb: "Størrelse",
      options: [size.options[1], { labelEn: "Medium", labelNb: "Middels" }],
    });
    expect(removeSmall.statusCode, removeSmall.body).toBe(200);
    expect(removeSmall.json().options.map((o: any) => o.value)).toEqual(["large", "medium"]);
  });

  it("keeps a field in use: no type change, no delete; an unused one changes type and goes with its column", async () => {
    const used = await addField("company", base("rating", "Number"));
    await newRecord("company", { name: "Vurdert AS", rating: 5 });
    const retype = await call("PUT", "/api/advance_field/crm/company/rating", admin, { ...used, type: "Text" });
    expect(retype.json()).toMatchObject({ exceptionName: "FieldInUseException", message: "Field in use" });
    const remove = await call("DELETE", `/api/advance_field/crm/company/${used.id}`);
    expect(remove.json()).toMatchObject({ exceptionName: "FieldInUseException", message: "Field in use" });
    const off = await call("PUT", "/api/advance_field/crm/company/rating", admin, { ...used, active: false });
    expect(off.json().active).toBe(false);
    const info = (await call("GET", "/api/crm/company/info", employee)).json();
    expect(info.fields.find((f: any) => f.key === "rating").active).toBe(false);

    const unused = await addField("company", base("spare", "Number"));
    const retyped = await call("PUT", "/api/advance_field/crm/company/spare", admin, { ...unused, type: "Date" });
    expect(retyped.statusCode, retyped.body).toBe(200);
    await newRecord("company", { name: "Dato AS", spare: "2026-01-02" });
    // A form saves an unticked Yes/No as no: only a yes counts as a value.
    const emptyAgain = await addField("company", base("gone", "Bool"));
    await newRecord("company", { name: "Nei AS", gone: false });
    expect((await call("DELETE", `/api/advance_field/crm/company/${emptyAgain.id}`)).statusCode).toBe(204);
    expect((await call("GET", "/api/advance_field/crm/company/gone")).statusCode).toBe(404);
    expect(
      (await call("POST", "/api/crm/company", employee, { values: { name: "Etter AS", gone: true } })).statusCode,
    ).toBe(201);
  });

  it("never edits or deletes a standard field", async () => {
    const name = (await call("GET", "/api/advance_field/crm/company/name")).json();
    const edit = await call("PUT", "/api/advance_field/crm/company/name", admin, { ...name, labelEn: "Title" });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().exceptionName).toBe("StandardFieldException");
    expect((await call("DELETE", `/api/advance_field/crm/company/${name.id}`)).statusCode).toBe(409);
  });

  it("runs Query fields read-only for a record, and answers a failing or harmful select with Query failed.", async () => {
    const invalid = await call("POST", "/api/advance_field/crm/company", admin, {
      ...base("q_bad", "Query"),
      query: "select 1",
      required: true,
    });
    expect(errorsOf(invalid)).toEqual({
      required: "A Query field cannot be required",
      query: "The query must start with select and contain this.id",
    });
    const broken = await call("POST", "/api/advance_field/crm/company", admin, {
      ...base("q_broken", "Query"),
      query: "select nothing from nowhere where id = this.id",
    });
    expect(errorsOf(broken)).toEqual({ query: "Query failed." });
    for (const query of [
      "select password_hash from core.app_user where id = this.id",
      "select 1 where this.id is not null; delete from crm.company",
      "select set_config('role', 'none', true), this.id",
      "select query_to_xml('select * from core.app_user', true, false, ''), this.id",
    ]) {
      const harmful = await call("POST", "/api/advance_field/crm/company", admin, {
        ...base("q_evil", "Query"),
        query,
      });
      expect(errorsOf(harmful), query).toEqual({ query: "Query failed." });
    }

    const field = await addField("company", {
      ...base("contact_count", "Query"),
      query:
        "select count(*) as contacts from custom_schema_relationship.company_has_contact where company_id = this.id",
    });
    expect(field).toMatchObject({ type: "Query", required: false });
    const company = await newRecord("company", { name: "Spørring AS", contact_count: 99 });
    expect(company.values.contact_count).toBeUndefined();
    const one = await call("GET", `/api/advance_field/crm/company/contact_count/execute?id=${company.uuid}`, employee);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ key: "contact_count", columns: ["contacts"], rows: [[0]], truncated: false });
    const many = await call("POST", "/api/advance_field/crm/company/execute/queries", employee, {
      id: company.uuid,
      keys: ["contact_count"],
    });
    expect(many.json()).toHaveLength(1);
    expect(
      (
        await call(
          "GET",
          "/api/advance_field/crm/company/contact_count/execute?id=00000000-0000-4000-8000-000000000000",
          employee,
        )
      ).statusCode,
    ).toBe(404);
  });

  it("refuses a custom field beyond the entity's limit, at which a record still holds a value in every field", {
    timeout: 240_000,
  }, async () => {
    const created = await call("POST", "/api/custom_entities", admin, {
      key: "wide",
      labelEn: "Wide",
      labelNb: "Bred",
      pluralEn: "Wides",
      pluralNb: "Brede",
      icon: "box",
      fields: [{ key: "f1", labelEn: "F1", labelNb: "F1", type: "Text", required: true, partOfName: true }],
    });
    expect(created.statusCode, created.body).toBe(201);
    // The rest of the fields straight through the service, in one transaction: the API would add them one by one.
    const actor = await loadActor(t.app.db, (await call("GET", "/api/me/info")).json().uuid);
    const entity = await cachedEntity(t.app.db, "custom_schema", "wide");
    if (!actor || !entity) throw new Error("the entity and its administrator exist");
    await t.app.db.transaction().execute(async (trx) => {
      for (let n = 2; n <= FIELD_LIMIT; n++) {
        const input = customFieldInputSchema.parse({ key: `f${n}`, labelEn: `F${n}`, labelNb: `F${n}`, type: "Text" });
        await addFieldTo(trx, entity, input, await preparedField(t.app.db, actor, input));
      }
    });
    forgetEntity(t.app.db, "custom_schema", "wide");

    const refused = await call("POST", "/api/advance_field/custom_schema/wide", admin, base("one_more", "Bool"));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      exceptionName: "FieldLimitReachedException",
      message: english(fieldLimitMessage(FIELD_LIMIT)),
    });
    const entities = (await call("GET", "/api/advance_field/entities")).json();
    expect(entities.find((e: any) => e.tableKey === "wide")).toMatchObject({
      customFields: FIELD_LIMIT,
      fieldLimit: FIELD_LIMIT,
    });

    // Every field filled with the value that takes the most room in a row: 23 characters (a longer text is
    // compressed or moved out of the row). At the limit the record is kept; the database's own limit is further off.
    const values = Object.fromEntries(
      Array.from({ length: FIELD_LIMIT }, (_, i) => [`f${i + 1}`, `${String(i).padStart(3, "0")}${"x".repeat(20)}`]),
    );
    const record = await call("POST", "/api/custom_schema/wide", employee, { values });
    expect(record.statusCode, record.body).toBe(201);
    const read = await call("GET", `/api/custom_schema/wide/${record.json().uuid}`, employee);
    expect(read.json().values[`f${FIELD_LIMIT}`]).toBe(values[`f${FIELD_LIMIT}`]);
  });

  it("lets only settings editors change fields, and answers unknown entities and fields with 404", async () => {
    expect((await call("POST", "/api/advance_field/crm/company", employee, base("x1", "Text"))).statusCode).toBe(403);
    expect((await call("GET", "/api/advance_field/crm/nothing")).statusCode).toBe(404);
    expect((await call("GET", "/api/advance_field/crm/company/nothing")).statusCode).toBe(404);
    expect((await call("DELETE", "/api/advance_field/crm/company/not-an-id")).statusCode).toBe(404);
    expect(
      (await call("PUT", "/api/advance_field/crm/company/nothing", admin, base("nothing", "Text"))).statusCode,
    ).toBe(404);
  });
});
