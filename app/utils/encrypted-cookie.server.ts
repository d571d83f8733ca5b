import { type Cookie, type CookieOptions, createCookie } from "react-router";

const IV_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** An AES-256-GCM key derived from the session secret (HKDF), so the secret itself never encrypts anything. */
async function deriveKey(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(), info: encoder.encode("workspace session cookie v1") },
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

export function sessionCookieKey(secret: string): Promise<CryptoKey> {
  return deriveKey(secret);
}

/**
 * A cookie whose value is encrypted and authenticated (AES-GCM) instead of only signed: whoever sees the cookie
 * cannot read the tokens in it, nor change them. Its attributes are React Router's own cookie's.
 */
export function createEncryptedCookie(name: string, secret: string, options: CookieOptions): Cookie {
  const plain = createCookie(name, { ...options, secrets: [] });
  const key = deriveKey(secret);
  return {
    name: plain.name,
    isSigned: true,
    get expires() {
      return plain.expires;
    },
    async parse(header, parseOptions) {
      const sealed = await plain.parse(header, parseOptions);
      return typeof sealed === "string" ? decryptValue(await key, sealed) : null;
    },
    async serialize(value, serializeOptions) {
      // An empty value ends the cookie (destroySession); there is nothing to hide in it.
      return plain.serialize(value === "" ? "" : await encryptValue(await key, value), serializeOptions);
    },
  };
}
