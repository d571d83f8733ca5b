import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import { API_SCOPE, WEB_CLIENT_ID } from "../contract/identity.ts";
import type { Database } from "../db/schema.ts";
import { getSetting, setSetting } from "../settings/settings.repository.ts";
import { createOidcAdapter } from "./oidc-adapter.ts";
import { renderMessagePage } from "./pages.ts";
import { isActiveAccount, isFirstPartyClient, saveOAuthClient } from "./sign-ins.repository.ts";

export interface OidcOptions {
  publicApiUrl: string;
  appUrl: string;
  webClientSecret: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
}

async function cookieKeys(db: Kysely<Database>): Promise<string[]> {
  const stored = await getSetting<string[]>(db, "oidc_cookie_keys");
  if (stored?.length) return stored;
  const keys = [randomBytes(32).toString("base64url")];
  await setSetting(db, "oidc_cookie_keys", keys);
  return keys;
}

async function signingKeys(db: Kysely<Database>) {
  const stored = await getSetting<Record<string, string>[]>(db, "oidc_jwks");
  if (stored?.length) return stored;
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = { ...(privateKey.export({ format: "jwk" }) as Record<string, string>), use: "sig", alg: "ES256" };
  await setSetting(db, "oidc_jwks", [jwk]);
  return [jwk];
}

/**
 * The web app's own client; refreshed on every start so its URLs follow APP_URL. Its secret is the services'
 * configuration: the row holds only its hash, so a read of the table gives nothing to sign in with.
 */
async function registerWebClient(db: Kysely<Database>, options: OidcOptions) {
  const client = {
    client_secret: `sha256:${createHash("sha256").update(options.webClientSecret).digest("base64url")}`,
    name: "Workspace web app",
    redirect_uris: [`${options.appUrl}/oauth2-redirect`],
    post_logout_redirect_uris: [`${options.appUrl}/login`],
    grant_types: ["authorization_code", "refresh_token"],
    scope: API_SCOPE,
    first_party: true,
  };
  await saveOAuthClient(db, WEB_CLIENT_ID, client);
}

export async function createOidcProvider(db: Kysely<Database>, options: OidcOptions): Promise<Provider> {
  await registerWebClient(db, options);
  const [keys, jwks] = await Promise.all([cookieKeys(db), signingKeys(db)]);
  const secure = options.publicApiUrl.startsWith("https://");

  const configuration: Configuration = {
    adapter: createOidcAdapter(db, { clientId: WEB_CLIENT_ID, secret: options.webClientSecret }),
    clients: [],
    jwks: { keys: jwks as any },
    cookies: {
      keys,
      long: { signed: true, httpOnly: true, sameSite: "lax", secure },
      short: { signed: true, httpOnly: true, sameSite: "lax", secure },
    },
    routes: { authorization: "/authorize", token: "/token", revocation: "/revoke", jwks: "/jwks" },
    scopes: [API_SCOPE],
    responseTypes: ["code"],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    ttl: {
      AccessToken: options.accessTokenTtl,
      RefreshToken: options.refreshTokenTtl,
      Grant: options.refreshTokenTtl,
      AuthorizationCode: 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      IdToken: 60 * 60,
    },
    // Tokens live by their own lifetimes; sign-out revokes them explicitly.
    expiresWithSession: async () => false,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: true,
    interactions: { url: (_ctx, interaction) => `/auth/login?uid=${interaction.uid}` },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const client = ctx.oidc.client!;
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(client.clientId);
      if (grantId) {
        const grant = await ctx.oidc.provider.Grant.find(grantId);
        if (grant) return grant;
      }
      // The product's own web app needs no consent screen, also after a grant was revoked.
      if (!(await isFirstPartyClient(db, client.clientId))) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope(API_SCOPE);
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, id) {
      if (!(await isActiveAccount(db, id))) return undefined;
      return { accountId: id, claims: async () => ({ sub: id }) };
    },
    async renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = renderMessagePage({
        language: "en",
        title: "Sign-in problem",
        message: String(out.error_description ?? out.error ?? "The request could not be completed."),
        link: { href: `${options.appUrl}/login`, label: "Back to Workspace" },
      });
    },
  };

  const provider = new Provider(`${options.publicApiUrl}/oauth2`, configuration);
  return provider;
}
