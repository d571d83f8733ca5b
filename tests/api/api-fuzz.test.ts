import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

/**
 * Malformed bodies, query strings, path parameters and headers sent to every route the OpenAPI document lists, as an
 * administrator with a valid token: each must answer a success or a client error, never a server error. The cases
 * come from a seeded generator, so a failure is repeated by running again; FUZZ_SEED and FUZZ_CASES (cases per
 * route) search further than CI does.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_611);
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES ?? 5);
/** A safety stop: the cases are bounded by count, this only keeps a slow machine's run from hanging CI. */
const TIME_BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 100_000);

/** mulberry32: small, fast and the same everywhere. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    int: (max: number) => Math.floor(next() * max),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)];
    },
  };
}
type Random = ReturnType<typeof generator>;

/** Texts that have broken SQL, JSON, identifiers, paths, PostgreSQL's text or JavaScript's objects. */
const hostileTexts = [
  "",
  " ",
  "'",
  '"',
  "\\",
  "%",
  "_",
  "a'; drop table crm.company; --",
  "x\u0000y",
  "\ud800",
  "a\udfffb",
  "\udc00\ud800",
  "😀",
  "ÆØÅ æøå",
  "\u202e\u2028",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "xmin",
  "ctid",
  "tableoid",
  "id",
  "search_text",
  "../../etc/passwd",
  "%00",
  "NaN",
  "Infinity",
  "-1",
  "1e400",
  "9".repeat(400),
  "2026-02-30",
  "2026-13-45T99:99",
  "0000-01-01",
  "275760-09-13",
  "00000000-0000-0000-0000-000000000000",
  "not-a-uuid",
  "[a, b]",
  "a".repeat(256),
  "b".repeat(10_001),
  "select this.id",
  "true",
  "null",
] as const;

const hostileNumbers = [
  0,
  -0,
  -1,
  -5,
  1,
  0.5,
  1e-12,
  5,
  500,
  32_768,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  1e21,
  2 ** 53 + 1,
  -(2 ** 63),
  9_999_999_999,
  10_000_000_000,
  1e308,
  -1e308,
  Number.MAX_VALUE,
];

/** Bodies that are not JSON, or JSON that breaks parsers and walkers. */
function malformedBodies(): string[] {
  return [
    "{",
    "[1,",
    '{"a":1}garbage',
    "nul",
    '"\\ud800"',
    '{"values":{"name":"\\ud800"}}',
    '{"name":"\\udfff\\ud800","labelEn":"\\ud800"}',
    `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
    `{"values":${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}}`,
    '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
    '{"values":{"__proto__":"x","constructor":"y","toString":1}}',
    "1e999",
    "-0",
    '"string"',
    "null",
    "[]",
    '{"a":1,"a":2}',
    `{"name":"${"a".repeat(1_100_000)}"}`,
  ];
}

/** Headers that a careless or hostile client sends. */
const headerCases: Record<string, string>[] = [
  { "content-type": "text/plain" },
  { "content-type": "application/json; charset=utf-16" },
  { "content-type": "application/x-www-form-urlencoded" },
  { "content-type": "multipart/form-data" },
  { "content-type": "multipart/form-data; boundary=x" },
  { "content-type": "application/xml" },
  { "content-type": "application/json", "content-encoding": "gzip" },
  { accept: "text/html" },
  { "accept-language": "\u00ff;q=foo" },
  { "x-request-id": "../../x" },
  { range: "bytes=99999999999-1" },
  { "if-none-match": '"x"' },
  { "x-forwarded-for": "not an address" },
];

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  additionalProperties?: boolean | Schema;
};
type Parameter = { name: string; in: string; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/**
 * A value for the schema, of its shape but for a share of its parts (`wildness`): a wild body fails validation early,
 * a tame one reaches the service and the database with values at the edges of what validation lets through.
 */
function valueFor(random: Random, schema: Schema | undefined, ids: string[], wildness: number, depth = 0): unknown {
  if (!schema || depth > 6 || random.chance(wildness)) return hostileValue(random, ids);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return valueFor(random, random.pick(choices), ids, wildness, depth + 1);
  if (schema.allOf?.length) return valueFor(random, schema.allOf[0], ids, wildness, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return random.chance(wildness) ? random.pick(hostileTexts) : random.pick(schema.enum);
  const type = Array.isArray(schema.type) ? random.pick(schema.type) : schema.type;
  switch (type) {
    case "object": {
      const object: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || random.chance(0.6)) {
          object[key] = valueFor(random, property, ids, wildness, depth + 1);
        }
      }
      if (schema.additionalProperties !== false && random.chance(wildness * 3)) {
        const extra = random.pick(["__proto__", "constructor", "xmin", "name", "employees", "discount", "toString"]);
        Object.defineProperty(object, extra, {
          value: valueFor(
            random,
            typeof schema.additionalProperties === "object" ? schema.additionalProperties : {},
            ids,
            depth + 1,
          ),
          enumerable: true,
        });
      }
      return object;
    }
    case "array":
      return Array.from({ length: random.int(4) }, () => valueFor(random, schema.items, ids, wildness, depth + 1));
    case "integer":
    case "number": {
      if (random.chance(0.3) && schema.minimum !== undefined) return schema.minimum - (type === "integer" ? 1 : 0.5);
      if (random.chance(0.3) && schema.maximum !== undefined) return schema.maximum + 1;
      const number = random.pick(hostileNumbers);
      return type === "integer" && random.chance(1 - wildness) ? Math.trunc(number) : number;
    }
    case "boolean":
      return random.chance(0.5);
    case "null":
      return null;
    case "string":
      if (schema.format === "uuid" || random.chance(0.1 + wildness)) return random.pick(ids);
      if (schema.format === "date") return random.pick(["2026-06-11", "2026-02-30", "0000-00-00", "99999-01-01"]);
      if (schema.format === "date-time") return random.pick(["2026-06-11T10:00:00Z", "2026-06-11T25:00:00Z"]);
      if (schema.format === "email") return random.pick(["a@b.no", "@", `${"a".repeat(250)}@b.no`]);
      return random.pick(hostileTexts);
    default:
      return hostileValue(random, ids);
  }
}

function hostileValue(random: Random, ids: string[]): unknown {
  switch (random.int(6)) {
    case 0:
      return random.pick(hostileNumbers);
    case 1:
      return random.pick([null, true, false, [], {}, [null], { "": "" }]);
    case 2:
      return random.pick(ids);
    default:
      return random.pick(hostileTexts);
  }
}

/** One path segment: the parameter's likely value, a known id, or something hostile (encoded as a client would). */
function pathValue(random: Random, name: string, ids: string[]): string {
  const likely: Record<string, string[]> = {
    schema: ["crm", "custom_schema", "core", "notes", "documents", "custom_schema_relationship"],
    table: ["company", "contact", "inquiry", "todo", "note", "document"],
    entity: ["company", "contact", "inquiry", "todo", "note", "document"],
    ownerTable: ["company", "contact", "inquiry", "todo"],
    kind: ["status", "priority", "category", "source"],
    queryType: ["query", "datasource", "advanced"],
    key: ["name", "employees", "title", "fuzz"],
    fieldKey: ["name", "employees", "fuzz"],
    field: ["name", "employees", "industry", "discount"],
  };
  const roll = random.next();
  if (roll < 0.35 && likely[name]) return random.pick(likely[name]);
  if (roll < 0.6) return random.pick(ids);
  if (roll < 0.7) return random.pick(["%ED%A0%80", "%FF", "%C0%AF", "%25", "%2F..", "a%00b", "%E2%80%AE"]);
  return encoded(random.pick(hostileTexts)) || "%20";
}

const LONE_SURROGATE = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;

/** Percent-encoded as a client would; a lone surrogate, which encodeURIComponent refuses, as its WTF-8 bytes. */
function encoded(text: string): string {
  return text
    .split(LONE_SURROGATE)
    .map((part, index) =>
      index % 2 === 1
        ? `%${[
            0xe0 | (part.charCodeAt(0) >> 12),
            0x80 | ((part.charCodeAt(0) >> 6) & 0x3f),
            0x80 | (part.charCodeAt(0) & 0x3f),
          ]
            .map((byte) => byte.toString(16).toUpperCase())
            .join("%")}`
        : encodeURIComponent(part),
    )
    .join("");
}

function queryString(random: Random, parameters: Parameter[], ids: string[]): string {
  const pairs: string[] = [];
  for (const parameter of parameters) {
    if (!random.chance(0.7)) continue;
    const value = valueFor(random, parameter.schema, ids, 0.15);
    const text = typeof value === "string" ? value : JSON.stringify(value);
    const times = random.chance(0.15) ? 2 : 1;
    for (let i = 0; i < times; i++) pairs.push(`${parameter.name}=${encoded(text ?? "")}`);
  }
  if (random.chance(0.3)) {
    pairs.push(
      random.pick([
        "page=-1",
        "page=2147483648",
        "size=1e9",
        "size=2147483648",
        "sort=xmin,desc",
        "sort=name,sideways",
        "search=%ED%A0%80",
        "q=%FF",
        "__proto__=1",
        "id==x",
      ]),
    );
  }
  return pairs.length > 0 ? `?${pairs.join("&")}` : "";
}

interface Failure {
  request: string;
  status: number;
  body: string;
}

describe(`malformed input to every listed route on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  const serverErrors: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      demo: true,
      LOG_LEVEL: "error",
      // The server's own account of each 5xx, so that a failure says where it came from.
      logStream: { write: (line: string) => serverErrors.push(line) },
    });
    admin = await signIn(t.app, "admin@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  it(
    "answers every request with a success or a client error, never a server error",
    async () => {
      const documentResponse = await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" });
      const document = documentResponse.json() as { paths: Record<string, Record<string, Operation>> };
      const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
      );
      expect(routes.length).toBeGreaterThan(150);

      const send = async (method: string, url: string, payload?: string, headers: Record<string, string> = {}) => {
        const request = () =>
          t.app.inject({
            method: method as "GET",
            url,
            payload,
            headers: {
              ...bearer(admin.access_token),
              ...(payload === undefined ? {} : { "content-type": "application/json" }),
              ...headers,
            },
          });
        let response = await request();
        // Signing out (one of the listed routes) ends the token; the run goes on with a new one.
        if (response.statusCode === 401 && url.startsWith("/api/")) {
          admin = await signIn(t.app, "admin@example.com");
          response = await request();
        }
        return response;
      };

      // Ids the workspace has (records, users, dashboards, widgets…), harvested from what the listing routes answer, so
      // that cases reach past the "not found" of a made-up id. The administrator's own are left out, so that no case
      // takes their rights away halfway.
      const me = (await send("GET", "/api/me/info")).json();
      const ids = new Set<string>(["00000000-0000-0000-0000-000000000000", "6f1c8a52-0a3c-4d5e-9a8f-2b7c1d3e4f50"]);
      for (const route of routes) {
        if (route.method !== "GET" || route.path.includes("{")) continue;
        const response = await send("GET", route.path);
        for (const match of response.body.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g)) {
          ids.add(match[0]);
        }
      }
      for (const own of [me.uuid, me.userUuid]) ids.delete(own);
      const idPool = [...ids];

      const random = generator(SEED);
      const failures: Failure[] = [];
      const started = Date.now();
      let sent = 0;
      for (const route of routes) {
        for (let attempt = 0; attempt < CASES_PER_ROUTE; attempt++) {
          if (Date.now() - started > TIME_BUDGET_MS) break;
          const parameters = route.operation.parameters ?? [];
          const url =
            route.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValue(random, name, idPool)) +
            queryString(
              random,
              parameters.filter((parameter) => parameter.in === "query"),
              idPool,
            );
          const bodySchema = route.operation.requestBody?.content?.["application/json"]?.schema;
          const takesBody = route.method !== "GET" && route.method !== "DELETE";
          let payload: string | undefined;
          let headers: Record<string, string> = {};
          const roll = random.next();
          if (takesBody && roll < 0.3) {
            payload = random.pick(malformedBodies());
          } else if (takesBody) {
            payload = JSON.stringify(
              valueFor(random, bodySchema ?? { type: "object" }, idPool, random.pick([0.15, 0.02, 0])),
            );
          }
          if (random.chance(0.25)) headers = random.pick(headerCases);
          if (payload === undefined && headers["content-type"]) payload = "x=1&y=%ED%A0%80";
          const response = await send(route.method, url, payload, headers);
          sent++;
          if (response.statusCode >= 500) {
            failures.push({
              request: `${route.method} ${url.slice(0, 200)} ${JSON.stringify(headers)} ${payload?.slice(0, 300) ?? ""}`,
              status: response.statusCode,
              body: response.body.slice(0, 200),
            });
          }
        }
      }
      const report = failures.map((failure) => `${failure.status} ${failure.request}\n  → ${failure.body}`).join("\n");
      expect(
        failures,
        `${failures.length} of ${sent} requests failed:\n${report}\n${serverErrors.join("").slice(0, 20_000)}`,
      ).toEqual([]);
      expect(sent).toBeGreaterThan(routes.length * Math.min(CASES_PER_ROUTE, 3));
    },
    TIME_BUDGET_MS + 60_000,
  );
});
