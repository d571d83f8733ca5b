const isProduction = process.env.NODE_ENV === "production";

/** Headers every response of the web app carries. */
export function applyBaseSecurityHeaders(headers: Headers): void {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (isProduction && process.env.APP_URL?.startsWith("https://")) {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
}

/** Documents also get a CSP whose script nonce is new for every request. */
export function applyDocumentSecurityHeaders(headers: Headers, nonce: string): void {
  applyBaseSecurityHeaders(headers);
  const apiOrigin = new URL(process.env.PUBLIC_API_URL ?? process.env.API_URL ?? "http://localhost:4000").origin;
  const directives = [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // Chakra sets CSS variables in style attributes; scripts are what the nonce protects.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    isProduction ? "connect-src 'self'" : "connect-src 'self' ws: wss:",
    `form-action 'self' ${apiOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ];
  headers.set("Content-Security-Policy", directives.join("; "));
}
