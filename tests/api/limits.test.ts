import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEB_CLIENT_ID } from "../../server/contract/identity.ts";
import { WAITING_PER_LANE } from "../../server/http/concurrency-share.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, TEST_CLIENT_SECRET, type TestApp, testDatabase } from "../support/test-app.ts";

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

describe(`each user's share of the API at once on ${testDatabase}`, () => {
  const LANES = 2;
  let t: TestApp;
  let employee: Tokens;
  let readOnly: Tokens;

  beforeAll(async () => {
    t = await createTestApp({ demo: true, CONCURRENT_REQUESTS_PER_USER: LANES, LOGIN_ATTEMPTS_PER_MINUTE: 100 });
    employee = await signIn(t.app, "employee@example.com");
    readOnly = await signIn(t.app, "readonly@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * A request in flight for as long as the test holds its body, as a slow upload is: `started` tells when the API
   * began reading the body, that is when the request got past its user's line; `release` sends the rest.
   */
  function held(tokens: Tokens) {
    let markStarted = () => {};
    const started = new Promise<void>((resolve) => {
      markStarted = resolve;
    });
    let isStarted = false;
    const body = new Readable({
      read() {
        isStarted = true;
        markStarted();
      },
    });
    const response = t.app.inject({
      method: "PUT",
      url: "/api/me/profile",
      headers: { ...bearer(tokens.access_token), "content-type": "application/json" },
      payload: body,
    });
    return {
      started,
      response,
      hasStarted: () => isStarted,
      release() {
        body.push("{}");
        body.push(null);
      },
    };
  }
  const me = (tokens: Tokens) =>
    t.app.inject({ method: "GET", url: "/api/me/info", headers: bearer(tokens.access_token) });

  it("works on a few of one user's requests at once, and another user's are not queued behind them", async () => {
    const slow = Array.from({ length: LANES }, () => held(employee));
    await Promise.all(slow.map((request) => request.started));
    // One more of the same user's waits in their line: it cannot start while their lanes are all taken.
    const next = held(employee);

    // Another user's requests, quick and slow, start at once all the while.
    for (let i = 0; i < 3; i++) expect((await me(readOnly)).statusCode).toBe(200);
    const colleague = held(readOnly);
    await colleague.started;
    colleague.release();
    expect((await colleague.response).statusCode).toBe(400);
    expect(next.hasStarted()).toBe(false);

    // A lane that frees goes to the one waiting.
    slow[0].release();
    expect((await slow[0].response).statusCode).toBe(400);
    await next.started;
    next.release();
    slow[1].release();
    expect((await next.response).statusCode).toBe(400);
    expect((await slow[1].response).statusCode).toBe(400);
  });

  it("refuses with 429 and Retry-After when too many of one user's wait, and lets the others through in turn", async () => {
    const slow = Array.from({ length: LANES }, () => held(employee));
    await Promise.all(slow.map((request) => request.started));
    // So many waiting at most; one more than that is refused at once.
    const waiting = Array.from({ length: LANES * WAITING_PER_LANE + 1 }, () => me(employee));
    const refused = await Promise.race(waiting);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, exceptionName: "TooManyRequestsException" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await me(readOnly)).statusCode).toBe(200);

    for (const request of slow) request.release();
    const statuses = (await Promise.all(waiting)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LANES * WAITING_PER_LANE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
  });
});

describe(`token requests on ${testDatabase}`, () => {
  // Small, so that one address's budget is reached in a few calls; signing in two users takes 8 of 127.0.0.1's.
  const TOKEN_LIMIT = 10;
  let t: TestApp;
  let employee: Tokens;
  let readOnly: Tokens;

  beforeAll(async () => {
    t = await createTestApp({ demo: true, RATE_LIMIT_PER_MINUTE: TOKEN_LIMIT, LOGIN_ATTEMPTS_PER_MINUTE: 100 });
    employee = await signIn(t.app, "employee@example.com");
    readOnly = await signIn(t.app, "readonly@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A refresh as the web app sends it: with its client's credentials, on behalf of a browser at `browser`. */
  const refreshFrom = (refreshToken: string, browser: string) =>
    t.app.inject({
      method: "POST",
      url: "/oauth2/token",
      headers: {
        authorization: `Basic ${Buffer.from(`${WEB_CLIENT_ID}:${TEST_CLIENT_SECRET}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": browser,
      },
      payload: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }).toString(),
    });

  it("counts refreshes per client and user, and only unknown tokens per address", async () => {
    // One office's address: a guesser there spends the address's budget and is refused...
    const office = "198.51.100.80";
    for (let i = 0; i < TOKEN_LIMIT; i++) {
      expect((await refreshFrom(`not-a-refresh-token-${i}`.padEnd(43, "x"), office)).statusCode).toBe(400);
    }
    const guessing = await refreshFrom("not-a-refresh-token".padEnd(43, "y"), office);
    expect(guessing.statusCode).toBe(429);
    expect(Number(guessing.headers["retry-after"])).toBeGreaterThan(0);

    // ...while each colleague's refreshes through the same address count against their own budget, which their
    // sign-in's code exchange began.
    let token = employee.refresh_token;
    for (let i = 1; i < TOKEN_LIMIT; i++) {
      const refreshed = await refreshFrom(token, office);
      expect(refreshed.statusCode, `refresh ${i + 1}`).toBe(200);
      token = refreshed.json().refresh_token;
    }
    const limited = await refreshFrom(token, office);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);

    const colleague = await refreshFrom(readOnly.refresh_token, office);
    expect(colleague.statusCode).toBe(200);
    expect(colleague.json().access_token).toEqual(expect.any(String));
  });
});
