import middie from "@fastify/middie";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AdapterPayload, default as Provider } from "oidc-provider";
import { loadAccessTokenWithActor } from "../auth/actors.ts";
import { pruneLoginAttempts } from "../auth/login-attempts.repository.ts";
import { createOidcProvider, type OidcOptions } from "../auth/oidc-provider.ts";
import type { Actor } from "../auth/permissions.ts";
import { deleteExpiredPayloads } from "../auth/sign-ins.repository.ts";
import { tokenRequestHolder } from "../auth/token-requests.ts";
import { isTokenRequest } from "../http/rate-limits.ts";

declare module "fastify" {
  interface FastifyInstance {
    oidc: Provider;
    /** onRequest hook for routes that need a Bearer token; sets request.actor. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    actor: Actor;
    /** The grant behind the request's Bearer token: the sign-in it belongs to. */
    grantId: string | undefined;
  }
}

function unauthorized(request: FastifyRequest, reply: FastifyReply, message: string) {
  return reply
    .status(401)
    .header("www-authenticate", 'Bearer realm="workspace"')
    .send({ status: 401, exceptionName: "UnauthorizedException", message, requestId: request.id });
}

/** oidc-provider's own checks of a stored token: what `AccessToken.find` does after its adapter's read. */
interface StoredTokenChecks {
  verify(stored: AdapterPayload): Promise<AdapterPayload>;
  instantiate(payload: AdapterPayload): InstanceType<Provider["AccessToken"]>;
}

async function verifiedAccessToken(provider: Provider, stored: AdapterPayload) {
  const model = provider.AccessToken as unknown as StoredTokenChecks;
  try {
    return model.instantiate(await model.verify(stored));
  } catch {
    return undefined;
  }
}

export interface OidcPluginOptions extends OidcOptions {
  /** Limits a token request, given whose code or refresh token it presents (rate-limits.ts, tokenRequest). */
  limitTokenRequest: (request: FastifyRequest, reply: FastifyReply, holder: string | undefined) => Promise<void>;
}

export default fp<OidcPluginOptions>(
  async (app, { limitTokenRequest, ...options }) => {
    // Housekeeping at start: expired authorization-server rows and month-old sign-in attempts.
    await deleteExpiredPayloads(app.db);
    await pruneLoginAttempts(app.db);
    const provider = await createOidcProvider(app.db, options);
    // Before the provider sees the request: every user's refresh may come through one address (an office, the web
    // app), so the budget is each client's and account's.
    app.addHook("onRequest", async (request, reply) => {
      if (isTokenRequest(request))
        await limitTokenRequest(request, reply, await tokenRequestHolder(provider, request.raw));
    });
    await app.register(middie);
    app.use("/oauth2", provider.callback());
    app.decorate("oidc", provider);
    app.decorateRequest("actor", null as unknown as Actor);
    app.decorateRequest("grantId", undefined);

    app.decorate("authenticate", async (request: FastifyRequest, reply: FastifyReply) => {
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
      if (!token) return unauthorized(request, reply, "Full authentication is required to access this resource");
      // Opaque tokens are looked up on every call, so revocation takes effect at once; the account comes with it.
      const found = await loadAccessTokenWithActor(app.db, token);
      const accessToken = found && (await verifiedAccessToken(provider, found.stored));
      if (!accessToken || accessToken.isExpired || !accessToken.accountId) {
        return unauthorized(request, reply, "Invalid or expired token");
      }
      const actor = found.actor;
      if (actor?.id !== accessToken.accountId || actor.status !== "active") {
        return unauthorized(request, reply, "Invalid or expired token");
      }
      request.actor = actor;
      request.grantId = accessToken.grantId;
    });
  },
  { name: "oidc", dependencies: ["database"] },
);
