import { data } from "react-router";

/**
 * An API path whose interpolated values are each one path segment, percent-encoded:
 * apiPath`/api/${schema}/${table}/${id}`. A value from a form or a URL can then never reach another endpoint
 * ("../../crm/company/…" stays one segment). "", "." and ".." cannot be a segment at all: URL parsers resolve them
 * (encoded or not), so they answer 400.
 */
export function apiPath(strings: TemplateStringsArray, ...segments: (string | number)[]): string {
  return strings.reduce((path, text, index) => {
    if (index === 0) return text;
    const segment = String(segments[index - 1]);
    if (segment === "" || /^(\.|%2e){1,2}$/i.test(segment)) throw data("Bad request", { status: 400 });
    return `${path}${encodeURIComponent(segment)}${text}`;
  }, "");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Record, user, group and link ids are UUIDs; anything else from a form or a URL is refused before it is sent. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
