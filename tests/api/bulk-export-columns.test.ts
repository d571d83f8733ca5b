import { parse } from "csv-parse/sync";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINKED_NAMES_PER_CELL } from "../../server/bulk-data/exports.service.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

const LINK = "/api/data/links/custom_schema_relationship/company_has_contact";
/** "-2026-11-28-1430.csv": when the export was asked for, to the minute. */
const STAMP = String.raw`-\d{4}-\d{2}-\d{2}-\d{4}`;

/**
 * An export's file holds each record's status and the names of its linked records (a contact's companies, a company's
 * contacts) for a user who may read them, and is named after the entity, what narrows the list, and the time.
 */
describe(`an export's status and linked records, on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let employeeRole = "";
  const ids = { alpha: "", beta: "", zora: "", mona: "" };

  const call = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, tokens = admin, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });

  /** The export's name and its rows, once its job has written it. */
  const exported = async (url: string, tokens = admin) => {
    const started = await call("PUT", url, tokens);
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().id as string;
    for (let waited = 0; waited < 30_000; waited += 100) {
      const found = (await call("GET", "/api/core/bulk_data/exports/recent?size=100", tokens))
        .json()
        .content.find((e: { id: string }) => e.id === id);
      if (found && found.status !== "exporting") {
        expect(found.status, found.message ?? "").toBe("ready");
        const file = await call("GET", `/api/core/bulk_data/exports/download/${id}`, tokens);
        const rows: string[][] = parse(file.rawPayload.toString("utf8"), { bom: true });
        return { fileName: found.fileName as string, header: rows[0] ?? [], rows: rows.slice(1) };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`export ${id} did not finish`);
  };
  /** A row's cells by header. */
  const byHeader = (file: { header: string[]; rows: string[][] }, id: string) => {
    const row = file.rows.find((cells) => cells[0] === id);
    if (!row) throw new Error(`no row for ${id}`);
    return Object.fromEntries(file.header.map((header, index) => [header, row[index]]));
  };
  const setPermission = async (resource: string, operation: string, granted: boolean) => {
    if (granted) {
      await t.app.db
        .insertInto("core.role_permission")
        .values({ role_id: employeeRole, resource, operation })
        .onConflict((oc) => oc.doNothing())
        .execute();
    } else {
      await t.app.db
        .deleteFrom("core.role_permission")
        .where("role_id", "=", employeeRole)
        .where("resource", "=", resource)
        .where("operation", "=", operation)
        .execute();
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    const company = async (name: string) =>
      (await call("POST", "/api/crm/company", admin, { values: { name } })).json().uuid as string;
    const contact = async (first_name: string, last_name: string) =>
      (await call("POST", "/api/crm/contact", admin, { values: { first_name, last_name } })).json().uuid as string;
    ids.alpha = await company("Zeta Alpha AS");
    ids.beta = await company("Zeta Beta AS");
    ids.zora = await contact("Zora", "Zetterlund");
    for (const companyId of [ids.beta, ids.alpha]) {
      const linked = await call("POST", LINK, admin, { id1: companyId, id2: ids.zora, role: "employee" });
      expect(linked.statusCode, linked.body).toBeLessThan(300);
    }
    // More companies than a cell names: the rest are counted.
    ids.mona = await contact("Mona", "Mangesen");
    await sql`with made as (
        insert into crm.company (name) select 'Many ' || lpad(i::text, 3, '0') from generate_series(1, ${LINKED_NAMES_PER_CELL + 2}) as i
        returning id)
      insert into custom_schema_relationship.company_has_contact (company_id, contact_id, role)
        select id, ${ids.mona}::uuid, 'employee' from made`.execute(t.app.db);
    const inactive = (await call("GET", "/api/metastatus/crm/contact")).json().find((s: any) => s.key === "inactive");
    const changed = await call("PATCH", `/api/crm/contact/${ids.mona}`, admin, {
      values: {},
      statusId: inactive.metaStatusId,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const user = await t.app.db
      .selectFrom("core.app_user")
      .select("role_id")
      .where("email", "=", "employee@example.com")
      .executeTakeFirstOrThrow();
    employeeRole = user.role_id as string;
    await setPermission("Export", "Create", true);
    await setPermission("Export", "Read", true);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("holds a contact's status and companies, and names the file after the list and the time", async () => {
    const file = await exported("/api/crm/contact/initiate_export?scope=listed&format=csv&q=zetterlund&lang=en");
    expect(file.fileName).toMatch(new RegExp(`^contacts-zetterlund${STAMP}\\.csv$`));
    expect(file.header.slice(-2)).toEqual(["Status", "Companies"]);
    expect(byHeader(file, ids.zora)).toMatchObject({ Status: "Active", Companies: "Zeta Alpha AS; Zeta Beta AS" });

    const nb = await exported("/api/crm/contact/initiate_export?scope=listed&format=csv&q=mangesen&lang=nb");
    expect(nb.fileName).toMatch(new RegExp(`^kontakter-mangesen${STAMP}\\.csv$`));
    const mona = byHeader(nb, ids.mona);
    expect(mona.Status).toBe("Inaktiv");
    const names = Array.from({ length: LINKED_NAMES_PER_CELL }, (_, i) => `Many ${String(i + 1).padStart(3, "0")}`);
    expect(mona.Firmaer).toBe(`${names.join("; ")} (2 til)`);
  });

  it("holds a company's contacts, and names a file after its status filter", async () => {
    const statuses = (await call("GET", "/api/metastatus/crm/company")).json();
    const prospect = statuses.find((s: any) => s.key === "prospect").metaStatusId;
    const file = await exported(
      `/api/crm/company/initiate_export?scope=listed&format=csv&q=zeta&statusId=${prospect}&lang=en`,
    );
    expect(file.fileName).toMatch(new RegExp(`^companies-prospect-zeta${STAMP}\\.csv$`));
    const all = await exported("/api/crm/company/initiate_export?scope=listed&format=csv&q=zeta%20alpha&lang=en");
    expect(all.header.slice(-2)).toEqual(["Status", "Contacts"]);
    expect(byHeader(all, ids.alpha)).toMatchObject({ Status: "Prospect", Contacts: "Zora Zetterlund" });
    // Every record: no narrowing in the name.
    const everything = await exported("/api/crm/company/initiate_export?format=csv&fields=name&lang=en");
    expect(everything.fileName).toMatch(new RegExp(`^companies${STAMP}\\.csv$`));
  });

  it("leaves the linked records out for a user who may not read them, or lacks the CRM right for the links", {
    timeout: 120_000,
  }, async () => {
    const url = "/api/crm/contact/initiate_export?scope=listed&format=csv&q=zetterlund&lang=en";
    const allowed = await exported(url, employee);
    expect(byHeader(allowed, ids.zora)).toMatchObject({ Status: "Active", Companies: "Zeta Alpha AS; Zeta Beta AS" });

    await setPermission("CRM", "Read", false);
    try {
      const withoutCrm = await exported(url, employee);
      expect(withoutCrm.header).not.toContain("Companies");
      expect(byHeader(withoutCrm, ids.zora).Status).toBe("Active");
      expect(withoutCrm.rows.flat().join()).not.toContain("Zeta Alpha");
    } finally {
      await setPermission("CRM", "Read", true);
    }

    await setPermission("Company", "Read", false);
    try {
      const withoutCompanies = await exported(url, employee);
      expect(withoutCompanies.header).not.toContain("Companies");
      expect(withoutCompanies.rows.flat().join()).not.toContain("Zeta Alpha");
    } finally {
      await setPermission("Company", "Read", true);
    }
  });
});
