import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { SUBMISSION_MAX_HOURS, SUBMISSION_MIN_SECONDS } from "../contract/form-texts.ts";

/**
 * A submission token: the form it was shown for, when, and a nonce, signed with the workspace's secret. Each public
 * form page gets a fresh one; a submission brings it back, and it is taken once. No session is kept for it.
 */
export function signToken(
  secret: string,
  formId: string,
  issuedAtMs: number,
  nonce = randomBytes(16).toString("base64url"),
) {
  const payload = `${formId}.${issuedAtMs}.${nonce}`;
  return `${payload}.${signature(secret, payload)}`;
}

function signature(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(payload).digest("base64url");
}

export type TokenCheck =
  | { ok: true; nonce: string; expiresAt: Date }
  | { ok: false; reason: "tokenMissing" | "tokenForged" | "tokenOtherForm" | "tooFast" | "tooOld" };

/** Whether the token is this form's, signed by us, and sent between 3 seconds and 24 hours after it was issued. */
export function checkToken(secret: string, token: string, formId: string, nowMs: number): TokenCheck {
  if (token === "") return { ok: false, reason: "tokenMissing" };
  const parts = token.split(".");
  if (parts.length !== 4) return { ok: false, reason: "tokenForged" };
  const [tokenFormId, issued, nonce, given] = parts;
  const expected = Buffer.from(signature(secret, `${tokenFormId}.${issued}.${nonce}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
    return { ok: false, reason: "tokenForged" };
  if (tokenFormId !== formId) return { ok: false, reason: "tokenOtherForm" };
  const issuedAtMs = Number(issued);
  const age = nowMs - issuedAtMs;
  if (!Number.isSafeInteger(issuedAtMs) || age < SUBMISSION_MIN_SECONDS * 1000) return { ok: false, reason: "tooFast" };
  const lifetime = SUBMISSION_MAX_HOURS * 3600 * 1000;
  if (age > lifetime) return { ok: false, reason: "tooOld" };
  return { ok: true, nonce, expiresAt: new Date(issuedAtMs + lifetime) };
}
