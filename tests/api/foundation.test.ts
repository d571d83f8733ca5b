import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { apiErrorSchema } from "../../server/contract/errors.ts";
import { DomainError } from "../../server/http/errors.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

describe(`provider API foundation on ${testDatabase}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    // Routes that exist only in this test, to drive the error handler through each path.
    t.app.post(
      "/test/validated",
      { schema: { body: z.object({ name: z.string().max(5), email: z.email() }) } },
      async () => ({ ok: true }),
    );
    t.app.get("/test/crash", async () => {
      throw new Error("connection string postgres://secret@db leaked?");
    });
    t.app.get("/test/conflict", async () => {
      throw new DomainError(409, "DataAlreadyConnectedException", "Connection already exists.");
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it("answers /healthz when the database answers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("creates the spec's Postgres schemas and loads the search extensions", async () => {
    const schemas = await sql<{ schema_name: string }>`select schema_name from information_schema.schemata`.execute(
      t.app.db,
    );
    const names = schemas.rows.map((row) => row.schema_name);
    for (const schema of ["core", "crm", "notes", "documents", "custom_schema", "custom_schema_relationship"]) {
      expect(names).toContain(schema);
    }
    const folded = await sql<{ folded: string; score: number }>`
      select unaccent('Ærlig Østfold Ålesund café') as folded, similarity('Bergen', 'Bergenn') as score`.execute(
      t.app.db,
    );
    expect(folded.rows[0].folded).toBe("AErlig Ostfold Alesund cafe");
    expect(folded.rows[0].score).toBeGreaterThan(0.5);
  });

  it("answers unknown routes with the spec's error shape and a request id", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    const body = apiErrorSchema.parse(response.json());
    expect(body).toMatchObject({ status: 404, exceptionName: "NotFoundException" });
    expect(response.headers["x-request-id"]).toBe(body.requestId);
  });

  it("keeps a safe incoming request id and replaces an unsafe one", async () => {
    const kept = await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "abc-123" } });
    expect(kept.headers["x-request-id"]).toBe("abc-123");
    const replaced = await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "<script>" } });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("lists validation problems as field, defaultMessage and objectName", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/test/validated",
      payload: { name: "far too long", email: "nope" },
    });
    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.parse(response.json());
    expect(body.exceptionName).toBe("MethodArgumentNotValidException");
    expect(body.errors?.map((error) => error.field).sort()).toEqual(["email", "name"]);
    expect(body.errors?.every((error) => error.objectName === "body" && error.defaultMessage.length > 0)).toBe(true);
  });

  it("maps domain errors to their status and exception name", async () => {
    const response = await t.app.inject({ method: "GET", url: "/test/conflict" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      status: 409,
      exceptionName: "DataAlreadyConnectedException",
      message: "Connection already exists.",
    });
  });

  it("never leaks internals of a 5xx", async () => {
    const response = await t.app.inject({ method: "GET", url: "/test/crash" });
    expect(response.statusCode).toBe(500);
    const body = apiErrorSchema.parse(response.json());
    expect(body.exceptionName).toBe("InternalServerErrorException");
    expect(response.body).not.toContain("secret");
    expect(response.body).not.toContain("stack");
  });

  it("sends security headers and allows no cross-origin reads", async () => {
    const response = await t.app.inject({
      method: "OPTIONS",
      url: "/healthz",
      headers: { origin: "https://elsewhere.example", "access-control-request-method": "GET" },
    });
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    const page = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["content-security-policy"]).toContain("default-src");
    expect(page.headers["x-frame-options"]).toBeDefined();
  });

  it("publishes an OpenAPI document generated from the route schemas, and a browsable UI", async () => {
    const document = await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" });
    expect(document.statusCode).toBe(200);
    const spec = document.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.paths["/healthz"].get.responses["200"]).toBeDefined();
    const ui = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers["content-type"]).toContain("text/html");
  });
});

describe(`provider API limits on ${testDatabase}`, () => {
  it("answers 429 in the error shape once the rate limit is used up", async () => {
    const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" });
      expect(limited.json()).toMatchObject({ status: 429, exceptionName: "TooManyRequestsException" });
    } finally {
      await t.close();
    }
  });

  it("answers 503 on /healthz when the database does not answer", async () => {
    const t = await createTestApp();
    try {
      await t.app.db.destroy();
      const response = await t.app.inject({ method: "GET", url: "/healthz" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "unavailable" });
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});
