import ExcelJS from "exceljs";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as search from "../../server/advanced-search/advanced-search.service.ts";
import { compileSource } from "../../server/advanced-search/compiler.ts";
import { loadActor } from "../../server/auth/actors.ts";
import { advancedSearchTexts, queryDefinitionSchema, searchOperations } from "../../server/contract/advanced-search.ts";
import { grantBuiltInRoles } from "../../server/db/migrations/0028-advanced-search.ts";
import { builtInRoles } from "../../server/users/roles.ts";
import { english } from "../support/messages.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

type Method = "GET" | "POST" | "PUT" | "DELETE";

interface ResultPage {
  columns: { key: string; labelEn: string; labelNb: string; type: string }[];
  content: { recordIds: Record<string, string>; values: Record<string, unknown> }[];
  totalElements: number;
  page: number;
  size: number;
}

const GIZMO = "custom_schema.gizmo";
const MAKER = "custom_schema.maker";

describe(`advanced search on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let readOnly: Tokens;
  const gizmos: Record<string, string> = {};
  const makers: Record<string, string> = {};
  const options: Record<string, string> = {};
  let linkTableName = "";

  const call = (method: Method, url: string, tokens = admin, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });

  const gizmo = (filters: object[] = [], selected = ["name"]) => ({
    schemaName: "custom_schema",
    tableName: "gizmo",
    selectedFields: selected.map((key) => ({ key })),
    filters,
  });

  const run = async (definition: object, query = "size=100", tokens = admin): Promise<ResultPage> => {
    const response = await call("POST", `/api/advanced_search/run?${query}`, tokens, definition);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  /** The names of the gizmos a filter finds, sorted. */
  const named = async (filter: object) => {
    const page = await run({ entities: [gizmo([filter])] });
    return page.content.map((row) => row.values[`${GIZMO}.name`]).sort();
  };

  const errorsOf = (body: string) =>
    (JSON.parse(body).errors as { field: string; defaultMessage: string }[]).map(
      (e) => `${e.field}: ${e.defaultMessage}`,
    );

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    readOnly = await signIn(t.app, "readonly@example.com");

    const created = await call("POST", "/api/custom_entities", admin, {
      key: "gizmo",
      labelEn: "Gizmo",
      labelNb: "Dings",
      pluralEn: "Gizmos",
      pluralNb: "Dingser",
      icon: "box",
      fields: [
        { key: "name", labelEn: "Name", labelNb: "Navn", type: "Text", required: true, partOfName: true },
        { key: "price", labelEn: "Price", labelNb: "Pris", type: "Number" },
        { key: "share", labelEn: "Share", labelNb: "Andel", type: "Percent" },
        { key: "launched", labelEn: "Launched", labelNb: "Lansert", type: "Date" },
        { key: "seen_at", labelEn: "Seen", labelNb: "Sett", type: "DateTime" },
        { key: "in_use", labelEn: "In use", labelNb: "I bruk", type: "Bool" },
        {
          key: "colour",
          labelEn: "Colour",
          labelNb: "Farge",
          type: "List",
          options: [
            { labelEn: "Red", labelNb: "Rød" },
            { labelEn: "Blue", labelNb: "Blå" },
          ],
        },
        {
          key: "tags",
          labelEn: "Tags",
          labelNb: "Merker",
          type: "MultiSelect",
          options: [
            { labelEn: "Indoor", labelNb: "Inne" },
            { labelEn: "Outdoor", labelNb: "Ute" },
          ],
        },
        { key: "secret", labelEn: "Secret", labelNb: "Hemmelig", type: "Text", hidden: true },
        { key: "echo", labelEn: "Echo", labelNb: "Ekko", type: "Query", query: "select this.id::text as echo" },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const maker = await call("POST", "/api/custom_entities", admin, {
      key: "maker",
      labelEn: "Maker",
      labelNb: "Produsent",
      pluralEn: "Makers",
      pluralNb: "Produsenter",
      icon: "box",
      fields: [{ key: "title", labelEn: "Title", labelNb: "Tittel", type: "Text", required: true, partOfName: true }],
    });
    expect(maker.statusCode, maker.body).toBe(201);
    // New custom entities are granted as companies are: the read-only role loses its rights on these two.
    await sql`delete from core.role_permission p using core.role r
      where p.role_id = r.id and r.name = 'Read-only' and p.resource in ('gizmo', 'maker')`.execute(t.app.db);

    const catalog = (await call("GET", "/api/advanced_search/entities")).json();
    const fields = catalog.entities.find((e: { tableName: string }) => e.tableName === "gizmo").fields;
    for (const key of ["colour", "tags"]) {
      for (const option of fields.find((f: { key: string }) => f.key === key).options) {
        options[option.labelEn] = option.value;
      }
    }

    const rows = [
      {
        name: "Alpha lamp",
        price: 10,
        share: 0.1,
        launched: "2024-01-15",
        seen_at: "2024-01-15T10:00:00Z",
        in_use: true,
        colour: options.Red,
        tags: [options.Indoor, options.Outdoor],
        secret: "s1",
      },
      {
        name: "Beta lamp",
        price: 20,
        share: 0.2,
        launched: "2024-06-01",
        seen_at: "2024-06-01T23:30:00Z",
        in_use: false,
        colour: options.Blue,
        tags: [options.Outdoor],
      },
      { name: "Gamma fan", price: 30, launched: "2025-02-01", colour: null },
      { name: "Ærlig kettle", in_use: true, colour: options.Red, tags: [options.Indoor] },
    ];
    for (const values of rows) {
      const response = await call("POST", "/api/custom_schema/gizmo", admin, { values });
      expect(response.statusCode, response.body).toBe(201);
      gizmos[values.name] = response.json().uuid;
    }
    for (const title of ["Acme works", "Bolt & sons"]) {
      const response = await call("POST", "/api/custom_schema/maker", admin, { values: { title } });
      expect(response.statusCode, response.body).toBe(201);
      makers[title] = response.json().uuid;
    }
    const relationship = await call("POST", "/api/relationships", admin, {
      label1En: "Makers",
      label1Nb: "Produsenter",
      label2En: "Gizmos",
      label2Nb: "Dingser",
      schema1: "custom_schema",
      key1: "gizmo",
      schema2: "custom_schema",
      key2: "maker",
      type: "NtoM",
    });
    expect(relationship.statusCode, relationship.body).toBe(201);
    const { linkSchema, linkTable } = relationship.json();
    linkTableName = `${linkSchema}.${linkTable}`;
    for (const [g, m] of [
      ["Alpha lamp", "Acme works"],
      ["Beta lamp", "Acme works"],
      ["Beta lamp", "Bolt & sons"],
    ] as const) {
      const link = await call("POST", `/api/data/links/${linkSchema}/${linkTable}`, admin, {
        id1: gizmos[g],
        id2: makers[m],
      });
      expect(link.statusCode, link.body).toBe(201);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("lists the readable entities, their shown fields with operations and options, and the relationships", async () => {
    const catalog = (await call("GET", "/api/advanced_search/entities")).json();
    const gizmoEntry = catalog.entities.find((e: { tableName: string }) => e.tableName === "gizmo");
    const keys = gizmoEntry.fields.map((f: { key: string }) => f.key);
    expect(keys).toContain("echo");
    expect(keys).not.toContain("secret");
    const price = gizmoEntry.fields.find((f: { key: string }) => f.key === "price");
    expect(price.operations).toEqual(["=", "<", ">", ">=", "<=", "<>", "IS NULL", "IS NOT NULL"]);
    const echo = gizmoEntry.fields.find((f: { key: string }) => f.key === "echo");
    expect(echo).toMatchObject({ query: true, operations: [], sortable: false });
    expect(catalog.relationships).toContainEqual(
      expect.objectContaining({ table1Name: "company", table2Name: "contact" }),
    );
    expect(catalog.relationships).toContainEqual(expect.objectContaining({ table1Name: "gizmo", table2Name: "maker" }));
    // The same catalog for the widget builder.
    const same = (await call("GET", "/api/dashboards/core/datasource/entities")).json();
    expect(same).toEqual(catalog);
    // A read-only user reads the standard entities, not a custom entity they have no right on.
    const limited = (await call("GET", "/api/advanced_search/entities", readOnly)).json();
    const names = limited.entities.map((e: { tableName: string }) => e.tableName);
    expect(names).toContain("company");
    expect(names).not.toContain("gizmo");
    expect(limited.relationships.some((r: { table1Name: string }) => r.table1Name === "gizmo")).toBe(false);
  });

  it("applies each of the eleven operations on the field types they fit", async () => {
    const tried = new Set<string>();
    const expectFound = async (field: string, operation: string, paramValue: string | undefined, names: string[]) => {
      tried.add(operation);
      expect(await named({ field, operation, paramValue }), `${field} ${operation} ${paramValue ?? ""}`).toEqual(names);
    };
    await expectFound("price", "=", "20", ["Beta lamp"]);
    await expectFound("price", "<", "20", ["Alpha lamp"]);
    await expectFound("price", ">", "10", ["Beta lamp", "Gamma fan"]);
    await expectFound("price", ">=", "20", ["Beta lamp", "Gamma fan"]);
    await expectFound("price", "<=", "20", ["Alpha lamp", "Beta lamp"]);
    await expectFound("price", "<>", "20", ["Alpha lamp", "Gamma fan"]);
    await expectFound("price", "IS NULL", undefined, ["Ærlig kettle"]);
    await expectFound("price", "IS NOT NULL", undefined, ["Alpha lamp", "Beta lamp", "Gamma fan"]);
    await expectFound("share", ">", "0.15", ["Beta lamp"]);
    await expectFound("launched", "<", "2024-06-01", ["Alpha lamp"]);
    await expectFound("launched", ">=", "2024-06-01", ["Beta lamp", "Gamma fan"]);
    // A day finds the instants of that day (UTC).
    await expectFound("seen_at", "=", "2024-06-01", ["Beta lamp"]);
    await expectFound("seen_at", "<", "2024-06-01T00:00:00Z", ["Alpha lamp"]);
    // Text folds case and accents.
    await expectFound("name", "ILIKE", "%LAMP", ["Alpha lamp", "Beta lamp"]);
    await expectFound("name", "ILIKE", "aerlig%", ["Ærlig kettle"]);
    await expectFound("name", "ILIKE", "ærlig%", ["Ærlig kettle"]);
    await expectFound("name", "=", "gamma FAN", ["Gamma fan"]);
    await expectFound("name", "<>", "gamma fan", ["Alpha lamp", "Beta lamp", "Ærlig kettle"]);
    await expectFound("in_use", "IS TRUE", undefined, ["Alpha lamp", "Ærlig kettle"]);
    await expectFound("in_use", "IS NOT TRUE", undefined, ["Beta lamp", "Gamma fan"]);
    await expectFound("in_use", "=", "false", ["Beta lamp"]);
    await expectFound("colour", "=", options.Red as string, ["Alpha lamp", "Ærlig kettle"]);
    await expectFound("colour", "<>", options.Red as string, ["Beta lamp"]);
    await expectFound("colour", "IS NULL", undefined, ["Gamma fan"]);
    await expectFound("tags", "=", options.Outdoor as string, ["Alpha lamp", "Beta lamp"]);
    await expectFound("tags", "<>", options.Outdoor as string, ["Gamma fan", "Ærlig kettle"]);
    await expectFound("tags", "IS NULL", undefined, ["Gamma fan"]);
    await expectFound("tags", "IS NOT NULL", undefined, ["Alpha lamp", "Beta lamp", "Ærlig kettle"]);
    expect([...tried].sort()).toEqual([...searchOperations].sort());
  });

  it("refuses an operation that does not fit the field, a value of the wrong type, and an option not offered", async () => {
    const refused = async (filter: object, expected: string) => {
      const response = await call("POST", "/api/advanced_search/run", admin, { entities: [gizmo([filter])] });
      expect(response.statusCode, response.body).toBe(400);
      expect(errorsOf(response.body)).toEqual([expected]);
    };
    await refused(
      { field: "name", operation: "<", paramValue: "b" },
      `entities.0.filters.0.operation: ${english(advancedSearchTexts.operationNotForType)}`,
    );
    await refused(
      { field: "price", operation: "IS TRUE" },
      `entities.0.filters.0.operation: ${english(advancedSearchTexts.operationNotForType)}`,
    );
    await refused(
      { field: "price", operation: "=", paramValue: "ten" },
      `entities.0.filters.0.paramValue: ${english(advancedSearchTexts.notANumber)}`,
    );
    await refused(
      { field: "launched", operation: "=", paramValue: "2024-02-30" },
      `entities.0.filters.0.paramValue: ${english(advancedSearchTexts.notADate)}`,
    );
    await refused(
      { field: "colour", operation: "=", paramValue: "green" },
      `entities.0.filters.0.paramValue: ${english(advancedSearchTexts.notAnOption)}`,
    );
    await refused(
      { field: "echo", operation: "IS NULL" },
      `entities.0.filters.0.operation: ${english(advancedSearchTexts.operationNotForType)}`,
    );
  });

  it("needs a % in an ILIKE parameter (spec §5)", async () => {
    const response = await call("POST", "/api/advanced_search/run", admin, {
      entities: [gizmo([{ field: "name", operation: "ILIKE", paramValue: "lamp" }])],
    });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response.body)).toEqual([`entities.0.filters.0.paramValue: The ilike filter needs a % wildcard`]);
  });

  it("filters by a date range within one year, from not after to (spec §5)", async () => {
    const range = (from: string, to: string) => ({
      entities: [{ ...gizmo(), dateFilter: { field: "launched", from, to } }],
    });
    const page = await run(range("2024-01-01", "2024-12-31"));
    expect(page.content.map((row) => row.values[`${GIZMO}.name`]).sort()).toEqual(["Alpha lamp", "Beta lamp"]);
    const dayRange = await run({
      entities: [{ ...gizmo(), dateFilter: { field: "seen_at", from: "2024-06-01", to: "2024-06-01" } }],
    });
    expect(dayRange.content.map((row) => row.values[`${GIZMO}.name`])).toEqual(["Beta lamp"]);

    const across = await call("POST", "/api/advanced_search/run", admin, range("2024-06-01", "2025-03-01"));
    expect(across.statusCode).toBe(400);
    expect(errorsOf(across.body)).toEqual(["entities.0.dateFilter.to: A date range must be in the same year"]);
    const reversed = await call("POST", "/api/advanced_search/run", admin, range("2024-06-01", "2024-01-01"));
    expect(errorsOf(reversed.body)).toEqual(["entities.0.dateFilter.to: From must not exceed To"]);
    const notADate = await call("POST", "/api/advanced_search/run", admin, {
      entities: [{ ...gizmo(), dateFilter: { field: "price", from: "2024-01-01", to: "2024-02-01" } }],
    });
    expect(errorsOf(notADate.body)).toEqual([
      `entities.0.dateFilter.field: ${english(advancedSearchTexts.notDateField)}`,
    ]);
  });

  it("sorts by a field either way with empty values last, pages, and counts the total", async () => {
    const sorted = (direction: string, query = "size=100") =>
      run(
        {
          entities: [gizmo([], ["name", "price"])],
          sort: { schemaName: "custom_schema", tableName: "gizmo", field: "price", direction },
        },
        query,
      );
    const names = (page: ResultPage) => page.content.map((row) => row.values[`${GIZMO}.name`]);
    expect(names(await sorted("asc"))).toEqual(["Alpha lamp", "Beta lamp", "Gamma fan", "Ærlig kettle"]);
    expect(names(await sorted("desc"))).toEqual(["Gamma fan", "Beta lamp", "Alpha lamp", "Ærlig kettle"]);
    const second = await sorted("asc", "page=1&size=3");
    expect(second).toMatchObject({ page: 1, size: 3, totalElements: 4 });
    expect(names(second)).toEqual(["Ærlig kettle"]);
    const past = await sorted("asc", "page=5&size=3");
    expect(past.content).toEqual([]);
    expect(past.totalElements).toBe(4);
    expect((await call("POST", "/api/advanced_search/run?size=101", admin, { entities: [gizmo()] })).statusCode).toBe(
      400,
    );
    const text = await run({
      entities: [gizmo()],
      sort: { schemaName: "custom_schema", tableName: "gizmo", field: "name", direction: "desc" },
    });
    expect(names(text)).toEqual(["Ærlig kettle", "Gamma fan", "Beta lamp", "Alpha lamp"]);
    const unsortable = await call("POST", "/api/advanced_search/run", admin, {
      entities: [gizmo()],
      sort: { schemaName: "custom_schema", tableName: "gizmo", field: "tags" },
    });
    expect(errorsOf(unsortable.body)).toEqual([`sort.field: ${english(advancedSearchTexts.notSortable)}`]);
  });

  it("gives each column's labels and type and each row's record ids, values as the record calls give them", async () => {
    const page = await run({
      entities: [
        gizmo(
          [{ field: "name", operation: "=", paramValue: "Alpha lamp" }],
          ["name", "price", "share", "launched", "seen_at", "in_use", "colour", "tags", "echo"],
        ),
      ],
    });
    expect(page.columns.map((c) => c.key)).toEqual(
      ["name", "price", "share", "launched", "seen_at", "in_use", "colour", "tags", "echo"].map(
        (key) => `${GIZMO}.${key}`,
      ),
    );
    expect(page.columns[1]).toMatchObject({
      labelEn: "Price",
      labelNb: "Pris",
      type: "Number",
      entityLabelEn: "Gizmo",
      entityLabelNb: "Dings",
    });
    expect(page.content).toHaveLength(1);
    const [row] = page.content;
    expect(row?.recordIds).toEqual({ [GIZMO]: gizmos["Alpha lamp"] });
    expect(row?.values).toMatchObject({
      [`${GIZMO}.price`]: 10,
      [`${GIZMO}.share`]: 0.1,
      [`${GIZMO}.launched`]: "2024-01-15",
      [`${GIZMO}.seen_at`]: "2024-01-15T10:00:00.000Z",
      [`${GIZMO}.in_use`]: true,
      [`${GIZMO}.colour`]: options.Red,
      [`${GIZMO}.tags`]: [options.Indoor, options.Outdoor],
    });
    // A Query field is run read-only for the row's record (as on its page); a failing one is empty.
    expect(row?.values[`${GIZMO}.echo`]).toBe(gizmos["Alpha lamp"]);
  });

  it("joins entities through a relationship: a custom one, and company–contact", async () => {
    const page = await run({
      entities: [
        gizmo([], ["name"]),
        { schemaName: "custom_schema", tableName: "maker", selectedFields: [{ key: "title" }] },
      ],
      joins: [{ schema1Name: "custom_schema", table1Name: "gizmo", schema2Name: "custom_schema", table2Name: "maker" }],
      sort: { schemaName: "custom_schema", tableName: "maker", field: "title" },
    });
    expect(page.totalElements).toBe(3);
    // In the maker's order; rows of one maker in the order of their records' ids.
    expect(page.content.map((row) => row.values[`${MAKER}.title`])).toEqual([
      "Acme works",
      "Acme works",
      "Bolt & sons",
    ]);
    expect(
      page.content.map((row) => `${row.values[`${GIZMO}.name`]} / ${row.values[`${MAKER}.title`]}`).sort(),
    ).toEqual(["Alpha lamp / Acme works", "Beta lamp / Acme works", "Beta lamp / Bolt & sons"]);
    expect(page.content[2]?.recordIds).toEqual({ [GIZMO]: gizmos["Beta lamp"], [MAKER]: makers["Bolt & sons"] });
    // A filter on the joined entity; the join may name the entities either way round.
    const filtered = await run({
      entities: [
        {
          schemaName: "custom_schema",
          tableName: "maker",
          selectedFields: [{ key: "title" }],
          filters: [{ field: "title", operation: "ILIKE", paramValue: "bolt%" }],
        },
        gizmo([], ["name"]),
      ],
      joins: [{ schema1Name: "custom_schema", table1Name: "gizmo", schema2Name: "custom_schema", table2Name: "maker" }],
    });
    expect(filtered.content.map((row) => row.values[`${GIZMO}.name`])).toEqual(["Beta lamp"]);

    const { rows } = await sql<{ total: number }>`select count(*)::int as total
      from custom_schema_relationship.company_has_contact l
      join crm.company c on c.id = l.company_id join crm.contact p on p.id = l.contact_id`.execute(t.app.db);
    const crm = await run(
      {
        entities: [
          { schemaName: "crm", tableName: "company", selectedFields: [{ key: "name" }, { key: "city" }] },
          { schemaName: "crm", tableName: "contact", selectedFields: [{ key: "first_name" }, { key: "last_name" }] },
        ],
        joins: [{ schema1Name: "crm", table1Name: "company", schema2Name: "crm", table2Name: "contact" }],
      },
      "size=5",
    );
    expect(rows[0]?.total).toBeGreaterThan(0);
    expect(crm.totalElements).toBe(rows[0]?.total);
    expect(crm.content).toHaveLength(5);
    expect(Object.keys(crm.content[0]?.recordIds ?? {})).toEqual(["crm.company", "crm.contact"]);
  });

  it("refuses names the metadata does not know, hidden fields, and entities without a relationship", async () => {
    const refused = async (definition: object, expected: string[]) => {
      const response = await call("POST", "/api/advanced_search/run", admin, definition);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorsOf(response.body)).toEqual(expected);
    };
    await refused({ entities: [{ schemaName: "crm", tableName: "nothing", selectedFields: [{ key: "name" }] }] }, [
      `entities.0.tableName: ${english(advancedSearchTexts.unknownEntity)}`,
    ]);
    await refused({ entities: [gizmo([], ["name", "nope"])] }, [
      `entities.0.selectedFields.1.key: ${english(advancedSearchTexts.unknownField)}`,
    ]);
    await refused({ entities: [gizmo([], ["secret"])] }, [
      `entities.0.selectedFields.0.key: ${english(advancedSearchTexts.unknownField)}`,
    ]);
    await refused({ entities: [gizmo([{ field: "secret", operation: "IS NULL" }])] }, [
      `entities.0.filters.0.field: ${english(advancedSearchTexts.unknownField)}`,
    ]);
    await refused(
      {
        entities: [gizmo(), { schemaName: "crm", tableName: "company", selectedFields: [{ key: "name" }] }],
        joins: [{ schema1Name: "custom_schema", table1Name: "gizmo", schema2Name: "crm", table2Name: "company" }],
      },
      [`joins.0.table2Name: ${english(advancedSearchTexts.noRelationship)}`],
    );
    // Rules of the definition's shape, named as the web form names its fields.
    await refused({ entities: [gizmo([{ field: "name", operation: "LIKE", paramValue: "%" }])] }, [
      "entities.0.filters.0.operation: Must be one of the options",
    ]);
    await refused({ entities: [gizmo(), { schemaName: "crm", tableName: "company", selectedFields: [] }] }, [
      `entities.1.tableName: ${english(advancedSearchTexts.notJoined)}`,
    ]);
  });

  it("refuses an entity the user may not read (403), and never shows its rows", async () => {
    const definition = { entities: [gizmo([], ["name", "price"])] };
    const denied = await call("POST", "/api/advanced_search/run", readOnly, definition);
    expect(denied.statusCode).toBe(403);
    expect(denied.body).not.toContain("Alpha lamp");
    const joined = await call("POST", "/api/advanced_search/run", readOnly, {
      entities: [{ schemaName: "custom_schema", tableName: "maker", selectedFields: [{ key: "title" }] }, gizmo()],
      joins: [{ schema1Name: "custom_schema", table1Name: "gizmo", schema2Name: "custom_schema", table2Name: "maker" }],
    });
    // A joined entity the user may not read refuses the whole query.
    expect(joined.statusCode).toBe(403);
    expect(joined.body).not.toContain("Acme");
  });

  it("seeds a global query of companies in Bergen with their contacts, and a personal one of the admin's", async () => {
    const global = (await call("GET", "/api/advanced_search/global?q=bergen", employee)).json();
    const bergen = global.content.find((q: { name: string }) => q.name === "Customers in Bergen");
    expect(bergen).toBeDefined();
    const page = (await call("GET", `/api/advanced_search/global/${bergen.id}/run?size=100`, employee)).json();
    expect(page.totalElements).toBeGreaterThan(0);
    expect(new Set(page.content.map((row: ResultPage["content"][number]) => row.values["crm.company.city"]))).toEqual(
      new Set(["Bergen"]),
    );
    const personal = (await call("GET", "/api/advanced_search/personal", admin)).json();
    expect(personal.content.map((q: { name: string }) => q.name)).toContain("Large companies");
    expect((await call("GET", "/api/advanced_search/personal", employee)).json().content).not.toContainEqual(
      expect.objectContaining({ name: "Large companies" }),
    );
  });

  it("compiles a source that callers aggregate over as a subquery, with a viewer's filters and a record's id", async () => {
    const user = (await call("GET", "/api/me/info")).json().uuid;
    const actor = await loadActor(t.app.db, user);
    if (!actor) throw new Error("no actor");
    const definition = queryDefinitionSchema.parse({
      entities: [
        gizmo([], ["name", "price"]),
        { schemaName: "custom_schema", tableName: "maker", selectedFields: [{ key: "title" }] },
      ],
      joins: [{ schema1Name: "custom_schema", table1Name: "gizmo", schema2Name: "custom_schema", table2Name: "maker" }],
    });
    const total = async (options: Parameters<typeof compileSource>[3]) => {
      const source = await compileSource(t.app.db, actor, definition, options);
      const price = source.columns.find((column) => column.key === `${GIZMO}.price`);
      expect(price).toMatchObject({ type: "Number", labelEn: "Price" });
      const row = await (t.app.db as unknown as Kysely<any>)
        .selectFrom(source.builder.as("source"))
        .select((eb) => [eb.fn.countAll().as("rows"), eb.fn.sum(`source.${price?.alias}`).as("sum")])
        .executeTakeFirstOrThrow();
      return { rows: Number(row.rows), sum: Number(row.sum) };
    };
    expect(await total({})).toEqual({ rows: 3, sum: 50 });
    expect(
      await total({
        conditions: [
          { schemaName: "custom_schema", tableName: "maker", field: "title", operation: "=", paramValue: "acme works" },
        ],
      }),
    ).toEqual({ rows: 2, sum: 30 });
    expect(
      await total({ recordId: { schemaName: "custom_schema", tableName: "gizmo", id: gizmos["Beta lamp"] as string } }),
    ).toEqual({ rows: 2, sum: 40 });
    await expect(
      compileSource(t.app.db, actor, definition, {
        conditions: [{ schemaName: "custom_schema", tableName: "maker", field: "secret", operation: "IS NULL" }],
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  describe("saved queries", () => {
    const input = (name: string) => ({
      name,
      description: "Lamps in use",
      definition: {
        entities: [gizmo([{ field: "name", operation: "ILIKE", paramValue: "%lamp" }], ["name", "price"])],
      },
    });
    const companies = (name: string) => ({
      name,
      definition: {
        entities: [{ schemaName: "crm", tableName: "company", selectedFields: [{ key: "name" }] }],
      },
    });

    it("creates, lists, reads, changes, runs and deletes a global query, by the rights of global queries", async () => {
      const created = await call("POST", "/api/advanced_search/global", admin, input("Zz lamps"));
      expect(created.statusCode, created.body).toBe(201);
      const query = created.json();
      expect(query).toMatchObject({ queryType: "global", name: "Zz lamps", canEdit: true, canDelete: true });
      expect(query.owner.firstName).toBe("Ada");

      // Employees read global queries, and may not change them.
      const read = await call("GET", `/api/advanced_search/global/${query.id}`, employee);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ canEdit: false, canDelete: false });
      expect((await call("PUT", `/api/advanced_search/global/${query.id}`, employee, input("x"))).statusCode).toBe(403);
      expect((await call("DELETE", `/api/advanced_search/global/${query.id}`, employee)).statusCode).toBe(403);
      expect((await call("POST", "/api/advanced_search/global", employee, companies("Zz mine"))).statusCode).toBe(403);

      const list = (await call("GET", "/api/advanced_search/global?q=zz%20lam", employee)).json();
      expect(list.content.map((q: { id: string }) => q.id)).toEqual([query.id]);
      // Under three characters is no search.
      const all = (await call("GET", "/api/advanced_search/global?q=zz&size=100", employee)).json();
      expect(all.totalElements).toBeGreaterThanOrEqual(1);

      const changed = await call("PUT", `/api/advanced_search/global/${query.id}`, admin, {
        ...input("Zz lamps, changed"),
        description: "x".repeat(200),
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ name: "Zz lamps, changed" });

      const ran = await call("GET", `/api/advanced_search/global/${query.id}/run?size=1`, admin);
      expect(ran.statusCode, ran.body).toBe(200);
      expect(ran.json()).toMatchObject({ totalElements: 2, size: 1 });
      // A read-only user may read the query but not the gizmos it names.
      expect((await call("GET", `/api/advanced_search/global/${query.id}`, readOnly)).statusCode).toBe(200);
      expect((await call("GET", `/api/advanced_search/global/${query.id}/run`, readOnly)).statusCode).toBe(403);

      const deleted = await call("DELETE", `/api/advanced_search/global/${query.id}`, admin);
      expect(deleted.statusCode).toBe(204);
      // As the contract declares it: no body.
      expect(deleted.body).toBe("");
      expect((await call("GET", `/api/advanced_search/global/${query.id}`, admin)).statusCode).toBe(404);
    });

    it("keeps personal queries their owner's: another user's id is not found", async () => {
      const created = await call("POST", "/api/advanced_search/personal", employee, companies("Zz my companies"));
      expect(created.statusCode, created.body).toBe(201);
      const query = created.json();
      expect(query).toMatchObject({ queryType: "personal", canEdit: true, canDelete: true });
      const mine = (await call("GET", "/api/advanced_search/personal?size=100", employee)).json();
      expect(mine.content.map((q: { id: string }) => q.id)).toContain(query.id);
      const theirs = (await call("GET", "/api/advanced_search/personal?size=100", admin)).json();
      expect(theirs.content.map((q: { id: string }) => q.id)).not.toContain(query.id);
      for (const [method, path] of [
        ["GET", ""],
        ["GET", "/run"],
        ["DELETE", ""],
      ] as const) {
        expect((await call(method, `/api/advanced_search/personal/${query.id}${path}`, admin)).statusCode).toBe(404);
      }
      expect((await call("PUT", `/api/advanced_search/personal/${query.id}`, admin, companies("x"))).statusCode).toBe(
        404,
      );
      // Nor is a personal query found as a global one.
      expect((await call("GET", `/api/advanced_search/global/${query.id}`, admin)).statusCode).toBe(404);
      const ran = await call("GET", `/api/advanced_search/personal/${query.id}/run`, employee);
      expect(ran.statusCode, ran.body).toBe(200);
      expect(ran.json().totalElements).toBeGreaterThan(0);
      // A read-only user keeps queries of their own too, and may not make global ones.
      expect((await call("POST", "/api/advanced_search/personal", readOnly, companies("Zz ro"))).statusCode).toBe(201);
      expect((await call("POST", "/api/advanced_search/global", readOnly, companies("Zz ro"))).statusCode).toBe(403);
      expect((await call("GET", "/api/advanced_search/global", readOnly)).statusCode).toBe(200);
      expect((await call("DELETE", `/api/advanced_search/personal/${query.id}`, employee)).statusCode).toBe(204);
    });

    it("checks the input with the form's rules and the entity rights with the metadata when saving", async () => {
      const blank = await call("POST", "/api/advanced_search/personal", employee, {
        ...companies(""),
        description: "x".repeat(201),
      });
      expect(blank.statusCode).toBe(400);
      expect(errorsOf(blank.body)).toEqual(["name: Required", "description: Max 200 limit"]);
      const unknown = await call("POST", "/api/advanced_search/personal", admin, {
        name: "Zz bad",
        definition: { entities: [gizmo([], ["nope"])] },
      });
      expect(errorsOf(unknown.body)).toEqual([
        `definition.entities.0.selectedFields.0.key: ${english(advancedSearchTexts.unknownField)}`,
      ]);
      expect((await call("POST", "/api/advanced_search/personal", readOnly, input("Zz gizmos"))).statusCode).toBe(403);
      expect((await call("GET", "/api/advanced_search/shared", employee)).statusCode).toBe(400);
      expect((await call("GET", "/api/advanced_search/global/not-an-id", employee)).statusCode).toBe(404);
    });

    it("refuses every call without the right of its type, per operation", async () => {
      const user = (await call("GET", "/api/me/info", employee)).json().uuid;
      const base = { id: user, companyAdmin: false };
      const only = (...grants: [string, string][]) => ({
        ...base,
        permissions: [["Company", "Read"], ...grants].map(([name, operation]) => ({ name, operation })),
      });
      const paging = { page: 0, size: 10 };
      const definition = queryDefinitionSchema.parse(companies("Zz rights").definition);
      const rights = { ...companies("Zz rights"), description: "", definition };
      const denied = { status: 403, exceptionName: "AccessDeniedException" };
      // Without any right on queries: nothing, not even the preview.
      const none = only();
      await expect(search.preview(t.app.db, none, definition, paging)).rejects.toMatchObject(denied);
      for (const type of ["global", "personal"] as const) {
        await expect(search.listSavedQueries(t.app.db, none, type, paging)).rejects.toMatchObject(denied);
        await expect(search.createSavedQuery(t.app.db, none, type, rights)).rejects.toMatchObject(denied);
      }
      // Create on personal queries alone: saves one, and may not read, change or delete it.
      const creator = only(["Advanced_Search_Personal", "Create"]);
      const saved = await search.createSavedQuery(
        t.app.db,
        { ...creator, permissions: [...creator.permissions, { name: "Advanced_Search_Personal", operation: "Read" }] },
        "personal",
        rights,
      );
      await expect(search.getSavedQuery(t.app.db, creator, "personal", saved.id)).rejects.toMatchObject(denied);
      await expect(search.updateSavedQuery(t.app.db, creator, "personal", saved.id, rights)).rejects.toMatchObject(
        denied,
      );
      await expect(search.deleteSavedQuery(t.app.db, creator, "personal", saved.id)).rejects.toMatchObject(denied);
      await expect(search.createSavedQuery(t.app.db, creator, "global", rights)).rejects.toMatchObject(denied);
      // Read on global queries is enough for the preview; Delete on personal ones deletes.
      expect((await search.preview(t.app.db, only(["Advanced_Search_Global", "Read"]), definition, paging)).size).toBe(
        10,
      );
      await search.deleteSavedQuery(t.app.db, only(["Advanced_Search_Personal", "Delete"]), "personal", saved.id);
      await expect(
        search.getSavedQuery(t.app.db, only(["Advanced_Search_Personal", "Read"]), "personal", saved.id),
      ).rejects.toMatchObject({ status: 404 });
    });

    it("exports a saved query's whole result, read back with exceljs, listed with the other exports", async () => {
      const created = await call("POST", "/api/advanced_search/global", admin, {
        name: "Zz gizmo makers",
        definition: {
          entities: [
            gizmo([], ["name", "price", "launched"]),
            { schemaName: "custom_schema", tableName: "maker", selectedFields: [{ key: "title" }] },
          ],
          joins: [
            { schema1Name: "custom_schema", table1Name: "gizmo", schema2Name: "custom_schema", table2Name: "maker" },
          ],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const query = created.json();
      const started = await call("PUT", `/api/advanced_search/global/${query.id}/initiate_export?format=xlsx&lang=nb`);
      expect(started.statusCode, started.body).toBe(202);
      expect(started.json()).toMatchObject({ scope: "query", savedQueryId: query.id, schemaAndTableName: GIZMO });
      let dto: { id: string; status: string; rowCount: number; fileName: string } | undefined;
      for (let waited = 0; waited < 30_000; waited += 100) {
        const recent = (await call("GET", "/api/core/bulk_data/exports/recent?size=100")).json();
        dto = recent.content.find((e: { id: string }) => e.id === started.json().id);
        if (dto && dto.status !== "exporting") break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(dto?.status).toBe("ready");
      expect(dto?.rowCount).toBe(3);
      expect(dto?.fileName).toMatch(/^zz-gizmo-makers-\d{4}-\d{2}-\d{2}-\d{4}\.xlsx$/);
      const file = await call("GET", `/api/core/bulk_data/exports/download/${dto?.id}`);
      expect(file.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as never);
      const values: unknown[][] = [];
      workbook.worksheets[0]?.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
      expect(values[0]).toEqual(["ID", "Dings: Navn", "Dings: Pris", "Dings: Lansert", "Produsent: Tittel"]);
      const rows = values.slice(1).map((row) => [row[1], row[2], row[4]]);
      expect(rows.sort((a, b) => `${a[0]}${a[2]}`.localeCompare(`${b[0]}${b[2]}`))).toEqual([
        ["Alpha lamp", 10, "Acme works"],
        ["Beta lamp", 20, "Acme works"],
        ["Beta lamp", 20, "Bolt & sons"],
      ]);
      expect(values.slice(1).map((row) => row[0])).toContain(gizmos["Beta lamp"]);

      // Export Create is needed, and the query's rights.
      expect((await call("PUT", `/api/advanced_search/global/${query.id}/initiate_export`, readOnly)).statusCode).toBe(
        403,
      );
    });

    it("walks an export larger than a chunk by the records' ids, each joined row once", async () => {
      await sql`insert into custom_schema.gizmo (name, price)
        select 'Zz bulk ' || n, n from generate_series(1, 1500) as n`.execute(t.app.db);
      await sql`insert into ${sql.table(linkTableName)} (id1, id2)
        select g.id, m.id from custom_schema.gizmo g cross join custom_schema.maker m
        where g.name like 'Zz bulk %'`.execute(t.app.db);
      const created = await call("POST", "/api/advanced_search/personal", admin, {
        name: "Zz bulk",
        definition: {
          entities: [
            gizmo([{ field: "name", operation: "ILIKE", paramValue: "zz bulk%" }], ["name"]),
            { schemaName: "custom_schema", tableName: "maker", selectedFields: [{ key: "title" }] },
          ],
          joins: [
            { schema1Name: "custom_schema", table1Name: "gizmo", schema2Name: "custom_schema", table2Name: "maker" },
          ],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const started = await call(
        "PUT",
        `/api/advanced_search/personal/${created.json().id}/initiate_export?format=csv&lang=en`,
      );
      expect(started.statusCode, started.body).toBe(202);
      let dto: { id: string; status: string; rowCount: number } | undefined;
      for (let waited = 0; waited < 60_000; waited += 100) {
        const recent = (await call("GET", "/api/core/bulk_data/exports/recent?size=100")).json();
        dto = recent.content.find((e: { id: string }) => e.id === started.json().id);
        if (dto && dto.status !== "exporting") break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(dto?.status).toBe("ready");
      expect(dto?.rowCount).toBe(3000);
      const file = await call("GET", `/api/core/bulk_data/exports/download/${dto?.id}`);
      const lines = file.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe("ID,Gizmo: Name,Maker: Title");
      const pairs = new Set(lines.slice(1).map((line) => line.split(",").slice(1).join(",")));
      expect(pairs.size).toBe(3000);
      await sql`delete from custom_schema.gizmo where name like 'Zz bulk %'`.execute(t.app.db);
    });

    it("exports a LEFT OUTER join's records without a partner too, each row once across chunks", async () => {
      await sql`insert into custom_schema.gizmo (name, price)
        select 'Zz outer ' || n, n from generate_series(1, 1500) as n`.execute(t.app.db);
      // Every other one has the makers; the others have none, and a chunk may end on either.
      await sql`insert into ${sql.table(linkTableName)} (id1, id2)
        select g.id, m.id from custom_schema.gizmo g cross join custom_schema.maker m
        where g.name like 'Zz outer %' and g.price % 2 = 0`.execute(t.app.db);
      const makers = Number(
        (await sql<{ n: number }>`select count(*)::int as n from custom_schema.maker`.execute(t.app.db)).rows[0]?.n,
      );
      const created = await call("POST", "/api/advanced_search/personal", admin, {
        name: "Zz outer",
        definition: {
          entities: [
            gizmo([{ field: "name", operation: "ILIKE", paramValue: "zz outer%" }], ["name"]),
            { schemaName: "custom_schema", tableName: "maker", selectedFields: [{ key: "title" }] },
          ],
          joins: [
            {
              schema1Name: "custom_schema",
              table1Name: "gizmo",
              joinType: "LEFT OUTER",
              schema2Name: "custom_schema",
              table2Name: "maker",
            },
          ],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const started = await call(
        "PUT",
        `/api/advanced_search/personal/${created.json().id}/initiate_export?format=csv&lang=en`,
      );
      expect(started.statusCode, started.body).toBe(202);
      let dto: { id: string; status: string; rowCount: number } | undefined;
      for (let waited = 0; waited < 60_000; waited += 100) {
        const recent = (await call("GET", "/api/core/bulk_data/exports/recent?size=100")).json();
        dto = recent.content.find((e: { id: string }) => e.id === started.json().id);
        if (dto && dto.status !== "exporting") break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(dto?.status).toBe("ready");
      expect(dto?.rowCount).toBe(750 * makers + 750);
      const file = await call("GET", `/api/core/bulk_data/exports/download/${dto?.id}`);
      const lines = file.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/)
        .slice(1);
      expect(new Set(lines.map((line) => line.split(",").slice(1).join(","))).size).toBe(750 * makers + 750);
      await sql`delete from custom_schema.gizmo where name like 'Zz outer %'`.execute(t.app.db);
    });
  });

  it("gives the built-in roles of a workspace made before advanced search the rights new ones start with", async () => {
    await sql`delete from core.role_permission p using core.role r
      where p.role_id = r.id and r.name in ('Employee', 'Read-only') and p.resource like 'Advanced_Search_%'`.execute(
      t.app.db,
    );
    expect((await call("GET", "/api/advanced_search/global", employee)).statusCode).toBe(403);
    await grantBuiltInRoles(t.app.db);
    for (const role of builtInRoles.filter((r) => r.name !== "Company administrator")) {
      const { rows } = await sql<{ resource: string; operation: string }>`select p.resource, p.operation
        from core.role_permission p join core.role r on r.id = p.role_id
        where r.name = ${role.name} and p.resource like 'Advanced_Search_%'`.execute(t.app.db);
      const granted = rows.map((row) => `${row.resource} ${row.operation}`).sort();
      const expected = Object.entries(role.grants)
        .filter(([resource]) => resource.startsWith("Advanced_Search_"))
        .flatMap(([resource, operations]) => operations.map((operation) => `${resource} ${operation}`))
        .sort();
      expect(granted, role.name).toEqual(expected);
      expect(granted.length).toBeGreaterThan(0);
    }
    expect((await call("GET", "/api/advanced_search/global", employee)).statusCode).toBe(200);
  });
});
