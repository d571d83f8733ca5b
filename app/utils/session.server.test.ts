import { beforeAll, describe, expect, it } from "vitest";
import { commitSession, getSession, readTokens, writeTokens } from "./session.server.ts";

beforeAll(() => {
  process.env.SESSION_SECRET ||= "a-test-session-secret";
  process.env.OAUTH_CLIENT_SECRET ||= "a-test-client-secret";
});

function requestWith(setCookie: string): Request {
  return new Request("http://localhost/", { headers: { cookie: `other=1; ${setCookie.split(";")[0]}` } });
}

describe("sessions", () => {
  it("read the same cookie again without sharing what a request changes", async () => {
    const session = await getSession(new Request("http://localhost/"));
    writeTokens(session, { accessToken: "at", refreshToken: "rt", expiresAt: 1000 });
    session.flash("toast", { status: "info", message: "saved", duration: 3000 });
    const cookie = await commitSession(session);

    const first = await getSession(requestWith(cookie));
    expect(readTokens(first)).toEqual({ accessToken: "at", refreshToken: "rt", expiresAt: 1000 });
    expect(first.get("toast")).toEqual({ status: "info", message: "saved", duration: 3000 });
    first.set("access_token", "changed");

    const second = await getSession(requestWith(cookie));
    expect(readTokens(second)?.accessToken).toBe("at");
    expect(second.get("toast")?.message).toBe("saved");
  });

  it("do not trust a cookie whose signature does not match", async () => {
    const session = await getSession(new Request("http://localhost/"));
    writeTokens(session, { accessToken: "at", refreshToken: "rt", expiresAt: 1000 });
    const cookie = await commitSession(session);
    const [pair] = cookie.split(";");
    const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
    const [payload] = decodeURIComponent(value).split(".");
    const forged = `${name}=${encodeURIComponent(`${payload}.forged-signature`)}`;
    expect(readTokens(await getSession(requestWith(forged)))).toBeNull();
    expect(readTokens(await getSession(requestWith(cookie)))?.accessToken).toBe("at");
  });
});
