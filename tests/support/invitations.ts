import fs from "node:fs";
import path from "node:path";
import { bearer } from "./oauth-flow.ts";
import type { TestApp } from "./test-app.ts";

/** Invites an employee as the administrator behind accessToken; the API's answer. */
export async function inviteEmployee(t: TestApp, accessToken: string, email: string) {
  const role = await t.app.db
    .selectFrom("core.role")
    .select("id")
    .where("name", "=", "Employee")
    .executeTakeFirstOrThrow();
  return t.app.inject({
    method: "POST",
    url: "/api/iam/users/employees",
    headers: bearer(accessToken),
    payload: { email, firstName: "Nina", lastName: "Nyansatt", roleUuid: role.id },
  });
}

/** A quoted-printable mail body as plain text. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The token of the link in a mail's text. */
export function invitationTokenIn(mail: string): string {
  return decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(decodeQuotedPrintable(mail))?.[1] ?? "");
}

/** The token of the newest invitation to email in the outbox (no mail transport set). */
export function latestInvitationToken(t: TestApp, email: string): string {
  const outbox = path.join(t.config.DATA_DIR, "outbox");
  const mail = fs
    .readdirSync(outbox)
    .sort()
    .map((file) => fs.readFileSync(path.join(outbox, file), "utf8"))
    .filter((message) => message.includes(email))
    .at(-1);
  if (!mail) throw new Error(`no invitation to ${email} in the outbox`);
  return invitationTokenIn(mail);
}
