import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

describe(`relationships on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, tokens = admin, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });
  const labels = (one: string, two: string) => ({ label1En: one, label1Nb: one, label2En: two, label2Nb: two });
  const relate = async (body: object) => {
    const response = await call("POST", "/api/relationships", admin, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const record = async (schema: string, table: string, values: object) => {
    const response = await call("POST", `/api/${schema}/${table}`, employee, { values });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().uuid as string;
  };
  const link = (relationship: { linkSchema: string; linkTable: string }, id1: string, id2: string) =>
    call("POST", `/api/data/links/${relationship.linkSchema}/${relationship.linkTable}`, employee, { id1, id2 });

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    const project = await call("POST", "/api/custom_entities", admin, {
      key: "project",
      labelEn: "Project",
      labelNb: "Prosjekt",
      pluralEn: "Projects",
      pluralNb: "Prosjekter",
      fields: [{ key: "name", labelEn: "Name", labelNb: "Navn", type: "Text", partOfName: true }],
    });
    expect(project.statusCode, project.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists the company–contact link as a built-in many-to-many relationship in custom_schema_relationship", async () => {
    const all = (await call("GET", "/api/relationships")).json();
    expect(all[0]).toMatchObject({
      linkSchema: "custom_schema_relationship",
      linkTable: "company_has_contact",
      key1: "company",
      key2: "contact",
      type: "NtoM",
      builtIn: true,
      hasRole: true,
    });
    expect((await call("GET", "/api/relationships", employee)).statusCode).toBe(403);
    const builtIn = await call("DELETE", `/api/relationships/${all[0].id}`);
    expect(builtIn.statusCode).toBe(409);
  });

  it("holds each type's cardinality with the spec's texts, and shows the links on both records", async () => {
    const oneToOne = await relate({
      ...labels("Main contact", "Main contact of"),
      schema1: "custom_schema",
      key1: "project",
      schema2: "crm",
      key2: "contact",
      type: "1to1",
      favorite: true,
    });
    const oneToMany = await relate({
      ...labels("Projects", "Owner"),
      schema1: "crm",
      key1: "company",
      schema2: "custom_schema",
      key2: "project",
      type: "1toN",
    });
    const manyToOne = await relate({
      ...labels("Parent", "Children"),
      schema1: "custom_schema",
      key1: "project",
      schema2: "custom_schema",
      key2: "project",
      type: "Nto1",
    });
    const manyToMany = await relate({
      ...labels("Members", "Projects"),
      name1En: "has members",
      name1Nb: "har medlemmer",
      schema1: "custom_schema",
      key1: "project",
      schema2: "crm",
      key2: "contact",
      type: "NtoM",
    });
    expect(new Set([oneToOne.linkTable, manyToMany.linkTable]).size).toBe(2);

    const [p1, p2] = [
      await record("custom_schema", "project", { name: "Alfa" }),
      await record("custom_schema", "project", { name: "Beta" }),
    ];
    const [c1, c2] = [
      await record("crm", "contact", { first_name: "Kari", last_name: "En" }),
      await record("crm", "contact", { first_name: "Ola", last_name: "To" }),
    ];
    const [firm1, firm2] = [
      await record("crm", "company", { name: "Eier AS" }),
      await record("crm", "company", { name: "Annen AS" }),
    ];

    const again = (response: { statusCode: number; json(): any }) => response.json();
    // One-to-one: one partner on each side.
    expect((await link(oneToOne, p1, c1)).statusCode).toBe(201);
    expect(again(await link(oneToOne, p1, c1))).toMatchObject({
      exceptionName: "DataAlreadyConnectedException",
      message: "Connection already exists.",
    });
    expect(again(await link(oneToOne, p1, c2))).toMatchObject({
      exceptionName: "AnotherConnectionAlreadyExistingException",
      message: "Selected relationship is already connected to another record.",
    });
    expect(again(await link(oneToOne, p2, c1)).exceptionName).toBe("AnotherConnectionAlreadyExistingException");
    // One company has many projects; a project has one company.
    expect((await link(oneToMany, firm1, p1)).statusCode).toBe(201);
    expect((await link(oneToMany, firm1, p2)).statusCode).toBe(201);
    expect(again(await link(oneToMany, firm2, p1)).exceptionName).toBe("AnotherConnectionAlreadyExistingException");
    // Many projects have one parent project.
    expect((await link(manyToOne, p2, p1)).statusCode).toBe(201);
    expect(again(await link(manyToOne, p2, p2)).exceptionName).toBe("AnotherConnectionAlreadyExistingException");
    // Many to many.
    expect((await link(manyToMany, p1, c1)).statusCode).toBe(201);
    expect((await link(manyToMany, p1, c2)).statusCode).toBe(201);
    expect((await link(manyToMany, p2, c1)).statusCode).toBe(201);

    const connections = (await call("GET", `/api/data/connections/custom_schema/project/${p1}`, employee)).json();
    const byLabel = Object.fromEntries(connections.map((c: any) => [`${c.labelEn}:${c.side}`, c]));
    expect(byLabel["Main contact:1"]).toMatchObject({ single: true, favorite: true, totalElements: 1 });
    expect(byLabel["Main contact:1"].content.map((r: any) => r.rowName)).toEqual(["Kari En"]);
    expect(byLabel["Owner:2"]).toMatchObject({ single: true, totalElements: 1 });
    expect(byLabel["Children:2"].content.map((r: any) => r.rowName)).toEqual(["Beta"]);
    expect(byLabel["Members:1"]).toMatchObject({ single: false, totalElements: 2, nameNb: "har medlemmer" });
    expect(byLabel["Members:1"].canLink).toBe(true);
    // One relationship's links a page at a time, newest first; past the last page the count still answers.
    const members = `/api/data/connections/custom_schema/project/${p1}?relationship=${manyToMany.id}&size=1`;
    const first = (await call("GET", members, employee)).json();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ labelEn: "Members", totalElements: 2 });
    expect(first[0].content.map((r: any) => r.rowName)).toEqual(["Ola To"]);
    const second = (await call("GET", `${members}&page=1`, employee)).json();
    expect(second[0].content.map((r: any) => r.rowName)).toEqual(["Kari En"]);
    const beyond = (await call("GET", `${members}&page=5`, employee)).json();
    expect(beyond[0]).toMatchObject({ totalElements: 2, content: [] });
    const unrelated = await call(
      "GET",
      `/api/data/connections/custom_schema/project/${p1}?relationship=${oneToMany.id.replace(/^.{8}/, "00000000")}`,
      employee,
    );
    expect(unrelated.statusCode).toBe(404);
    // The record names its links through favorite relationships (spec §3 favoriteConnections).
    const project = (await call("GET", `/api/custom_schema/project/${p1}`, employee)).json();
    expect(project.favoriteConnections).toEqual([
      { schemaKey: "crm", tableKey: "contact", rowName: "Kari En", uuidKey: c1 },
    ]);
    const contact = (await call("GET", `/api/data/connections/crm/contact/${c1}`, employee)).json();
    expect(
      contact
        .find((c: any) => c.labelEn === "Projects")
        .content.map((r: any) => r.rowName)
        .sort(),
    ).toEqual(["Alfa", "Beta"]);
    const related = (
      await call("GET", `/api/data/from/crm/company/${firm1}/all_related_custom_entities`, employee)
    ).json();
    expect(related).toEqual([
      expect.objectContaining({ tableKey: "project", totalElements: 2, records: expect.any(Array) }),
    ]);

    // In use: not deleted. Its links go with a deleted record, and then it may go.
    const inUse = await call("DELETE", `/api/relationships/${oneToMany.id}`);
    expect(inUse.json()).toMatchObject({
      exceptionName: "CrmRelationshipIsCurrentlyUsingException",
      message: "Failed to delete. This relationship is currently in use.",
    });
    expect((await call("DELETE", `/api/crm/company/${firm1}`, employee)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/relationships/${oneToMany.id}`)).statusCode).toBe(204);
    expect((await call("GET", `/api/relationships/${oneToMany.id}`)).statusCode).toBe(404);
    expect((await link(oneToMany, firm2, p1)).statusCode).toBe(404);
  });

  it("hides a side that is not shown, or shown only to other groups, and answers bad input", async () => {
    const hidden = await relate({
      ...labels("Hidden", "Shown"),
      schema1: "crm",
      key1: "company",
      schema2: "crm",
      key2: "contact",
      type: "NtoM",
      visible1: false,
    });
    const company = await record("crm", "company", { name: "Skjult AS" });
    const names = (await call("GET", `/api/data/connections/crm/company/${company}`, employee))
      .json()
      .map((c: any) => c.labelEn);
    expect(names).not.toContain("Hidden");
    const groups = (await call("GET", "/api/core/groups?size=50")).json().content;
    const changed = await call("PUT", `/api/relationships/${hidden.id}`, admin, {
      ...labels("Hidden", "Shown"),
      visible1: true,
      visibleGroups1: [groups[0].uuid],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const employeeSees = (await call("GET", `/api/data/connections/crm/company/${company}`, employee))
      .json()
      .map((c: any) => c.labelEn);
    const adminSees = (await call("GET", `/api/data/connections/crm/company/${company}`, admin))
      .json()
      .map((c: any) => c.labelEn);
    expect(adminSees).toContain("Hidden");
    expect(employeeSees).not.toContain("Hidden");
    // A record names its links only through relationships shown to the user.
    const contact = await record("crm", "contact", { first_name: "Skjult", last_name: "Kontakt" });
    expect((await link(hidden, company, contact)).statusCode).toBe(201);
    const named = async (tokens: Tokens) =>
      (await call("GET", `/api/crm/company/${company}`, tokens)).json().connections.map((c: any) => c.uuidKey);
    expect(await named(admin)).toContain(contact);
    expect(await named(employee)).not.toContain(contact);

    const bad = await call("POST", "/api/relationships", admin, {
      label1En: "",
      label1Nb: "x",
      label2En: "x",
      label2Nb: "x",
      schema1: "crm",
      key1: "company",
      schema2: "crm",
      key2: "nothing",
      type: "1to2",
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await call("POST", "/api/relationships", admin, {
      ...labels("a", "b"),
      schema1: "crm",
      key1: "company",
      schema2: "crm",
      key2: "nothing",
      type: "1to1",
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (
        await call("POST", "/api/relationships", employee, {
          ...labels("a", "b"),
          schema1: "crm",
          key1: "company",
          schema2: "crm",
          key2: "contact",
          type: "1to1",
        })
      ).statusCode,
    ).toBe(403);
  });

  it("deletes a custom entity's relationships with it", async () => {
    const temp = await call("POST", "/api/custom_entities", admin, {
      key: "temp",
      labelEn: "Temp",
      labelNb: "Temp",
      pluralEn: "Temps",
      pluralNb: "Tempser",
      fields: [{ key: "name", labelEn: "Name", labelNb: "Navn", type: "Text" }],
    });
    expect(temp.statusCode).toBe(201);
    const relationship = await relate({
      ...labels("T", "C"),
      schema1: "custom_schema",
      key1: "temp",
      schema2: "crm",
      key2: "company",
      type: "NtoM",
    });
    expect((await call("DELETE", "/api/custom_entities/temp")).statusCode).toBe(204);
    expect((await call("GET", `/api/relationships/${relationship.id}`)).statusCode).toBe(404);
  });
});
