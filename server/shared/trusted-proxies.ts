import { z } from "zod";

/** proxy-addr's keywords, an address, or a CIDR range. */
const proxyEntry = /^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)$/i;

/**
 * TRUST_PROXY, read alike by both services: the proxies whose X-Forwarded-For is believed, comma separated, as
 * Fastify and Express take them; "none" believes no proxy (false).
 */
export const trustedProxiesSchema = z
  .string()
  .transform((text) =>
    text
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((entries) => entries.every((entry) => entry === "none" || proxyEntry.test(entry)), {
    message: "must be none, or proxy addresses, CIDR ranges or loopback, linklocal, uniquelocal, comma separated",
  })
  .transform((entries): string | false => (entries.includes("none") ? false : entries.join(",")));

export const DEFAULT_TRUSTED_PROXIES = "loopback";
