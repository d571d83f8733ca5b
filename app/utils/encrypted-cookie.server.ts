import { type Cookie, type CookieOptions, createCookie } from "react-router";
import { decryptValue, encryptValue, sessionCookieKey } from "../../server/shared/sealed-value.ts";

/**
 * A cookie whose value is encrypted and authenticated (AES-GCM) instead of only signed: whoever sees the cookie
 * cannot read the tokens in it, nor change them. Its attributes are React Router's own cookie's.
 */
export function createEncryptedCookie(name: string, secret: string, options: CookieOptions): Cookie {
  const plain = createCookie(name, { ...options, secrets: [] });
  const key = sessionCookieKey(secret);
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
