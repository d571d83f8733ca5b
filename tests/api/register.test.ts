import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../server/auth/passwords.ts";
import { register } from "../../server/users/users.service.ts";
import { inviteEmployee, latestInvitationToken } from "../support/invitations.ts";
import { authorize, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

const STRONG_PASSWORD = "Nina-chooses-a-long-passphrase";

describe(`accepting an invitation on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let invited = 0;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Invites a new employee and returns the token from the mailed link. */
  async function invitationToken(): Promise<{ email: string; token: string }> {
    const email = `invited-${++invited}@example.com`;
    expect((await inviteEmployee(t, admin.access_token, email)).statusCode).toBe(201);
    return { email, token: latestInvitationToken(t, email) };
  }

  // Each test posts from its own address, so the per-address limit of one does not spill into another.
  const postJson = (address: string, token: string, password: string) =>
    t.app.inject({ method: "POST", url: "/jwt/register", remoteAddress: address, payload: { token, password } });
  const postForm = (address: string, token: string, password: string, language = "en-GB,en;q=0.8") =>
    t.app.inject({
      method: "POST",
      url: "/jwt/register",
      remoteAddress: address,
      headers: { "content-type": "application/x-www-form-urlencoded", "accept-language": language },
      payload: new URLSearchParams({ token, password }).toString(),
    });

  function countingHash() {
    const calls: string[] = [];
    const hash = (password: string) => {
      calls.push(password);
      return hashPassword(password);
    };
    return { calls, hash };
  }

  it("hashes no password for an unknown, used or expired invitation", async () => {
    const { calls, hash } = countingHash();
    const invalid = { status: 400, exceptionName: "InvalidInvitationException" };
    await expect(register(t.app.db, "no-such-invitation", STRONG_PASSWORD, hash)).rejects.toMatchObject(invalid);

    const used = await invitationToken();
    await register(t.app.db, used.token, STRONG_PASSWORD, hash);
    expect(calls).toHaveLength(1);
    await expect(register(t.app.db, used.token, STRONG_PASSWORD, hash)).rejects.toMatchObject(invalid);

    const expired = await invitationToken();
    await t.app.db
      .updateTable("core.invitation")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("used_at", "is", null)
      .execute();
    await expect(register(t.app.db, expired.token, STRONG_PASSWORD, hash)).rejects.toMatchObject(invalid);
    expect(calls).toHaveLength(1);

    // Nor does it estimate the password's strength: a bogus token is refused before the password is judged.
    const bogus = await postJson("198.51.100.1", "no-such-invitation", "password1234");
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json()).toMatchObject({
      exceptionName: "InvalidInvitationException",
      message: "This invitation link is invalid or has expired.",
    });
  });

  it("refuses short and easily guessed passwords, and accepts a strong one", async () => {
    const { email, token } = await invitationToken();
    const address = "198.51.100.2";
    const refusal = async (password: string) => {
      const response = await postJson(address, token, password);
      expect(response.statusCode).toBe(400);
      expect(response.json().exceptionName).toBe("MethodArgumentNotValidException");
      return response.json().errors[0];
    };
    expect(await refusal("kX9#mQ2$vL7")).toMatchObject({ field: "password", defaultMessage: "At least 12 characters" });
    const tooCommon = { field: "password", defaultMessage: "This password is too common or easy to guess" };
    expect(await refusal("password1234")).toMatchObject(tooCommon);
    expect(await refusal("qwerty123456")).toMatchObject(tooCommon);

    expect((await postJson(address, token, STRONG_PASSWORD)).statusCode).toBe(204);
    const signedIn = await authorize(t.app, { email, password: STRONG_PASSWORD });
    expect(signedIn.redirect).toContain("code=");
  });

  it("asks for at least 12 characters on the page, and answers in the browser's language", async () => {
    const { token } = await invitationToken();
    const page = await t.app.inject({ method: "GET", url: `/jwt/register?token=${encodeURIComponent(token)}` });
    expect(page.body).toContain('minlength="12"');

    const address = "198.51.100.3";
    const english = await postForm(address, token, "password1234");
    expect(english.statusCode).toBe(400);
    expect(english.headers["content-type"]).toContain("text/html");
    expect(english.body).toContain("This password is too common or easy to guess");

    const norwegian = async (password: string, candidate = token) => {
      const response = await postForm(address, candidate, password, "nb-NO,nb;q=0.9,en;q=0.8");
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('<html lang="nb"');
      return response.body;
    };
    expect(await norwegian("password1234")).toContain("Dette passordet er for vanlig eller lett å gjette");
    expect(await norwegian("kX9#mQ2$vL7")).toContain("Minst 12 tegn");
    expect(await norwegian(STRONG_PASSWORD, "no-such-invitation")).toContain(
      "Denne invitasjonslenken er ugyldig eller utløpt.",
    );
  });

  it("lets one of two concurrent registrations with the same link through", async () => {
    const { token } = await invitationToken();
    // Both pass the first check before either hashes, so only the locked check in the transaction tells them apart.
    let hashing = 0;
    let bothHashing!: () => void;
    const barrier = new Promise<void>((resolve) => {
      bothHashing = resolve;
    });
    const hash = async (password: string) => {
      if (++hashing === 2) bothHashing();
      await barrier;
      return hashPassword(password);
    };
    const results = await Promise.allSettled([
      register(t.app.db, token, STRONG_PASSWORD, hash),
      register(t.app.db, token, "Another-strong-passphrase-2", hash),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const [refused] = results.filter((result) => result.status === "rejected");
    expect(refused.reason).toMatchObject({ exceptionName: "InvalidInvitationException" });

    const other = await invitationToken();
    const responses = await Promise.all([
      postJson("198.51.100.4", other.token, STRONG_PASSWORD),
      postJson("198.51.100.5", other.token, "Another-strong-passphrase-2"),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([204, 400]);
  });

  it("limits posts per client address like sign-in", async () => {
    const limit = t.config.LOGIN_ATTEMPTS_PER_MINUTE;
    const { token } = await invitationToken();

    const jsonAddress = "198.51.100.10";
    for (let attempt = 0; attempt < limit; attempt++) {
      expect((await postJson(jsonAddress, "no-such-invitation", STRONG_PASSWORD)).statusCode).toBe(400);
    }
    const json = await postJson(jsonAddress, token, STRONG_PASSWORD);
    expect(json.statusCode).toBe(429);
    expect(json.json()).toMatchObject({ status: 429, exceptionName: "TooManyRequestsException" });

    const formAddress = "198.51.100.11";
    for (let attempt = 0; attempt < limit; attempt++) {
      expect((await postForm(formAddress, "no-such-invitation", STRONG_PASSWORD)).statusCode).toBe(400);
    }
    const form = await postForm(formAddress, token, STRONG_PASSWORD);
    expect(form.statusCode).toBe(429);
    expect(form.headers["content-type"]).toContain("text/html");
    expect(form.body).toContain("Too many attempts. Wait a minute and try again.");
    // The page keeps the link's token, so the user can try again from it.
    expect(form.body).toContain(`name="token" value="${token}"`);
    const norwegian = await postForm(formAddress, token, STRONG_PASSWORD, "nb");
    expect(norwegian.statusCode).toBe(429);
    expect(norwegian.body).toContain("For mange forsøk. Vent et minutt og prøv igjen.");

    // Other addresses are not affected, and the limited posts did not use the invitation.
    expect((await postJson("198.51.100.12", token, STRONG_PASSWORD)).statusCode).toBe(204);
  });
});
