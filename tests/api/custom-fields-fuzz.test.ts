import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

/** Texts that have broken SQL, JSON, paths and identifiers elsewhere. */
const hostile = [
  "",
  " ",
  "'",
  '"',
  "`",
  "\\",
  "a'; drop table crm.company; --",
  '"; drop table crm.company; --',
  "x\u0000y",
  "id",
  "status_id",
  "search_text",
  "__proto__",
  "constructor",
  "select",
  "ÆØÅ æøå",
  "名前",
  "😀",
  "../../etc/passwd",
  "%27%20or%201=1",
  "a".repeat(64),
  "a".repeat(10_001),
  "$1",
  "this.id",
  "crm.company",
  "Robert'); DELETE FROM core.app_user; --",
  "\r\n",
];

const hostileQueries = [
  "select 1; drop table crm.company",
  "select * from core.app_user where id = this.id",
  "select pg_sleep(10), this.id",
  "select this.id; delete from crm.company",
  "select (select string_agg(token_hash, ',') from core.session), this.id",
  "select set_config('role', 'none', true), this.id",
  "select query_to_xml('select * from core.app_user', true, false, ''), this.id",
  "select pg_read_file('/etc/passwd'), this.id",
  "select $1, $2, this.id",
  "select this.id) as x; drop table crm.company; select (1",
  "update crm.company set name = 'x' where id = this.id",
  "with x as (delete from crm.company returning id) select this.id",
  "select lo_import('/etc/passwd'), this.id",
];

/**
 * Work that only the statement timeout stops. PGlite cannot interrupt a running statement (decision 022), so it is
 * fed to PostgreSQL only.
 */
const slowQueries = ["select count(*) from generate_series(1, 1000000000), (select this.id) t"];

describe(`hostile input to the custom field, custom entity, relationship, field order and meta status calls on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let company: { uuid: string };

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(admin.access_token), payload: payload as object });
  const companies = async () => (await call("GET", "/api/crm/company?size=1")).json().totalElements as number;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    company = (await call("POST", "/api/crm/company", { values: { name: "Fuzz AS" } })).json();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers every call with a client error or a success, never a server error, and changes nothing else", async () => {
    const before = await companies();
    const order = async () => (await call("GET", "/api/crm/company/info")).json().fields.map((f: any) => f.key);
    const orderBefore = await order();
    const statuses: number[] = [];
    const expectClientSide = (response: { statusCode: number; body: string }, what: string) => {
      statuses.push(response.statusCode);
      expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
    };
    for (const text of hostile) {
      const path = encodeURIComponent(text);
      for (const url of [
        `/api/advance_field/crm/company/${path}`,
        `/api/advance_field/${path}/company`,
        `/api/advance_field/crm/${path}`,
        `/api/advance_field/crm/company/${path}/execute?id=${company.uuid}`,
        `/api/advance_field/crm/company/standard_fields?x=${path}`,
        `/api/metastatus/status?schema=${path}&table=company`,
        `/api/metastatus/${path}`,
      ]) {
        expectClientSide(await call("GET", url), `GET ${url}`);
      }
      expectClientSide(await call("DELETE", `/api/advance_field/crm/company/${path}`), `DELETE ${text}`);
      expectClientSide(await call("DELETE", `/api/metastatus/status/${path}`), `DELETE status ${text}`);
      const field = {
        key: text,
        labelEn: text,
        labelNb: text,
        type: "List",
        options: [{ labelEn: text || "x", labelNb: text || "x", value: text }],
        defaultValue: text,
      };
      const created = await call("POST", "/api/advance_field/crm/company", field);
      expectClientSide(created, `POST field ${JSON.stringify(text).slice(0, 40)}`);
      if (created.statusCode === 201) {
        expect(created.json().key).toMatch(/^[a-z][a-z0-9_]{0,49}$/);
        const id = created.json().id;
        expectClientSide(
          await call("PUT", `/api/advance_field/crm/company/${created.json().key}`, {
            ...field,
            key: created.json().key,
          }),
          "PUT field",
        );
        expectClientSide(await call("DELETE", `/api/advance_field/crm/company/${id}`), "DELETE field");
      }
      expectClientSide(await call("PUT", `/api/advance_field/crm/company/${path}`, field), `PUT ${text}`);
      expectClientSide(
        await call("POST", "/api/advance_field/crm/company/execute/queries", { id: text, keys: [text] }),
        `execute ${text}`,
      );
      expectClientSide(await call("GET", `/api/custom_entities/${path}`), `GET entity ${text}`);
      expectClientSide(await call("DELETE", `/api/custom_entities/${path}`), `DELETE entity ${text}`);
      const names = { labelEn: text, labelNb: text, pluralEn: `${text}s`, pluralNb: `${text}er`, icon: text };
      expectClientSide(await call("PUT", `/api/custom_entities/${path}`, names), `PUT entity ${text}`);
      const entity = await call("POST", "/api/custom_entities", { ...names, icon: "box", key: text, fields: [field] });
      expectClientSide(entity, `POST entity ${JSON.stringify(text).slice(0, 40)}`);
      if (entity.statusCode === 201) {
        expect(entity.json().key).toMatch(/^[a-z][a-z0-9_]{0,49}$/);
        expectClientSide(await call("DELETE", `/api/custom_entities/${entity.json().key}`), "DELETE entity");
      }
      for (const url of [
        `/api/relationships/${path}`,
        `/api/data/connections/crm/company/${path}`,
        `/api/data/connections/${path}/company/${company.uuid}`,
        `/api/data/from/crm/${path}/${company.uuid}/all_related_custom_entities`,
        `/api/data/connections/crm/company/${company.uuid}?relationship=${path}&page=${path}&size=${path}`,
        `/api/entity_order/crm/${path}`,
        `/api/entity_order/${path}/company`,
      ]) {
        expectClientSide(await call("GET", url), `GET ${url}`);
      }
      expectClientSide(await call("DELETE", `/api/relationships/${path}`), `DELETE relationship ${text}`);
      expectClientSide(
        await call("POST", "/api/entity_order/crm/company", { keys: [text, "name", text] }),
        `POST order ${text}`,
      );
      expectClientSide(await call("POST", `/api/entity_order/crm/${path}`, { keys: [text] }), `POST order of ${text}`);
      const relationship = {
        label1En: text,
        label1Nb: text,
        label2En: text,
        label2Nb: text,
        name1En: text,
        schema1: "crm",
        key1: text,
        schema2: "crm",
        key2: "contact",
        type: text,
        visibleGroups1: [text],
      };
      expectClientSide(await call("POST", "/api/relationships", relationship), `POST relationship ${text}`);
      expectClientSide(await call("PUT", `/api/relationships/${path}`, relationship), `PUT relationship ${text}`);
      expectClientSide(
        await call("POST", `/api/data/links/custom_schema_relationship/${path}`, { id1: text, id2: text, role: text }),
        `link ${text}`,
      );
      const status = await call("POST", "/api/metastatus/status", {
        schema: "crm",
        table: "company",
        nameEn: text,
        nameNb: text,
        colour: text,
      });
      expectClientSide(status, `POST status ${JSON.stringify(text).slice(0, 40)}`);
      if (status.statusCode === 201) {
        const id = status.json().metaStatusId;
        await call("PUT", `/api/metastatus/status/${id}`, { nameEn: `${text}!`, nameNb: `${text}!`, active: false });
        expectClientSide(await call("DELETE", `/api/metastatus/status/${id}`), "DELETE status");
      }
    }
    for (const query of testDatabase === "postgres" ? [...hostileQueries, ...slowQueries] : hostileQueries) {
      const response = await call("POST", "/api/advance_field/crm/company", {
        key: "fuzz_query",
        labelEn: "Fuzz",
        labelNb: "Fuzz",
        type: "Query",
        query,
      });
      expectClientSide(response, query);
      expect(response.statusCode, query).toBe(400);
    }
    // Some were accepted (the harmless ones), and nothing else changed.
    expect(statuses).toContain(201);
    expect(await companies()).toBe(before);
    expect(await order()).toEqual(orderBefore);
    const info = (await call("GET", "/api/crm/company/info")).json();
    expect(info.fields.filter((f: any) => f.customField)).toEqual([]);
    expect((await call("GET", "/api/custom_entities")).json()).toEqual([]);
  }, 120_000);
});
