import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

const LIMIT = 12;

describe(`request limits on ${testDatabase}`, () => {
  let t: TestApp;
  let employee: Tokens;
  let readOnly: Tokens;

  beforeAll(async () => {
    // Signing in itself goes through per-address routes; each test below uses addresses of its own.
    t = await createTestApp({ demo: true, RATE_LIMIT_PER_MINUTE: LIMIT, LOGIN_ATTEMPTS_PER_MINUTE: 100 });
    employee = await signIn(t.app, "employee@example.com");
    readOnly = await signIn(t.app, "readonly@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An API call as the web app makes it: from its own address, on behalf of a browser at `browser`. */
  const viaWebApp = (tokens: Tokens, browser = "203.0.113.10") =>
    t.app.inject({
      method: "GET",
      url: "/api/crm/company?size=1",
      headers: { ...bearer(tokens.access_token), "x-forwarded-for": browser },
    });

  it("gives each signed-in user a budget of their own, whatever address relays the calls", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await viaWebApp(employee)).statusCode);
    expect(statuses.slice(0, LIMIT).every((status) => status === 200)).toBe(true);
    const limited = await viaWebApp(employee);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 429, exceptionName: "TooManyRequestsException" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);

    // Another user, through the same web app and even from the same browser address, is not affected.
    expect((await viaWebApp(readOnly)).statusCode).toBe(200);
  });

  it("limits each address before sign-in, believing X-Forwarded-For only from a trusted proxy", async () => {
    const page = (headers: Record<string, string>, remoteAddress = "127.0.0.1") =>
      t.app.inject({ method: "GET", url: "/api/docs/openapi.json", headers, remoteAddress });
    for (let i = 0; i < LIMIT; i++) expect((await page({ "x-forwarded-for": "198.51.100.1" })).statusCode).toBe(200);
    expect((await page({ "x-forwarded-for": "198.51.100.1" })).statusCode).toBe(429);
    expect((await page({ "x-forwarded-for": "198.51.100.2" })).statusCode).toBe(200);

    // A client that is not a configured proxy cannot pick its address: each call counts against its own.
    const direct = "192.0.2.77";
    for (let i = 0; i < LIMIT; i++) {
      expect((await page({ "x-forwarded-for": `10.0.0.${i}` }, direct)).statusCode).toBe(200);
    }
    expect((await page({ "x-forwarded-for": "10.0.0.200" }, direct)).statusCode).toBe(429);
  });

  it("refuses an address that keeps presenting tokens that are not valid, and no one else", async () => {
    const bogus = (address: string) =>
      t.app.inject({
        method: "GET",
        url: "/api/me/info",
        headers: { ...bearer("not-a-token"), "x-forwarded-for": address },
      });
    for (let i = 0; i < LIMIT; i++) expect((await bogus("198.51.100.50")).statusCode).toBe(401);
    expect((await bogus("198.51.100.50")).statusCode).toBe(429);
    expect((await bogus("198.51.100.51")).statusCode).toBe(401);
    expect((await viaWebApp(readOnly, "198.51.100.52")).statusCode).toBe(200);
  });

  it("never lets a browser or a shared cache keep API answers", async () => {
    const answer = await viaWebApp(readOnly, "198.51.100.60");
    expect(answer.headers["cache-control"]).toBe("no-store");
    const refused = await t.app.inject({ method: "GET", url: "/api/me/info", remoteAddress: "192.0.2.90" });
    expect(refused.headers["cache-control"]).toBe("no-store");
  });
});
