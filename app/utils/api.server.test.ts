import http from "node:http";
import type { AddressInfo } from "node:net";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { apiRoute } from "../../server/contract/route.ts";
import { usersApi } from "../../server/contract/users.api.ts";
import { api, authStateContext } from "./api.server.ts";
import { getSession } from "./session.server.ts";

// A stand-in provider API: /api/echo/… answers what it was asked; every other call is refused as if the token had
// expired; token calls are counted.
let tokenCalls = 0;
const server = http.createServer((request, response) => {
  if (request.url?.startsWith("/api/echo/")) {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ method: request.method, url: request.url, body: body ? JSON.parse(body) : null }));
    });
    return;
  }
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
    await expect(api(await signedInContext()).call(usersApi.meInfo)).rejects.toBeDefined();
    expect(tokenCalls).toBe(1);
  });

  const echo = apiRoute({
    method: "PUT",
    path: "/echo/:id",
    tags: [],
    summary: "",
    params: z.object({ id: z.string() }),
    querystring: z.object({ page: z.number().optional() }),
    body: z.object({ name: z.string() }),
    response: { 200: z.object({ method: z.string(), url: z.string(), body: z.object({ name: z.string() }) }) },
  });

  it("calls a declared route with its parameters, query and body, and answers its result", async () => {
    const answer = await api(await signedInContext()).call(echo, {
      params: { id: "a/b" },
      query: { page: 2 },
      body: { name: "Ås" },
    });
    expect(answer).toEqual({ method: "PUT", url: "/api/echo/a%2Fb?page=2", body: { name: "Ås" } });
  });

  it("refuses, outside production, an answer its route's schema does not hold", async () => {
    const strict = { ...echo, response: { 200: z.object({ count: z.number() }) } };
    await expect(
      api(await signedInContext()).call(strict, { params: { id: "x" }, body: { name: "a" } }),
    ).rejects.toThrow("PUT /echo/:id answered outside its contract");
  });
});
