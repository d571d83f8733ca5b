import type { MiddlewareFunction } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function allowedOrigins(request: Request): Set<string> {
  const origins = new Set([new URL(request.url).origin]);
  if (process.env.APP_URL) origins.add(new URL(process.env.APP_URL).origin);
  return origins;
}

/** Refuses state-changing requests sent from other sites (a second line behind SameSite cookies). */
export const originCheckMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (!SAFE_METHODS.has(request.method.toUpperCase())) {
    const fetchSite = request.headers.get("Sec-Fetch-Site");
    const origin = request.headers.get("Origin");
    const crossSite = fetchSite === "cross-site" || (origin !== null && !allowedOrigins(request).has(origin));
    if (crossSite) {
      return new Response("Cross-site request refused", { status: 403, headers: { "Content-Type": "text/plain" } });
    }
  }
  return next();
};
