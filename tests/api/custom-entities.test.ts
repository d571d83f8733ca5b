import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

describe(`custom entities on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let readOnly: Tokens;

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, tokens = admin, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });
  const errorsOf = (response: { json(): any }) =>
    Object.fromEntries((response.json().errors ?? []).map((e: any) => [e.field, e.defaultMessage]));
  const projectInput = {
    key: "project",
    labelEn: "Project",
    labelNb: "Prosjekt",
    pluralEn: "Projects",
    pluralNb: "Prosjekter",
    icon: "briefcase",
    fields: [
      {
        key: "name",
        labelEn: "Name",
        labelNb: "Navn",
        type: "Text",
        required: true,
        partOfName: true,
        searchable: true,
      },
      { key: "budget", labelEn: "Budget", labelNb: "Budsjett", type: "Number" },
    ],
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    readOnly = await signIn(t.app, "readonly@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("makes an entity with its table and first fields, whose records work like companies'", async () => {
    const created = await call("POST", "/api/custom_entities", admin, projectInput);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      key: "project",
      schemaKey: "custom_schema",
      resource: "project",
      icon: "briefcase",
      customFields: 2,
      records: 0,
    });

    // Each role has on it what it has on companies: the menu names it for readers.
    const info = (await call("GET", "/api/me/info", readOnly)).json();
    expect(info.customEntities).toEqual([
      {
        key: "project",
        labelEn: "Project",
        labelNb: "Prosjekt",
        pluralEn: "Projects",
        pluralNb: "Prosjekter",
        icon: "briefcase",
      },
    ]);
    expect(info.permissions).toContainEqual({ name: "project", operation: "Read" });
    expect(info.permissions).not.toContainEqual({ name: "project", operation: "Create" });

    const record = await call("POST", "/api/custom_schema/project", employee, {
      values: { name: "Nordlys", budget: 250000 },
    });
    expect(record.statusCode, record.body).toBe(201);
    expect(record.json()).toMatchObject({ rowName: "Nordlys", values: { name: "Nordlys", budget: 250000 } });
    await call("POST", "/api/custom_schema/project", employee, { values: { name: "Aurora" } });
    const list = (await call("GET", "/api/custom_schema/project?q=nordl", readOnly)).json();
    expect(list.content.map((r: any) => r.rowName)).toEqual(["Nordlys"]);
    const sorted = (await call("GET", "/api/custom_schema/project", readOnly)).json();
    expect(sorted.content.map((r: any) => r.rowName)).toEqual(["Aurora", "Nordlys"]);
    expect(sorted.totalElements).toBe(2);
    const refused = await call("POST", "/api/custom_schema/project", readOnly, { values: { name: "X" } });
    expect(refused.statusCode).toBe(403);
    const missing = await call("POST", "/api/custom_schema/project", employee, { values: { budget: 1 } });
    expect(errorsOf(missing)).toEqual({ "customFields.name": "Required" });
    const history = (
      await call("GET", `/api/data_feed/custom_schema/project?id==${record.json().uuid}`, employee)
    ).json();
    expect(history.content[0].action).toBe("create");

    // A note on a project shows on it.
    const note = await call("POST", "/api/notes/note", employee, {
      values: { title: "Oppstart", text: "Møte mandag" },
    });
    expect(note.statusCode, note.body).toBe(201);
    const attach = await call("POST", `/api/notes/note/${note.json().uuid}/attached_to`, employee, {
      attachTo: [{ schemaKey: "custom_schema", tableKey: "project", uuidKey: record.json().uuid }],
    });
    expect(attach.statusCode, attach.body).toBeLessThan(300);
    const activities = (
      await call("GET", `/api/activities/custom_schema/project/${record.json().uuid}`, employee)
    ).json();
    expect(JSON.stringify(activities)).toContain("Oppstart");

    const listed = (await call("GET", "/api/custom_entities")).json();
    expect(listed.find((e: any) => e.key === "project")).toMatchObject({ records: 2, customFields: 2 });
  });

  it("refuses an entity without fields, a name or key in use, and bad names with the spec's texts", async () => {
    const noFields = await call("POST", "/api/custom_entities", admin, { ...projectInput, key: "empty", fields: [] });
    expect(noFields.statusCode).toBe(400);
    expect(noFields.json()).toMatchObject({
      exceptionName: "NoColumnsRemainingException",
      message: "Custom entity should have at least 1 custom field",
    });
    for (const clash of [
      { ...projectInput, key: "project2" },
      { ...projectInput, labelEn: "Other", labelNb: "Annet", pluralEn: "Others", pluralNb: "Andre" },
      { ...projectInput, key: "prosjekt", labelEn: "Firma", labelNb: "X", pluralEn: "Y", pluralNb: "Z" },
    ]) {
      const taken = await call("POST", "/api/custom_entities", admin, clash);
      expect(taken.statusCode, JSON.stringify(clash)).toBe(409);
      expect(taken.json()).toMatchObject({
        exceptionName: "EntityAlreadyExistingException",
        message: "Entity name already exist",
      });
    }
    const bad = await call("POST", "/api/custom_entities", admin, {
      ...projectInput,
      key: "-",
      labelEn: "",
      icon: "skull",
    });
    expect(errorsOf(bad)).toEqual({
      key: "Required",
      labelEn: "Required",
      icon: "Must be one of the options",
    });
    expect((await call("POST", "/api/custom_entities", employee, projectInput)).statusCode).toBe(403);
  });

  it("renames an entity, keeps its last field, and deletes it only without records", async () => {
    const renamed = await call("PUT", "/api/custom_entities/project", admin, {
      labelEn: "Assignment",
      labelNb: "Oppdrag",
      pluralEn: "Assignments",
      pluralNb: "Oppdrag",
      icon: "folder",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ key: "project", labelNb: "Oppdrag", icon: "folder" });
    expect((await call("GET", "/api/custom_schema/project/info", employee)).json().labelEn).toBe("Assignment");

    const withData = await call("DELETE", "/api/custom_entities/project");
    expect(withData.statusCode).toBe(409);
    expect(withData.json()).toMatchObject({
      exceptionName: "ColumnHasValueException",
      message: "This custom entity already have data",
    });

    const single = await call("POST", "/api/custom_entities", admin, {
      key: "vehicle",
      labelEn: "Vehicle",
      labelNb: "Kjøretøy",
      pluralEn: "Vehicles",
      pluralNb: "Kjøretøy",
      fields: [{ key: "plate", labelEn: "Plate", labelNb: "Skilt", type: "Text" }],
    });
    expect(single.statusCode, single.body).toBe(201);
    const [plate] = (await call("GET", "/api/advance_field/custom_schema/vehicle")).json();
    const last = await call("DELETE", `/api/advance_field/custom_schema/vehicle/${plate.id}`);
    expect(last.json()).toMatchObject({
      exceptionName: "NoColumnsRemainingException",
      message: "Custom entity should have at least 1 custom field",
    });
    expect((await call("DELETE", "/api/custom_entities/vehicle")).statusCode).toBe(204);
    expect((await call("GET", "/api/custom_schema/vehicle", employee)).statusCode).toBe(404);
    expect((await call("GET", "/api/me/info", employee)).json().customEntities.map((e: any) => e.key)).toEqual([
      "project",
    ]);
    // The key is free again, with a table of its own.
    const again = await call("POST", "/api/custom_entities", admin, {
      key: "vehicle",
      labelEn: "Vehicle",
      labelNb: "Kjøretøy",
      pluralEn: "Vehicles",
      pluralNb: "Kjøretøy",
      fields: [{ key: "model", labelEn: "Model", labelNb: "Modell", type: "Text" }],
    });
    expect(again.statusCode, again.body).toBe(201);
    expect((await call("GET", "/api/custom_schema/vehicle", employee)).json().totalElements).toBe(0);
    expect((await call("DELETE", "/api/custom_entities/nothing")).statusCode).toBe(404);
  });
});
