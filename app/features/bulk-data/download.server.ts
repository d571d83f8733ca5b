/** The API's headers a download keeps: what the file is and its name. */
const PASSED_HEADERS = ["content-type", "content-length", "content-disposition", "x-content-type-options"];

/**
 * A file of the API (a template, an error file, an export) passed on to the browser as it streams, never whole in
 * memory. It is the user's own data: no cache keeps it.
 */
export function passDownload(upstream: Response): Response {
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set("Cache-Control", "private, no-store");
  if (!headers.has("x-content-type-options")) headers.set("X-Content-Type-Options", "nosniff");
  return new Response(upstream.body, { status: upstream.status, headers });
}
