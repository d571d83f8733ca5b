import { OAuth2Tokens } from "arctic";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { forwardedFor } from "./client-address.server.ts";
import { webEnv } from "./env.server.ts";
import type { Tokens } from "./session.server.ts";
import { UpstreamBusyError, WEB_CLIENT_ID } from "./token-refresh.server.ts";

export const STATE_COOKIE = "oauth2_state";

const LANGUAGE_HEADER = "X-Workspace-Language";

/** The request, marked with the language the sign-in page should speak. */
export function withLanguage(request: Request, language: string): Request {
  const headers = new Headers(request.headers);
  headers.set(LANGUAGE_HEADER, language);
  return new Request(request.url, { method: request.method, headers });
}

/**
 * Passes the reader's language on (ui_locales), so the provider's sign-in page speaks it too, and sends the code
 * exchange with the browser's address, so the provider limits sign-ins per browser rather than per web app.
 */
class WorkspaceStrategy extends OAuth2Strategy<Tokens> {
  forwardedHeaders: Record<string, string> = {};

  protected authorizationParams(params: URLSearchParams, request: Request): URLSearchParams {
    const next = new URLSearchParams(params);
    const language = request.headers.get(LANGUAGE_HEADER);
    if (language) next.set("ui_locales", language);
    return next;
  }

  // The request arctic would send (client_secret_basic), with the browser's address added.
  async validateAuthorizationCode(code: string, codeVerifier: string): Promise<OAuth2Tokens> {
    const env = webEnv();
    const response = await fetch(`${env.apiUrl}/oauth2/token`, {
      method: "POST",
      headers: {
        ...this.forwardedHeaders,
        accept: "application/json",
        authorization: `Basic ${btoa(`${WEB_CLIENT_ID}:${env.clientSecret}`)}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: `${env.appUrl}/oauth2-redirect`,
        code_verifier: codeVerifier,
      }),
    });
    if (response.status === 429) throw new UpstreamBusyError(Number(response.headers.get("Retry-After")) || undefined);
    if (!response.ok) throw new Error(`the code exchange answered ${response.status}`);
    return new OAuth2Tokens(await response.json());
  }
}

/** The sign-in flow for one request: the start of it (GET /login), or the code coming back (/oauth2-redirect). */
export function getAuthenticator(request?: Request): Authenticator<Tokens> {
  const env = webEnv();
  const authenticator = new Authenticator<Tokens>();
  const strategy = new WorkspaceStrategy(
    {
      clientId: WEB_CLIENT_ID,
      clientSecret: env.clientSecret,
      authorizationEndpoint: `${env.publicApiUrl}/oauth2/authorize`,
      tokenEndpoint: `${env.apiUrl}/oauth2/token`,
      tokenRevocationEndpoint: `${env.apiUrl}/oauth2/revoke`,
      redirectURI: `${env.appUrl}/oauth2-redirect`,
      scopes: ["api"],
      // The state and PKCE verifier live in their own short cookie until the code returns.
      cookie: {
        name: STATE_COOKIE,
        path: "/",
        httpOnly: true,
        sameSite: "Lax",
        ...(env.secureCookies ? { secure: true as const } : {}),
        maxAge: 10 * 60,
      },
    },
    async ({ tokens }) => ({
      accessToken: tokens.accessToken(),
      refreshToken: tokens.refreshToken(),
      expiresAt: tokens.accessTokenExpiresAt().getTime(),
    }),
  );
  if (request) strategy.forwardedHeaders = forwardedFor(request);
  authenticator.use(strategy, "oauth2");
  return authenticator;
}

export function clearStateCookie(): string {
  const secure = webEnv().secureCookies ? "; Secure" : "";
  return `${STATE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}
