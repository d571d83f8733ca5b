/**
 * The address of the browser behind a request, as the web app's server found it (X-Forwarded-For counts only from
 * TRUST_PROXY). The server sets this header on every request it hands to React Router, replacing any a client sent.
 */
export const CLIENT_ADDRESS_HEADER = "x-workspace-client-address";

export function clientAddress(request: Request): string | undefined {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? undefined;
}

/** Headers for a call to the API on the browser's behalf, so the API's per-address limits see the browser. */
export function forwardedFor(request: Request): Record<string, string> {
  const address = clientAddress(request);
  return address ? { "x-forwarded-for": address } : {};
}
