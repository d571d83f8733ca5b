import fs from "node:fs";
import path from "node:path";

/** The token in the newest invitation mail to `email`, in the API's outbox (the suite has no mail transport). */
export function invitationToken(email: string): string {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  const mail = fs
    .readdirSync(outbox)
    .sort()
    .map((file) => fs.readFileSync(path.join(outbox, file), "utf8"))
    .filter((message) => message.includes(email))
    .at(-1);
  // The mail is quoted-printable text.
  const text = (mail ?? "")
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
  const token = /token=([A-Za-z0-9_%-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no invitation to ${email} in the outbox`);
  return decodeURIComponent(token);
}
