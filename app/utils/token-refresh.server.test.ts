import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshTokens, SessionExpiredError, UpstreamBusyError } from "./token-refresh.server.ts";

// A stand-in token endpoint: counts calls and answers as the test configures.
let calls = 0;
let forwardedFor: string | undefined;
let answer: { status: number; delayMs: number } = { status: 200, delayMs: 50 };
const server = http.createServer((request, response) => {
  calls += 1;
  forwardedFor = request.headers["x-forwarded-for"] as string | undefined;
  let body = "";
  request.on("data", (chunk) => {
    body += chunk;
  });
  request.on("end", () => {
    setTimeout(() => {
      const refreshToken = new URLSearchParams(body).get("refresh_token");
      response.writeHead(answer.status, { "content-type": "application/json", "retry-after": "17" });
      response.end(
        answer.status === 200
          ? JSON.stringify({ access_token: `access-${calls}`, refresh_token: `${refreshToken}-next`, expires_in: 60 })
          : JSON.stringify({ error: "invalid_grant" }),
      );
    }, answer.delayMs);
  });
});
let endpoint: { url: string; clientSecret: string };

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`, clientSecret: "secret" };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("refreshTokens", () => {
  it("exchanges one refresh token once, however many requests ask at the same time", async () => {
    calls = 0;
    answer = { status: 200, delayMs: 50 };
    const results = await Promise.all(Array.from({ length: 8 }, () => refreshTokens("rt-race", endpoint)));
    expect(calls).toBe(1);
    expect(new Set(results.map((tokens) => tokens.refreshToken))).toEqual(new Set(["rt-race-next"]));
    // A latecomer with the same old token gets the same result instead of reusing it.
    expect((await refreshTokens("rt-race", endpoint)).accessToken).toBe(results[0].accessToken);
    expect(calls).toBe(1);
  });

  it("ends the session when the refresh is refused or the token call fails", async () => {
    answer = { status: 400, delayMs: 0 };
    await expect(refreshTokens("rt-refused", endpoint)).rejects.toBeInstanceOf(SessionExpiredError);
    answer = { status: 500, delayMs: 0 };
    await expect(refreshTokens("rt-broken", endpoint)).rejects.toBeInstanceOf(SessionExpiredError);
  });

  it("tries again after a failure instead of remembering it", async () => {
    answer = { status: 500, delayMs: 0 };
    await expect(refreshTokens("rt-retry", endpoint)).rejects.toBeInstanceOf(SessionExpiredError);
    answer = { status: 200, delayMs: 0 };
    expect((await refreshTokens("rt-retry", endpoint)).refreshToken).toBe("rt-retry-next");
  });

  it("keeps the session when the token endpoint asks to wait, and the same refresh token works after", async () => {
    answer = { status: 429, delayMs: 0 };
    const busy = refreshTokens("rt-busy", endpoint);
    await expect(busy).rejects.toBeInstanceOf(UpstreamBusyError);
    await expect(busy).rejects.toMatchObject({ retryAfter: 17 });
    answer = { status: 200, delayMs: 0 };
    expect((await refreshTokens("rt-busy", endpoint)).refreshToken).toBe("rt-busy-next");
  });

  it("sends the headers it is given, such as the browser's address", async () => {
    answer = { status: 200, delayMs: 0 };
    await refreshTokens("rt-address", { ...endpoint, headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(forwardedFor).toBe("203.0.113.9");
  });
});
