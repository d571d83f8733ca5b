/**
 * The provider's `GET /logout` ends the browser's sign-in session only when the web app signed the link: a plain link
 * from any other site must not sign anyone out. The signature is an HMAC of the return URL and an expiry, keyed by
 * the web app's OAuth client secret, which both services hold.
 */
export const LOGOUT_LINK_TTL_MS = 2 * 60_000;

const encoder = new TextEncoder();

async function hmac(secret: string, url: string, expiresAt: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`logout\n${url}\n${expiresAt}`)));
  return btoa(String.fromCharCode(...mac))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** The query of a signed logout link: url, exp (epoch ms) and sig. */
export async function signedLogoutQuery(secret: string, url: string, now = Date.now()): Promise<URLSearchParams> {
  const expiresAt = now + LOGOUT_LINK_TTL_MS;
  return new URLSearchParams({ url, exp: String(expiresAt), sig: await hmac(secret, url, expiresAt) });
}

export async function isSignedLogout(
  secret: string,
  query: { url?: string; exp?: string; sig?: string },
  now = Date.now(),
): Promise<boolean> {
  const expiresAt = Number(query.exp);
  if (!query.url || !query.sig || !Number.isInteger(expiresAt) || expiresAt < now) return false;
  if (expiresAt > now + LOGOUT_LINK_TTL_MS) return false;
  const expected = await hmac(secret, query.url, expiresAt);
  // Equal lengths and a comparison that does not stop at the first difference.
  let difference = expected.length ^ query.sig.length;
  for (let index = 0; index < expected.length; index++) {
    difference |= expected.charCodeAt(index) ^ (query.sig.charCodeAt(index) || 0);
  }
  return difference === 0;
}
