import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedOidcId } from "../../server/auth/oidc-adapter.ts";
import { hashPassword, verifyPassword } from "../../server/auth/passwords.ts";
import { signedLogoutQuery } from "../../server/contract/logout-link.ts";
import {
  authorize,
  bearer,
  CookieJar,
  DEMO_PASSWORD,
  exchangeCode,
  pkcePair,
  REDIRECT_URI,
  refresh,
  signIn,
} from "../support/oauth-flow.ts";
import { createTestApp, TEST_CLIENT_SECRET, type TestApp, testDatabase } from "../support/test-app.ts";

describe(`OAuth2 authorization server on ${testDatabase}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const me = (token: string) => t.app.inject({ method: "GET", url: "/api/me/info", headers: bearer(token) });

  it("issues an access token, a refresh token and expires_in for a code with its verifier", async () => {
    const tokens = await signIn(t.app);
    expect(tokens.access_token).toEqual(expect.any(String));
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(tokens.expires_in).toBeGreaterThan(0);
    // Opaque, not a JWT.
    expect(tokens.access_token.split(".")).toHaveLength(1);
    expect((await me(tokens.access_token)).statusCode).toBe(200);
  });

  it("keeps no usable credential in the database: tokens, codes and sessions hashed, the web client's secret out", async () => {
    const { verifier, challenge } = pkcePair();
    const flow = await authorize(t.app, { challenge });
    const code = new URL(flow.redirect ?? "").searchParams.get("code") ?? "";
    const stored = async () =>
      JSON.stringify(await t.app.db.selectFrom("core.oidc_payload").select(["model", "id", "payload"]).execute());
    expect(code).not.toBe("");
    expect(await stored()).not.toContain(code);
    const exchanged = await exchangeCode(t.app, code, verifier);
    const tokens = exchanged.json();
    expect((await me(tokens.access_token)).statusCode).toBe(200);
    const table = await stored();
    expect(table).not.toContain(tokens.access_token);
    expect(table).not.toContain(tokens.refresh_token);
    const sessionCookie = flow.jar.get("_session");
    expect(sessionCookie).toBeTruthy();
    expect(table).not.toContain(sessionCookie);
    // What a read of the table gives signs nobody in.
    const rows = await t.app.db.selectFrom("core.oidc_payload").select(["model", "id"]).execute();
    for (const row of rows.filter((r) => r.model === "AccessToken" || r.model === "RefreshToken")) {
      expect((await me(row.id)).statusCode).toBe(401);
      expect((await refresh(t.app, row.id)).statusCode).toBe(400);
    }
    const clients = JSON.stringify(await t.app.db.selectFrom("core.oauth_client").selectAll().execute());
    expect(clients).not.toContain(TEST_CLIENT_SECRET);
    // The tokens themselves still work, and the session still finds its grant: a second sign-in needs no password.
    expect((await refresh(t.app, tokens.refresh_token)).statusCode).toBe(200);
    const again = await authorize(t.app, { challenge: pkcePair().challenge, jar: flow.jar });
    expect(new URL(again.redirect ?? "").searchParams.get("code")).toBeTruthy();
  });

  it("serves the sign-in page as a plain form", async () => {
    const flow = await authorize(t.app, { password: DEMO_PASSWORD });
    expect(flow.form?.statusCode).toBe(200);
    expect(flow.form?.body).toContain('<form method="post" action="/auth/login">');
    expect(flow.form?.headers["content-security-policy"]).toContain("form-action 'self' http://app.test");
  });

  it("requires PKCE and refuses the plain method", async () => {
    const without = await authorize(t.app, { challenge: null });
    expect(without.redirect).toContain("error=invalid_request");
    const plain = await authorize(t.app, { challenge: "a".repeat(43), method: "plain" });
    expect(plain.redirect).toMatch(/error=invalid_request/);
  });

  it("rejects a wrong verifier and a reused code", async () => {
    const { verifier, challenge } = pkcePair();
    const flow = await authorize(t.app, { challenge });
    const code = new URL(flow.redirect!).searchParams.get("code")!;

    const wrong = await exchangeCode(t.app, code, pkcePair().verifier);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe("invalid_grant");

    const flow2 = await authorize(t.app, { challenge });
    const code2 = new URL(flow2.redirect!).searchParams.get("code")!;
    const first = await exchangeCode(t.app, code2, verifier);
    expect(first.statusCode).toBe(200);
    const again = await exchangeCode(t.app, code2, verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe("invalid_grant");
  });

  it("rotates refresh tokens, and reuse of an old one revokes the whole grant", async () => {
    const tokens = await signIn(t.app);
    const rotated = await refresh(t.app, tokens.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await me(next.access_token)).statusCode).toBe(200);

    const reuse = await refresh(t.app, tokens.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe("invalid_grant");

    expect((await refresh(t.app, next.refresh_token)).statusCode).toBe(400);
    expect((await me(next.access_token)).statusCode).toBe(401);
  });

  it("makes both tokens useless after /sign_out", async () => {
    const tokens = await signIn(t.app);
    const out = await t.app.inject({ method: "POST", url: "/sign_out", headers: bearer(tokens.access_token) });
    expect(out.statusCode).toBe(204);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(t.app, tokens.refresh_token)).statusCode).toBe(400);
    const again = await t.app.inject({ method: "POST", url: "/sign_out", headers: bearer(tokens.access_token) });
    expect(again.statusCode).toBe(401);
  });

  it("follows only registered URLs on /logout", async () => {
    const registered = await t.app.inject({ method: "GET", url: "/logout?url=http%3A%2F%2Fapp.test%2Flogin" });
    expect(registered.statusCode).toBe(303);
    expect(registered.headers.location).toBe("http://app.test/login");
    const foreign = await t.app.inject({ method: "GET", url: "/logout?url=https%3A%2F%2Fevil.example%2F" });
    expect(foreign.headers.location).toBe("http://app.test/login");
  });

  it("ends the sign-in session only on a /logout link the web app signed", async () => {
    const jar = new CookieJar();
    const first = await authorize(t.app, { jar });
    expect(first.redirect).toContain("code=");
    const silent = await t.app.inject({
      method: "GET",
      url: `/oauth2/authorize?${new URLSearchParams({
        client_id: "workspace-web",
        redirect_uri: "http://app.test/oauth2-redirect",
        response_type: "code",
        scope: "api",
        code_challenge: pkcePair().challenge,
        code_challenge_method: "S256",
      })}`,
      headers: { cookie: jar.header() },
    });
    expect(silent.headers.location).toContain("code=");

    // A plain link from another site (no signature, a forged one, an expired one) leaves the session alone.
    const forged = new URLSearchParams({ url: "http://app.test/login", exp: String(Date.now() + 60_000), sig: "x" });
    const { id: adminId } = await t.app.db
      .selectFrom("core.app_user")
      .select("id")
      .where("email", "=", "admin@example.com")
      .executeTakeFirstOrThrow();
    const { id: otherId } = await t.app.db
      .selectFrom("core.app_user")
      .select("id")
      .where("email", "=", "employee@example.com")
      .executeTakeFirstOrThrow();
    const login = "http://app.test/login";
    const expired = await signedLogoutQuery(TEST_CLIENT_SECRET, login, adminId, Date.now() - 10 * 60_000);
    // Signed for someone else's sign-out: it ends no other account's session.
    const otherAccount = await signedLogoutQuery(TEST_CLIENT_SECRET, login, otherId);
    for (const query of ["", `?${forged}`, `?${expired}`, `?${otherAccount}`]) {
      const ignored = await t.app.inject({ method: "GET", url: `/logout${query}`, headers: { cookie: jar.header() } });
      expect(ignored.statusCode).toBe(303);
      jar.store(ignored);
      expect((await authorize(t.app, { jar, password: "wrong-password" })).redirect, query).toContain("code=");
    }

    const signed = await signedLogoutQuery(TEST_CLIENT_SECRET, login, adminId);
    const out = await t.app.inject({ method: "GET", url: `/logout?${signed}`, headers: { cookie: jar.header() } });
    expect(out.headers.location).toBe("http://app.test/login");
    jar.store(out);
    const after = await authorize(t.app, { jar, password: "wrong-password" });
    expect(after.login?.statusCode).toBe(401);
  });

  it("answers a NUL character in a code, a refresh token or a client id as a bad request, not a failure", async () => {
    const basic = Buffer.from(`workspace-web:${TEST_CLIENT_SECRET}`).toString("base64");
    const token = (form: Record<string, string>, authorization = `Basic ${basic}`) =>
      t.app.inject({
        method: "POST",
        url: "/oauth2/token",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization },
        payload: new URLSearchParams(form).toString(),
      });
    for (const response of [
      await token({
        grant_type: "authorization_code",
        code: "a\u0000b",
        redirect_uri: REDIRECT_URI,
        code_verifier: "x".repeat(43),
      }),
      await token({ grant_type: "refresh_token", refresh_token: "\u0000" }),
      await token(
        { grant_type: "refresh_token", refresh_token: "x" },
        `Basic ${Buffer.from("a\u0000b:secret").toString("base64")}`,
      ),
      await t.app.inject({ method: "GET", url: "/oauth2/authorize?client_id=%00&response_type=code&scope=api" }),
    ]) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it("answers /api without a valid token with 401 in the error shape", async () => {
    const none = await t.app.inject({ method: "GET", url: "/api/me/info" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ status: 401, exceptionName: "UnauthorizedException" });
    expect(none.headers["www-authenticate"]).toContain("Bearer");
    const bogus = await t.app.inject({ method: "GET", url: "/api/me/info", headers: bearer("not-a-token") });
    expect(bogus.statusCode).toBe(401);
  });

  it("refuses an access token past its lifetime while its row is still stored, and one whose account is gone", async () => {
    // One sign-in (the file's earlier tests use up the address's attempts), and a second access token by refresh.
    const expiring = await signIn(t.app);
    const gone = (await refresh(t.app, expiring.refresh_token)).json() as { access_token: string };
    expect((await me(expiring.access_token)).statusCode).toBe(200);
    expect((await me(gone.access_token)).statusCode).toBe(200);
    const tokenRow = (token: string) =>
      t.app.db
        .updateTable("core.oidc_payload")
        .where("model", "=", "AccessToken")
        .where("id", "=", storedOidcId("AccessToken", token));
    await tokenRow(expiring.access_token)
      .set({ payload: sql`jsonb_set(payload, '{exp}', to_jsonb(extract(epoch from now())::int - 60))` })
      .execute();
    await tokenRow(gone.access_token)
      .set({ payload: sql`jsonb_set(payload, '{accountId}', to_jsonb(gen_random_uuid()::text))` })
      .execute();
    for (const token of [expiring.access_token, gone.access_token]) {
      const refused = await me(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({
        exceptionName: "UnauthorizedException",
        message: "Invalid or expired token",
      });
    }
  });
});

describe(`sign-in form on ${testDatabase}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gives one message for a wrong password and for an unknown email", async () => {
    const wrongPassword = await authorize(t.app, { password: "not-the-password" });
    const unknownEmail = await authorize(t.app, { email: "nobody@example.com" });
    expect(wrongPassword.login?.statusCode).toBe(401);
    expect(unknownEmail.login?.statusCode).toBe(401);
    expect(wrongPassword.login?.body).toContain("Wrong email or password.");
    expect(unknownEmail.login?.body).toContain("Wrong email or password.");
  });

  it("accepts the email in any case", async () => {
    const flow = await authorize(t.app, { email: "ADMIN@Example.com" });
    expect(flow.redirect).toContain("code=");
  });

  it("answers 429 after 10 attempts a minute from one address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const flow = await authorize(t.app, { email: "employee@example.com", password: `wrong-${i}` });
      statuses.push(flow.login!.statusCode);
    }
    // Earlier tests in this file used some of this minute's attempts.
    expect(statuses).toContain(429);
    const limited = statuses.indexOf(429);
    expect(statuses.slice(0, limited).every((status) => status === 401)).toBe(true);
  });
});

describe(`account throttling on ${testDatabase}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("locks an account after 100 failures an hour, except for an address it signed in from", async () => {
    // The trusted address signs in once before the attack.
    await t.app.db
      .insertInto("core.login_attempt")
      .values({ email: "employee@example.com", ip: "10.0.0.7", success: true })
      .execute();
    await t.app.db
      .insertInto("core.login_attempt")
      .values(Array.from({ length: 100 }, () => ({ email: "employee@example.com", ip: "203.0.113.9", success: false })))
      .execute();

    const attacker = await authorize(t.app, { email: "employee@example.com" });
    expect(attacker.login?.statusCode).toBe(429);
    expect(attacker.login?.body).toContain("Too many failed sign-ins for this account");

    const { verifier } = pkcePair();
    expect(verifier).toBeTruthy();
    const otherAccount = await authorize(t.app, { email: "admin@example.com" });
    expect(otherAccount.redirect).toContain("code=");
  });

  /** The sign-in form's post alone, from `address`: its answer and how long it took. */
  async function timedSignIn(email: string, password: string, address = "127.0.0.1") {
    const jar = new CookieJar();
    const query = new URLSearchParams({
      client_id: "workspace-web",
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "api",
      code_challenge: pkcePair().challenge,
      code_challenge_method: "S256",
    });
    const start = await t.app.inject({ method: "GET", url: `/oauth2/authorize?${query}`, remoteAddress: address });
    jar.store(start);
    const uid = new URL(start.headers.location as string, "http://api.test").searchParams.get("uid")!;
    const began = performance.now();
    const response = await t.app.inject({
      method: "POST",
      url: "/auth/login",
      remoteAddress: address,
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ uid, email, password }).toString(),
    });
    const page = response.body.replaceAll(email, "{email}").replaceAll(uid, "{uid}");
    return { status: response.statusCode, page, ms: performance.now() - began };
  }

  it("answers a locked email alike whether an account has it or not, even where the account signed in before", async () => {
    const [account, unknown, trusted] = ["admin@example.com", "nobody@example.com", "127.0.0.1"];
    await t.app.db.insertInto("core.login_attempt").values({ email: account, ip: trusted, success: true }).execute();
    for (const email of [account, unknown]) {
      await t.app.db
        .insertInto("core.login_attempt")
        .values(Array.from({ length: 100 }, () => ({ email, ip: "203.0.113.9", success: false })))
        .execute();
    }
    // What checking one password costs, at its quickest around the attempts: a locked answer must take about as
    // long (a third leaves room for a busy machine), or its speed would tell.
    const stored = await hashPassword("some-password-of-a-user");
    let verifyMs = Number.POSITIVE_INFINITY;
    const measureVerify = async () => {
      const began = performance.now();
      await verifyPassword("a-wrong-password", stored);
      verifyMs = Math.min(verifyMs, performance.now() - began);
    };
    const answers = [];
    for (const [email, password, address] of [
      [account, "a-wrong-password", trusted],
      [unknown, "a-wrong-password", trusted],
      [account, DEMO_PASSWORD, "192.0.2.44"],
      [unknown, DEMO_PASSWORD, "192.0.2.44"],
    ]) {
      await measureVerify();
      answers.push(await timedSignIn(email, password, address));
      await measureVerify();
    }
    for (const answer of answers) {
      expect(answer.status).toBe(429);
      expect(answer.page).toContain("Too many failed sign-ins for this account");
      expect(answer.page).toBe(answers[0].page);
      expect(answer.ms).toBeGreaterThan(verifyMs / 3);
    }
    // The real user's right password from where they signed in before still gets through.
    const owner = await timedSignIn(account, DEMO_PASSWORD, trusted);
    expect(owner.status).toBe(303);
  });

  it("lifts the lock as failures age past the hour", async () => {
    await t.app.db
      .updateTable("core.login_attempt")
      .set({ at: new Date(Date.now() - 2 * 3600_000) })
      .where("email", "=", "employee@example.com")
      .where("success", "=", false)
      .execute();
    const flow = await authorize(t.app, { email: "employee@example.com" });
    expect(flow.redirect).toContain("code=");
  });
});
