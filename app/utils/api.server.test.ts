import http from "node:http";
import type { AddressInfo } from "node:net";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, authStateContext } from "./api.server.ts";
import { getSession } from "./session.server.ts";

// A stand-in provider API: every call is refused as if the token had expired; token calls are counted.
let tokenCalls = 0;
const server = http.createServer((request, response) => {
  if (request.url === "/oauth2/token") tokenCalls += 1;
  response.writeHead(401, { "content-type": "application/json" });
  response.end(JSON.stringify({ status: 401, exceptionName: "UnauthorizedException", message: "Invalid token" }));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.SESSION_SECRET ||= "a-test-session-secret-that-is-long-enough";
  process.env.OAUTH_CLIENT_SECRET ||= "a-test-client-secret";
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function signedInContext() {
  const context = new RouterContextProvider();
  const session = await getSession(new Request("http://app.test/"));
  context.set(authStateContext, {
    session,
    tokens: { accessToken: "at", refreshToken: "rt", expiresAt: Date.now() + 600_000 },
    changed: false,
  });
  return context;
}

describe("the API client", () => {
  it("tries no refresh when POST /sign_out answers 401 (spec §4)", async () => {
    tokenCalls = 0;
    await expect(api(await signedInContext()).signOut({ url: "http://app.test/login" })).rejects.toBeDefined();
    expect(tokenCalls).toBe(0);
  });

  it("refreshes once when another call answers 401", async () => {
    tokenCalls = 0;
    await expect(api(await signedInContext()).get("/api/me/info")).rejects.toBeDefined();
    expect(tokenCalls).toBe(1);
  });
});
