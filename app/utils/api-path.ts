import { data } from "react-router";

/**
 * One path segment, percent-encoded: a value from a form or a URL can then never reach another endpoint
 * ("../../crm/company/…" stays one segment). "", "." and ".." cannot be a segment at all: URL parsers resolve them
 * (encoded or not), so they answer 400, as a missing value does.
 */
function pathSegment(value: unknown): string {
  const segment = String(value ?? "");
  if (segment === "" || /^(\.|%2e){1,2}$/i.test(segment)) throw data("Bad request", { status: 400 });
  return encodeURIComponent(segment);
}

/**
 * A declared route's URL under /api: each `:name` of its path filled with `params[name]` as one segment, and the
 * query's values after it, a list as a repeated name, undefined and null ones left out.
 */
export function routeUrl(path: string, params: object = {}, query: object = {}): string {
  const values = params as Record<string, unknown>;
  const filled = path.replace(/:(\w+)/g, (_, name: string) => pathSegment(values[name]));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(name, String(item));
    }
  }
  const queryString = search.toString();
  return `/api${filled}${queryString ? `?${queryString}` : ""}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Record, user, group and link ids are UUIDs; anything else from a form or a URL is refused before it is sent. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
