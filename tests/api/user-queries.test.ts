import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadActor } from "../../server/auth/actors.ts";
import { runQueryField } from "../../server/user-queries/user-queries.service.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { revoke } from "../support/role-permissions.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

/**
 * Selects that try to step out of a Query field's rights: run SQL text, change the role, read files or settings,
 * end the statement early, or hide a name from a text check behind quoting, comments or unicode escapes.
 */
const escapes = [
  `select U&"set\\005fconfig"('role', 'none', true) as r, U&"query\\005fto\\005fxml"('select password_hash from core.app_user', true, false, '')::text as x, this.id as id`,
  `select set_config('role', 'none', true) as r, (select password_hash from core.app_user limit 1) as x, this.id as id`,
  `select query_to_xml($q$select client_secret from core.oauth_client$q$, true, false, '')::text as x, this.id as id`,
  `select query_to_xml/**/('select id from core.oidc_payload', true, false, '')::text as x, this.id as id`,
  `select U&"query\\005fto\\005fxml"('select payload::text from core.oidc_payload', true, false, '')::text as x, this.id as id`,
  `select dblink('dbname=postgres', 'select 1') as x, this.id as id`,
  `select pg_read_file('/etc/passwd') as x, this.id as id`,
  `select U&"pg\\005fread\\005ffile"('/etc/passwd') as x, this.id as id`,
  `select pg_ls_dir('.') as x, this.id as id`,
  `select lo_import('/etc/passwd') as x, this.id as id`,
  `select current_setting('data_directory') as x, this.id as id`,
  `select this.id; set role none; select password_hash from core.app_user`,
  `select this.id) as q; select password_hash from core.app_user; select (1`,
  `select this.id as id) as q union all select to_json(u) from core.app_user as u, (select 1 as x`,
  `select (select string_agg(id, ',') from core.oidc_payload) as x, this.id as id`,
  `select rolpassword as x, this.id as id from pg_catalog.pg_authid`,
  `select this.id as id; reset role; select password_hash from core.app_user`,
];

describe(`statements users write, on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let readonly: Tokens;
  let companyId: string;

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, tokens = admin, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });
  const errorsOf = (response: { json(): any }) =>
    Object.fromEntries((response.json().errors ?? []).map((e: any) => [e.field, e.defaultMessage]));
  const queryField = (key: string, query: string) => ({
    key,
    labelEn: key,
    labelNb: key,
    type: "Query",
    query,
  });
  /** What a read of the secrets would show: a password hash's start, the web client's secret, a live token. */
  const secretsIn = (text: string) => [/scrypt/i.test(text), text.includes(t.config.OAUTH_CLIENT_SECRET ?? "?")];

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    readonly = await signIn(t.app, "readonly@example.com");
    const company = await call("POST", "/api/crm/company", employee, { values: { name: "Grenser AS" } });
    companyId = company.json().uuid;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gives a select that steps out of its rights Query failed., on save and at the runner itself", async () => {
    const actor = await loadActor(t.app.db, (await call("GET", "/api/me/info")).json().userUuid);
    if (!actor) throw new Error("no admin");
    for (const query of escapes) {
      const saved = await call("POST", "/api/advance_field/crm/company", admin, queryField("escape", query));
      expect(saved.statusCode, query).toBe(400);
      expect(errorsOf(saved), query).toEqual({ query: "Query failed." });
      // Past the text check, straight at the runner: the reader's rights are the wall.
      const outcome = await runQueryField(t.app.db, actor, query, companyId, 5).then(
        (rows) => JSON.stringify(rows),
        (error: Error) => `failed: ${error.message}`,
      );
      expect(outcome, query).toMatch(/^failed: /);
      expect(secretsIn(outcome), query).toEqual([false, false]);
    }
  });

  it("runs a Query field with the reader's rights: a user without Read on contacts gets none through it", async () => {
    const count = await call(
      "POST",
      "/api/advance_field/crm/company",
      admin,
      queryField("all_contacts", "select count(*) as contacts from crm.contact where this.id is not null"),
    );
    expect(count.statusCode, count.body).toBe(201);
    // Text that no check of names would catch: only the rights stop it.
    const hidden = await call(
      "POST",
      "/api/advance_field/crm/company",
      admin,
      queryField(
        "contact_names",
        `select U&"query\\005fto\\005fxml"('select first_name from crm.contact', true, false, '')::text as names, this.id as id`,
      ),
    );
    expect(hidden.statusCode, hidden.body).toBe(201);
    const run = (key: string, tokens: Tokens) =>
      call("GET", `/api/advance_field/crm/company/${key}/execute?id=${companyId}`, tokens);

    const seen = await run("contact_names", employee);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(JSON.stringify(seen.json().rows)).toContain("first_name");
    expect((await run("all_contacts", employee)).json().rows[0][0]).toBeGreaterThan(0);

    await revoke(t.app.db, "Read-only", "Contact", ["Read"]);
    for (const key of ["all_contacts", "contact_names"]) {
      const refused = await run(key, readonly);
      expect(refused.statusCode, `${key}: ${refused.body}`).toBe(422);
      expect(refused.json().message).toBe("Query failed.");
    }
    const batch = await call("POST", "/api/advance_field/crm/company/execute/queries", readonly, {
      id: companyId,
      keys: ["contact_names"],
    });
    expect(batch.statusCode).toBe(422);

    // An advanced search that selects the field shows it empty to them, and filled to who may read contacts.
    const definition = {
      entities: [
        {
          schemaName: "crm",
          tableName: "company",
          selectedFields: [{ key: "name" }, { key: "all_contacts" }],
          filters: [{ field: "name", operation: "=", paramValue: "Grenser AS" }],
        },
      ],
      joins: [],
    };
    const preview = (tokens: Tokens) => call("POST", "/api/advanced_search/run?page=0&size=5", tokens, definition);
    const theirs = await preview(readonly);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().content[0].values["crm.company.all_contacts"]).toBeNull();
    const others = await preview(employee);
    expect(Number(others.json().content[0].values["crm.company.all_contacts"])).toBeGreaterThan(0);
  });

  it("stops a Query field that runs past its time, and refuses one the planner says cannot finish", async () => {
    const cross = await call(
      "POST",
      "/api/advance_field/crm/company",
      admin,
      queryField(
        "cross_join",
        "select count(*) from generate_series(1, 100000000) as a, generate_series(1, 100000) as b, (select this.id) as t",
      ),
    );
    expect(errorsOf(cross)).toEqual({ query: "Query failed." });
    const started = Date.now();
    const sleepy = await call(
      "POST",
      "/api/advance_field/crm/company",
      admin,
      // A cost the planner cannot see: only the time limit stops it.
      queryField(
        "endless",
        "select (with recursive t(n) as (select 1 union all select n + 1 from t where n < 1000000000) select count(*) from t) as n, this.id as id",
      ),
    );
    expect(errorsOf(sleepy)).toEqual({ query: "Query failed." });
    expect(Date.now() - started).toBeLessThan(15_000);
    // Everyone else's requests are answered again at once.
    expect((await call("GET", "/api/crm/company?size=1", employee)).statusCode).toBe(200);
  });
});
