/**
 * Values sealed with AES-256-GCM under a key derived from a secret (HKDF): the web app's session cookie holds its
 * tokens so (app/utils/encrypted-cookie.server.ts), and the benchmarks open it with the same secret. WebCrypto only.
 */
const IV_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** An AES-256-GCM key derived from the session secret (HKDF), so the secret itself never encrypts anything. */
export function sessionCookieKey(secret: string): Promise<CryptoKey> {
  return sealingKey(secret, "workspace session cookie v1");
}

/** An AES-256-GCM key derived from a secret (HKDF) for one purpose: each purpose gets a key of its own. */
export async function sealingKey(secret: string, purpose: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(), info: encoder.encode(purpose) },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (char) => char.charCodeAt(0));
}

export async function encryptValue(key: CryptoKey, value: unknown): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, encoder.encode(JSON.stringify(value)));
  const out = new Uint8Array(IV_BYTES + sealed.byteLength);
  out.set(iv);
  out.set(new Uint8Array(sealed), IV_BYTES);
  return toBase64Url(out);
}

/** The value, or null for anything that was not sealed with this key (forged, altered, or from another secret). */
export async function decryptValue(key: CryptoKey, text: string): Promise<unknown> {
  try {
    const bytes = fromBase64Url(text);
    const opened = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.subarray(0, IV_BYTES) },
      key,
      bytes.subarray(IV_BYTES),
    );
    return JSON.parse(decoder.decode(opened));
  } catch {
    return null;
  }
}
