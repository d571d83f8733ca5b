import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitationTokenIn, inviteEmployee } from "../support/invitations.ts";
import { signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

async function invite(t: TestApp, admin: Tokens, email: string) {
  expect((await inviteEmployee(t, admin.access_token, email)).statusCode).toBe(201);
}

describe(`what the provider API logs, with a mail transport, on ${testDatabase}`, () => {
  let t: TestApp;
  let smtp: SMTPServer;
  let admin: Tokens;
  const lines: string[] = [];
  const mails: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, done) {
        let message = "";
        stream.on("data", (chunk) => {
          message += chunk;
        });
        stream.on("end", () => {
          mails.push(message);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      demo: true,
      LOG_LEVEL: "info",
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      logStream: { write: (line) => lines.push(line) },
    });
    admin = await signIn(t.app, "admin@example.com");
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it("mails the invitation link and logs neither it nor its token, not even when the link is opened", async () => {
    await invite(t, admin, "lina@example.com");
    const mail = mails.find((message) => message.includes("lina@example.com"));
    const token = invitationTokenIn(mail ?? "");
    expect(token.length).toBeGreaterThan(20);

    const page = await t.app.inject({ method: "GET", url: `/jwt/register?token=${encodeURIComponent(token)}` });
    expect(page.statusCode).toBe(200);
    await t.app.inject({
      method: "POST",
      url: "/jwt/register",
      payload: { token, password: "a-Long-and-unusual-passphrase-42" },
    });

    const log = lines.join("");
    expect(log).toContain("/jwt/register?token=[redacted]");
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
    expect(log).not.toContain("a-Long-and-unusual-passphrase-42");
    expect(log).not.toContain(admin.access_token);
  });
});

describe(`what the provider API logs, without a mail transport, on ${testDatabase}`, () => {
  it("logs the invitation link, saying that no mail transport is set", async () => {
    const lines: string[] = [];
    const t = await createTestApp({ demo: true, LOG_LEVEL: "info", logStream: { write: (line) => lines.push(line) } });
    try {
      await invite(t, await signIn(t.app, "admin@example.com"), "ola@example.com");
      const entry = lines.map((line) => JSON.parse(line)).find((line) => line.email === "ola@example.com");
      expect(entry?.msg).toContain("no mail transport");
      expect(entry?.link).toContain("/jwt/register?token=");
    } finally {
      await t.close();
    }
  });
});
