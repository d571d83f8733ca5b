import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advancedSearchTexts } from "../../server/contract/advanced-search.ts";
import { english } from "../support/messages.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

type Method = "GET" | "POST" | "PUT" | "DELETE";

const companiesIn = (city: string) => ({
  entities: [
    {
      schemaName: "crm",
      tableName: "company",
      selectedFields: [{ key: "name" }, { key: "city" }, { key: "employees" }],
      filters: [{ field: "city", operation: "=", paramValue: city }],
    },
  ],
});

describe(`data sources on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let city = "";

  const call = (method: Method, url: string, tokens = admin, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    const companies = (await call("GET", "/api/crm/company?size=50")).json().content as {
      values: { city: string | null };
    }[];
    city = companies.map((company) => company.values.city).find((value): value is string => Boolean(value)) ?? "";
    expect(city).not.toBe("");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("creates, lists, reads, changes and deletes a data source, and gives its fields to widgets", async () => {
    const created = await call("POST", "/api/dashboards/core/datasource-advanced", admin, {
      name: "Zz companies in a city",
      description: "For the city widget",
      definition: companiesIn(city),
    });
    expect(created.statusCode, created.body).toBe(201);
    const source = created.json();
    expect(source).toMatchObject({ name: "Zz companies in a city", canEdit: true, canDelete: true });
    expect(source).not.toHaveProperty("queryType");

    const list = (await call("GET", "/api/dashboards/core/datasource?page=0&size=200&q=zz%20comp")).json();
    expect(list).toMatchObject({ size: 200, page: 0 });
    expect(list.content.map((item: { id: string }) => item.id)).toEqual([source.id]);
    expect((await call("GET", "/api/dashboards/core/datasource?size=201")).statusCode).toBe(400);
    // Data sources are not saved queries, and the other way round.
    const queries = (await call("GET", "/api/advanced_search/global?size=100")).json();
    expect(queries.content.map((item: { id: string }) => item.id)).not.toContain(source.id);
    expect((await call("GET", `/api/advanced_search/global/${source.id}`)).statusCode).toBe(404);

    const fields = await call("GET", `/api/dashboards/core/datasource/fields/${source.id}`);
    expect(fields.statusCode, fields.body).toBe(200);
    expect(fields.json()).toEqual([
      expect.objectContaining({ key: "crm.company.name", labelEn: "Company name", type: "Text" }),
      expect.objectContaining({ key: "crm.company.city", labelEn: "City", labelNb: "Sted", type: "Text" }),
      expect.objectContaining({ key: "crm.company.employees", type: "Number" }),
    ]);

    const changed = await call("PUT", `/api/dashboards/core/datasource-advanced/${source.id}`, admin, {
      name: "Zz companies, changed",
      definition: {
        ...companiesIn(city),
        entities: [{ ...companiesIn(city).entities[0], selectedFields: [{ key: "name" }] }],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: "Zz companies, changed", description: "" });
    expect((await call("GET", `/api/dashboards/core/datasource/fields/${source.id}`)).json()).toHaveLength(1);
    expect((await call("GET", `/api/dashboards/core/datasource-advanced/${source.id}`)).json().name).toBe(
      "Zz companies, changed",
    );

    const deleted = await call("DELETE", `/api/dashboards/core/datasource-advanced/${source.id}`);
    expect(deleted.statusCode).toBe(204);
    // As the contract declares it: no body.
    expect(deleted.body).toBe("");
    expect((await call("GET", `/api/dashboards/core/datasource-advanced/${source.id}`)).statusCode).toBe(404);
    expect((await call("GET", `/api/dashboards/core/datasource/fields/${source.id}`)).statusCode).toBe(404);
  });

  it("joins with LEFT OUTER to keep the records without a partner, and keeps the join type it was saved with", async () => {
    const joined = (joinType: string) => ({
      entities: [
        { schemaName: "crm", tableName: "company", selectedFields: [{ key: "name" }] },
        { schemaName: "crm", tableName: "contact", selectedFields: [{ key: "first_name" }] },
      ],
      joins: [{ schema1Name: "crm", table1Name: "company", joinType, schema2Name: "crm", table2Name: "contact" }],
    });
    const total = async (joinType: string) => {
      const response = await call("POST", "/api/advanced_search/run?size=1", admin, joined(joinType));
      expect(response.statusCode, response.body).toBe(200);
      return response.json().totalElements as number;
    };
    // A company of its own, without contacts (every demo company has some).
    const alone = await call("POST", "/api/crm/company", admin, { values: { name: "Zz Alone, no contacts" } });
    expect(alone.statusCode, alone.body).toBe(201);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from crm.company c
      where not exists (select 1 from custom_schema_relationship.company_has_contact l where l.company_id = c.id)`.execute(
      t.app.db,
    );
    const lonely = rows[0]?.n ?? 0;
    expect(lonely).toBeGreaterThan(0);
    expect(await total("LEFT OUTER")).toBe((await total("INNER")) + lonely);

    const created = await call("POST", "/api/dashboards/core/datasource-advanced", admin, {
      name: "Zz companies with or without contacts",
      definition: joined("LEFT OUTER"),
    });
    expect(created.statusCode, created.body).toBe(201);
    const read = await call("GET", `/api/dashboards/core/datasource-advanced/${created.json().id}`);
    expect(read.json().definition.joins[0].joinType).toBe("LEFT OUTER");
    const refused = await call("POST", "/api/advanced_search/run", admin, joined("RIGHT OUTER"));
    expect(refused.statusCode).toBe(400);
  });

  it('refuses to save a data source whose query gives no rows: "No Results Found"', async () => {
    const empty = await call("POST", "/api/dashboards/core/datasource-advanced", admin, {
      name: "Zz nowhere",
      definition: companiesIn("Zz no such city"),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      exceptionName: "DatasourceValidationException",
      message: english(advancedSearchTexts.noResults),
    });
    const created = (
      await call("POST", "/api/dashboards/core/datasource-advanced", admin, {
        name: "Zz somewhere",
        definition: companiesIn(city),
      })
    ).json();
    const emptied = await call("PUT", `/api/dashboards/core/datasource-advanced/${created.id}`, admin, {
      name: "Zz somewhere",
      definition: companiesIn("Zz no such city"),
    });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().exceptionName).toBe("DatasourceValidationException");
    // Unchanged.
    expect(
      (await call("GET", `/api/dashboards/core/datasource-advanced/${created.id}`)).json().definition,
    ).toMatchObject(companiesIn(city));
  });

  it("checks the definition's rules and names with field errors named as the form's fields", async () => {
    const response = await call("POST", "/api/dashboards/core/datasource-advanced", admin, {
      name: "",
      definition: {
        entities: [
          {
            schemaName: "crm",
            tableName: "company",
            selectedFields: [{ key: "name" }],
            filters: [{ field: "name", operation: "ILIKE", paramValue: "acme" }],
          },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(
      response.json().errors.map((e: { field: string; defaultMessage: string }) => `${e.field}: ${e.defaultMessage}`),
    ).toEqual(["name: Required", "definition.entities.0.filters.0.paramValue: The ilike filter needs a % wildcard"]);
    const unknown = await call("POST", "/api/dashboards/core/datasource-advanced", admin, {
      name: "Zz unknown",
      definition: { entities: [{ schemaName: "crm", tableName: "company", selectedFields: [{ key: "nope" }] }] },
    });
    expect(unknown.json().errors).toEqual([
      expect.objectContaining({
        field: "definition.entities.0.selectedFields.0.key",
        defaultMessage: "Unknown field",
      }),
    ]);
  });

  it("needs the Datasource rights for every call", async () => {
    const created = (
      await call("POST", "/api/dashboards/core/datasource-advanced", admin, {
        name: "Zz admin's",
        definition: companiesIn(city),
      })
    ).json();
    const body = { name: "Zz employee's", definition: companiesIn(city) };
    for (const [method, url, payload] of [
      ["GET", "/api/dashboards/core/datasource", undefined],
      ["POST", "/api/dashboards/core/datasource-advanced", body],
      ["GET", `/api/dashboards/core/datasource-advanced/${created.id}`, undefined],
      ["PUT", `/api/dashboards/core/datasource-advanced/${created.id}`, body],
      ["DELETE", `/api/dashboards/core/datasource-advanced/${created.id}`, undefined],
      ["GET", `/api/dashboards/core/datasource/fields/${created.id}`, undefined],
    ] as const) {
      const response = await call(method, url, employee, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    // The catalog is everyone's who reads entities.
    expect((await call("GET", "/api/dashboards/core/datasource/entities", employee)).statusCode).toBe(200);
    expect((await call("GET", "/api/dashboards/core/datasource-advanced/not-an-id")).statusCode).toBe(404);
  });
});
