import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendSlowly } from "../support/slow-client.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// Small, so that the tests take seconds; the defaults are 20 s each.
const HEADERS_TIMEOUT_SECONDS = 2;
const BODY_TIMEOUT_SECONDS = 2;

describe("the provider API cuts requests that arrive too slowly", () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ HEADERS_TIMEOUT_SECONDS, BODY_TIMEOUT_SECONDS, LOGIN_ATTEMPTS_PER_MINUTE: 100 });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("closes a connection whose headers trickle in, with 408", async () => {
    const sent = await sendSlowly(port, {
      head: "GET /healthz HTTP/1.1\r\nHost: api.test\r\n",
      piece: "X",
      everyMs: 300,
      limitMs: 15_000,
    });
    expect(sent.closedAfterMs).toBeDefined();
    expect(sent.closedAfterMs).toBeLessThan((HEADERS_TIMEOUT_SECONDS + 3) * 1000);
    expect(sent.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("closes a connection whose body trickles in, with 408", async () => {
    const sent = await sendSlowly(port, {
      head: "POST /auth/login HTTP/1.1\r\nHost: api.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nuid=",
      piece: "x",
      everyMs: 250,
      limitMs: 15_000,
    });
    expect(sent.closedAfterMs).toBeDefined();
    expect(sent.closedAfterMs).toBeLessThan((BODY_TIMEOUT_SECONDS * 2 + 2) * 1000);
    expect(sent.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("takes a body that keeps flowing, however long it takes in all", async () => {
    // 160 KiB at about 40 KiB a second: four seconds in all, longer than either timeout.
    const pieces = 40;
    const pad = Buffer.alloc(4096, "a");
    const sent = await sendSlowly(port, {
      head: `POST /auth/login HTTP/1.1\r\nHost: api.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${4 + pieces * pad.length}\r\nConnection: close\r\n\r\npad=`,
      piece: pad,
      everyMs: 100,
      pieces,
      limitMs: 30_000,
    });
    // The sign-in form answers it (with its page for a sign-in that expired): it was read to the end.
    expect(sent.answer).toMatch(/^HTTP\/1\.1 400/);
    expect(sent.answer).toContain("Sign-in expired");
    expect(sent.closedAfterMs).toBeGreaterThan(BODY_TIMEOUT_SECONDS * 1000);
  });
});
