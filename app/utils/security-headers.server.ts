import { createContext, type MiddlewareFunction } from "react-router";
import { isSiteOrigin } from "../../server/contract/forms.ts";

/**
 * The sites that may show this request's page in a frame: a public web form's allowed sites, set by its loader. Every
 * other page may be framed by none.
 */
export const frameAncestorsContext = createContext<string[]>([]);

/** The sites as a CSP source list: only plain origins, so that no site can add a directive of its own. */
function frameAncestors(sites: readonly string[]): string {
  const origins = sites.filter(isSiteOrigin);
  return origins.length > 0 ? origins.join(" ") : "'none'";
}

// Read on each use: the web app's server sets NODE_ENV after this module may have been loaded.
const isProduction = () => process.env.NODE_ENV === "production";

/** Headers every response of the web app carries: documents, data, assets, health checks. */
export function baseSecurityHeaders(): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(isProduction() && process.env.APP_URL?.startsWith("https://")
      ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" }
      : {}),
  };
}

/** A response that may be shown in a frame of the app's own pages: a document's preview. */
export const SAME_ORIGIN_FRAME = "SAMEORIGIN";

export function applyBaseSecurityHeaders(headers: Headers, framedBy: readonly string[] = []): void {
  const framedBySelf = headers.get("X-Frame-Options") === SAME_ORIGIN_FRAME;
  for (const [name, value] of Object.entries(baseSecurityHeaders())) headers.set(name, value);
  if (framedBySelf) headers.set("X-Frame-Options", SAME_ORIGIN_FRAME);
  // X-Frame-Options cannot name other sites: the CSP's frame-ancestors does, and browsers then follow it alone.
  if (framedBy.some(isSiteOrigin)) headers.delete("X-Frame-Options");
}

/** Documents also get a CSP whose script nonce is new for every request. */
export function applyDocumentSecurityHeaders(headers: Headers, nonce: string, framedBy: readonly string[] = []): void {
  applyBaseSecurityHeaders(headers, framedBy);
  const apiOrigin = new URL(process.env.PUBLIC_API_URL ?? process.env.API_URL ?? "http://localhost:4000").origin;
  const directives = [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // Chakra sets CSS variables in style attributes; scripts are what the nonce protects.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // A document's preview: the app's own download route in a frame.
    "frame-src 'self'",
    "font-src 'self' data:",
    isProduction() ? "connect-src 'self'" : "connect-src 'self' ws: wss:",
    `form-action 'self' ${apiOrigin}`,
    `frame-ancestors ${frameAncestors(framedBy)}`,
    "base-uri 'self'",
    "object-src 'none'",
  ];
  headers.set("Content-Security-Policy", directives.join("; "));
}

/** Every response React Router answers gets the base headers: documents, data, resource routes, redirects, errors. */
export const securityHeadersMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  let response = await next();
  const framedBy = context.get(frameAncestorsContext);
  try {
    applyBaseSecurityHeaders(response.headers, framedBy);
  } catch {
    // Headers of a Response made by Response.redirect() cannot change; a copy's can.
    response = new Response(response.body, response);
    applyBaseSecurityHeaders(response.headers, framedBy);
  }
  return response;
};
