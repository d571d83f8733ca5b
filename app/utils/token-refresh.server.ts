import type { Tokens } from "./session.server.ts";

export const WEB_CLIENT_ID = "workspace-web";

/** The session cannot continue: the refresh token was refused, or the token call failed. */
export class SessionExpiredError extends Error {
  name = "SessionExpiredError";
}

/** The token endpoint asked to wait (429): the session is fine, and the same refresh token works later. */
export class UpstreamBusyError extends Error {
  name = "UpstreamBusyError";
  readonly retryAfter?: number;

  constructor(retryAfter?: number) {
    super("the token endpoint asked to wait");
    this.retryAfter = retryAfter;
  }
}

interface Flight {
  promise: Promise<Tokens>;
  settledAt?: number;
}

// Keyed by the refresh token being exchanged. A successful result is kept for a minute so
// requests that still carry the old token (sent before the new cookie arrived) get the same
// new tokens instead of reusing a rotated refresh token, which would revoke the grant.
const flights = new Map<string, Flight>();
const REUSE_MS = 60_000;
/** Settled results kept at most; past it the oldest go first, as if their minute were over. */
const MAX_SETTLED = 10_000;

function prune(now: number) {
  // Oldest first, as the Map was filled.
  for (const [key, flight] of flights) {
    if (flight.settledAt === undefined) continue;
    if (now - flight.settledAt > REUSE_MS || flights.size > MAX_SETTLED) flights.delete(key);
  }
}

export interface TokenEndpoint {
  url: string;
  clientSecret: string;
  /** Sent along, such as the browser's address for the provider's per-address limits. */
  headers?: Record<string, string>;
}

async function exchange(refreshToken: string, endpoint: TokenEndpoint): Promise<Tokens> {
  const basic = Buffer.from(`${WEB_CLIENT_ID}:${endpoint.clientSecret}`).toString("base64");
  const response = await fetch(endpoint.url, {
    method: "POST",
    headers: {
      ...endpoint.headers,
      authorization: `Basic ${basic}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }),
  });
  if (response.status === 429) {
    const seconds = Number(response.headers.get("Retry-After"));
    throw new UpstreamBusyError(Number.isInteger(seconds) ? seconds : undefined);
  }
  if (!response.ok) throw new SessionExpiredError(`token refresh answered ${response.status}`);
  const body = (await response.json()) as { access_token: string; refresh_token?: string; expires_in: number };
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? refreshToken,
    expiresAt: Date.now() + body.expires_in * 1000,
  };
}

/** One refresh per refresh token at a time; everyone asking meanwhile shares its result. */
export function refreshTokens(refreshToken: string, endpoint: TokenEndpoint): Promise<Tokens> {
  const now = Date.now();
  prune(now);
  const existing = flights.get(refreshToken);
  if (existing) return existing.promise;
  const flight: Flight = { promise: exchange(refreshToken, endpoint) };
  flights.set(refreshToken, flight);
  flight.promise.then(
    () => {
      flight.settledAt = Date.now();
    },
    () => flights.delete(refreshToken),
  );
  return flight.promise;
}
