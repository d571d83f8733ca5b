/**
 * The provider's `GET /logout` ends the browser's sign-in session only when the web app signed the link, for the
 * account that session belongs to: a plain link from another site must not sign anyone out, and a link made for one
 * user's sign-out signs out no one else. The signature is an HMAC of the return URL, an expiry and the account,
 * keyed by the web app's OAuth client secret, which both services hold.
 */
export const LOGOUT_LINK_TTL_MS = 2 * 60_000;
/** The two services' clocks may differ by this much. */
const CLOCK_SKEW_MS = 30_000;

const encoder = new TextEncoder();

async function hmac(secret: string, url: string, expiresAt: number, account: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const payload = encoder.encode(`logout\n${url}\n${expiresAt}\n${account}`);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, payload));
  return btoa(String.fromCharCode(...mac))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** The query of a signed logout link: url, exp (epoch ms), sub (the account signing out) and sig. */
export async function signedLogoutQuery(
  secret: string,
  url: string,
  account: string,
  now = Date.now(),
): Promise<URLSearchParams> {
  const expiresAt = now + LOGOUT_LINK_TTL_MS;
  return new URLSearchParams({
    url,
    exp: String(expiresAt),
    sub: account,
    sig: await hmac(secret, url, expiresAt, account),
  });
}

/** The account a logout link was signed for, or null when it is not a valid, current link of the web app. */
export async function signedLogoutAccount(
  secret: string,
  query: { url?: string; exp?: string; sub?: string; sig?: string },
  now = Date.now(),
): Promise<string | null> {
  const expiresAt = Number(query.exp);
  if (!query.url || !query.sig || !query.sub || !Number.isInteger(expiresAt)) return null;
  if (expiresAt < now - CLOCK_SKEW_MS || expiresAt > now + LOGOUT_LINK_TTL_MS + CLOCK_SKEW_MS) return null;
  const expected = await hmac(secret, query.url, expiresAt, query.sub);
  // Equal lengths and a comparison that does not stop at the first difference.
  let difference = expected.length ^ query.sig.length;
  for (let index = 0; index < expected.length; index++) {
    difference |= expected.charCodeAt(index) ^ (query.sig.charCodeAt(index) || 0);
  }
  return difference === 0 ? query.sub : null;
}
