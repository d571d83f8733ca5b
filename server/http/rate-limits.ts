import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DomainError } from "./errors.ts";

const WINDOW_MS = 60_000;

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function tooManyRequests(reply: FastifyReply, seconds: number): DomainError {
  reply.header("retry-after", seconds);
  return new DomainError(429, "TooManyRequestsException", `Too many requests. Try again in ${seconds} seconds.`);
}

/** Signed-in API calls, which the per-user budget covers: by the route matched, so an unknown /api path counts per address. */
function isSignedInApi(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? "";
  return route.startsWith("/api/") && !route.startsWith("/api/docs");
}

/** A request to the token endpoint: counted per client and account once its body is read (tokenRequest). */
export function isTokenRequest(request: FastifyRequest): boolean {
  return request.method === "POST" && request.url.split("?")[0] === "/oauth2/token";
}

/** An IPv6 client is counted by its /64, as one household or host is given a whole /64. */
function addressOf(request: FastifyRequest): string {
  return normalizeIP(request.ip, 64);
}

export interface RateLimits {
  /** onRequest hook for signed-in API calls, after authentication: one budget per user, whoever relays the calls. */
  perUser: Hook;
  /** onRequest hook before authentication: refuses an address that keeps presenting tokens that are not valid. */
  refuseFailingAddress: Hook;
  /** onResponse hook: counts a refused token against its address. */
  countAuthenticationFailure: Hook;
  /**
   * For a token request: one budget per client and account (`holder`) when its code or refresh token is known, so
   * that many users refreshing through one address do not share a budget; per address otherwise.
   */
  tokenRequest: (request: FastifyRequest, reply: FastifyReply, holder: string | undefined) => Promise<void>;
}

/**
 * Requests per minute: per user on signed-in API calls, per client address on everything before sign-in. The web
 * app relays every user's calls from one address, so a per-address budget there would be shared by all its users.
 * Addresses come from X-Forwarded-For only when the direct peer is a configured proxy (Fastify's trustProxy).
 * Routes with stricter limits of their own (sign-in, invitations) declare them in their route config.
 */
export async function registerRateLimits(app: FastifyInstance, perMinute: number): Promise<RateLimits> {
  await app.register(rateLimit, { global: false, max: perMinute, timeWindow: WINDOW_MS, cache: 10_000 });

  const limiter = (keyOf: (request: FastifyRequest) => string) =>
    app.createRateLimit({ max: perMinute, timeWindow: WINDOW_MS, keyGenerator: keyOf });
  const hook =
    (check: ReturnType<typeof limiter>): Hook =>
    async (request, reply) => {
      const limit = await check(request);
      if (!limit.isAllowed && limit.isExceeded) throw tooManyRequests(reply, limit.ttlInSeconds);
    };

  // Health checks come from load balancers and monitors, often all from one address. Token requests are counted
  // once their holder is known (tokenRequest).
  const perAddress = hook(limiter((request) => `address:${addressOf(request)}`));
  app.addHook("onRequest", async (request, reply) => {
    if (isSignedInApi(request) || request.url === "/healthz" || isTokenRequest(request)) return;
    await perAddress(request, reply);
  });
  const holders = new WeakMap<FastifyRequest, string>();
  const perHolder = hook(limiter((request) => `token:${holders.get(request)}`));

  const failures = limiter((request) => `failures:${addressOf(request)}`);
  return {
    perUser: hook(limiter((request) => `user:${request.actor.id}`)),
    async refuseFailingAddress(request, reply) {
      const limit = await failures(request, { increment: false });
      if (!limit.isAllowed && limit.remaining === 0) throw tooManyRequests(reply, limit.ttlInSeconds);
    },
    async countAuthenticationFailure(request, reply) {
      if (reply.statusCode === 401) await failures(request);
    },
    async tokenRequest(request, reply, holder) {
      if (!holder) return perAddress(request, reply);
      holders.set(request, holder);
      await perHolder(request, reply);
    },
  };
}
