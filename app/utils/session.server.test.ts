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

  it("keep the tokens unreadable in the cookie, and trust no altered cookie", async () => {
    const session = await getSession(new Request("http://localhost/"));
    writeTokens(session, { accessToken: "secret-access-token", refreshToken: "secret-refresh-token", expiresAt: 1000 });
    const cookie = await commitSession(session);
    const [pair] = cookie.split(";");
    const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
    const decoded = atob(decodeURIComponent(value));
    expect(decoded).not.toContain("secret-access-token");
    expect(decoded).not.toContain("secret-refresh-token");

    // Flip one character of the sealed text: the cookie no longer opens.
    const sealed = JSON.parse(decoded) as string;
    const flipped = `${sealed.slice(0, 20)}${sealed[20] === "A" ? "B" : "A"}${sealed.slice(21)}`;
    const forged = `${name}=${encodeURIComponent(btoa(JSON.stringify(flipped)))}`;
    expect(readTokens(await getSession(requestWith(forged)))).toBeNull();
    expect(readTokens(await getSession(requestWith(cookie)))?.accessToken).toBe("secret-access-token");
  });
});
