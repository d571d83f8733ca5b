import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overviewBlockTexts } from "../../server/contract/overview-blocks.ts";
import { english } from "../support/messages.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

describe(`overview blocks on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;

  const call = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, tokens = admin, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });
  const shown = (keys: string[], hidden: string[] = []) => keys.map((key) => ({ key, shown: !hidden.includes(key) }));
  const companyDefault = ["fields", "favorites", "activities", "notes", "documents", "related", "assignments"];
  const project = {
    key: "project",
    labelEn: "Project",
    labelNb: "Prosjekt",
    pluralEn: "Projects",
    pluralNb: "Prosjekter",
    fields: [{ key: "name", labelEn: "Name", labelNb: "Navn", type: "Text", partOfName: true }],
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gives an entity never ordered its blocks in the default order, to whoever may read its records", async () => {
    const company = await call("GET", "/api/overview_blocks/crm/company", employee);
    expect(company.statusCode, company.body).toBe(200);
    expect(company.json()).toEqual(shown(companyDefault));
    const todo = await call("GET", "/api/overview_blocks/crm/todo", employee);
    expect(todo.json()).toEqual(shown(["fields", "favorites", "workItemLinks", "notes", "documents", "assignments"]));
    const document = await call("GET", "/api/overview_blocks/documents/document", employee);
    expect(document.json()).toEqual(shown(["fields", "favorites", "attachedTo", "assignments"]));

    const unknown = await call("GET", "/api/overview_blocks/crm/nothing");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ exceptionName: "NotFoundException", message: "Entity not found" });
    expect((await t.app.inject({ method: "GET", url: "/api/overview_blocks/crm/company" })).statusCode).toBe(401);
  });

  it("saves an order with blocks hidden, which every record page then reads", async () => {
    const order = shown(
      ["fields", "related", "favorites", "notes", "activities", "documents", "assignments"],
      ["activities", "documents"],
    );
    expect((await call("PUT", "/api/overview_blocks/crm/company", employee, order)).statusCode).toBe(403);

    const saved = await call("PUT", "/api/overview_blocks/crm/company", admin, order);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(order);
    // Read at once, past the cache: the save forgot it.
    expect((await call("GET", "/api/overview_blocks/crm/company", employee)).json()).toEqual(order);
    // The contact, an entity of its own, keeps its default order.
    expect((await call("GET", "/api/overview_blocks/crm/contact", employee)).json()).toEqual(shown(companyDefault));

    const back = await call("PUT", "/api/overview_blocks/crm/company", admin, shown(companyDefault));
    expect(back.json()).toEqual(shown(companyDefault));
    expect((await call("GET", "/api/overview_blocks/crm/company")).json()).toEqual(shown(companyDefault));
  });

  it("refuses an order that leaves out, repeats or adds a block, or moves or hides the fields", async () => {
    const refused = async (body: unknown, message: string) => {
      const response = await call("PUT", "/api/overview_blocks/crm/company", admin, body as object);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ exceptionName: "MethodArgumentNotValidException", message });
    };
    const blocks = shown(companyDefault);
    await refused(blocks.slice(0, -1), english(overviewBlockTexts.listedOnce));
    await refused([...blocks, { key: "notes", shown: false }], english(overviewBlockTexts.listedOnce));
    // Attached to is a note's or a document's block, and work item links an inquiry's or a to-do's.
    await refused([...blocks, { key: "attachedTo", shown: true }], english(overviewBlockTexts.listedOnce));
    await refused(
      [...blocks.slice(0, -1), { key: "workItemLinks", shown: true }],
      english(overviewBlockTexts.listedOnce),
    );
    await refused([{ key: "fields", shown: false }, ...blocks.slice(1)], english(overviewBlockTexts.fieldsFirst));
    await refused([blocks[1], blocks[0], ...blocks.slice(2)], english(overviewBlockTexts.fieldsFirst));
    await refused([], english(overviewBlockTexts.listedOnce));

    // Not blocks at all: the request's own schema answers.
    for (const body of [[...blocks, { key: "chart", shown: true }], [{ key: "fields" }], { fields: true }]) {
      const response = await call("PUT", "/api/overview_blocks/crm/company", admin, body);
      expect(response.statusCode, response.body).toBe(400);
    }
    const unknown = await call("PUT", "/api/overview_blocks/crm/nothing", admin, blocks);
    expect(unknown.statusCode).toBe(404);
    // Nothing refused was kept.
    expect((await call("GET", "/api/overview_blocks/crm/company")).json()).toEqual(shown(companyDefault));
  });

  it("keeps a custom entity's order with the entity, and forgets it when the entity goes", async () => {
    const created = await call("POST", "/api/custom_entities", admin, project);
    expect(created.statusCode, created.body).toBe(201);
    const projectDefault = ["fields", "favorites", "activities", "notes", "documents", "assignments"];
    const path = "/api/overview_blocks/custom_schema/project";
    expect((await call("GET", path, employee)).json()).toEqual(shown(projectDefault));

    const order = shown(["fields", "assignments", "notes", "favorites", "activities", "documents"], ["activities"]);
    expect((await call("PUT", path, admin, order)).statusCode).toBe(200);
    expect((await call("GET", path, employee)).json()).toEqual(order);

    // A role that may not read the entity's records (nor the settings) does not see its overview.
    const readOnlyRole = await t.app.db
      .selectFrom("core.role")
      .select("id")
      .where("name", "=", "Read-only")
      .executeTakeFirstOrThrow();
    await t.app.db
      .deleteFrom("core.role_permission")
      .where("role_id", "=", readOnlyRole.id)
      .where("resource", "=", "project")
      .execute();
    const reader = await signIn(t.app, "readonly@example.com");
    expect((await call("GET", path, reader)).statusCode).toBe(403);
    expect((await call("GET", "/api/overview_blocks/crm/company", reader)).statusCode).toBe(200);

    expect((await call("DELETE", "/api/custom_entities/project")).statusCode).toBe(204);
    const left = await t.app.db.selectFrom("core.overview_block").select("key").execute();
    expect(left).toHaveLength(companyDefault.length);
    expect((await call("GET", path)).statusCode).toBe(404);

    // Made again under the same key, it starts from the default order.
    expect((await call("POST", "/api/custom_entities", admin, project)).statusCode).toBe(201);
    expect((await call("GET", path)).json()).toEqual(shown(projectDefault));
  });
});
