import type { MiddlewareFunction } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function allowedOrigins(request: Request): Set<string> {
  const origins = new Set([new URL(request.url).origin]);
  if (process.env.APP_URL) origins.add(new URL(process.env.APP_URL).origin);
  return origins;
}

/** Whether the request was sent from another site than the web app's own pages. */
export function isCrossSite(request: Request): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  const origin = request.headers.get("Origin");
  return fetchSite === "cross-site" || (origin !== null && !allowedOrigins(request).has(origin));
}

/**
 * A public web form's page (`/f/{publicId}`, without its data suffix): a site the form allows may post to it from a
 * form of its own, which only the page's action can tell, as it reads the form (it refuses every other site). Nobody
 * is signed in through such a post: the session cookie is SameSite and never crosses sites.
 */
const PUBLIC_FORM_PAGE = /^\/f\/[^/.]+\/?$/;

export function refusedCrossSite(): Response {
  return new Response("Cross-site request refused", { status: 403, headers: { "Content-Type": "text/plain" } });
}

/** Refuses state-changing requests sent from other sites (a second line behind SameSite cookies). */
export const originCheckMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (!SAFE_METHODS.has(request.method.toUpperCase()) && isCrossSite(request)) {
    if (!PUBLIC_FORM_PAGE.test(new URL(request.url).pathname)) return refusedCrossSite();
  }
  return next();
};
