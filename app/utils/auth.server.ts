import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { webEnv } from "./env.server.ts";
import type { Tokens } from "./session.server.ts";
import { WEB_CLIENT_ID } from "./token-refresh.server.ts";

export const STATE_COOKIE = "oauth2_state";

const LANGUAGE_HEADER = "X-Workspace-Language";

/** The request, marked with the language the sign-in page should speak. */
export function withLanguage(request: Request, language: string): Request {
  const headers = new Headers(request.headers);
  headers.set(LANGUAGE_HEADER, language);
  return new Request(request.url, { method: request.method, headers });
}

/** Passes the reader's language on (ui_locales), so the provider's sign-in page speaks it too. */
class WorkspaceStrategy extends OAuth2Strategy<Tokens> {
  protected authorizationParams(params: URLSearchParams, request: Request): URLSearchParams {
    const next = new URLSearchParams(params);
    const language = request.headers.get(LANGUAGE_HEADER);
    if (language) next.set("ui_locales", language);
    return next;
  }
}

let authenticator: Authenticator<Tokens> | undefined;

export function getAuthenticator(): Authenticator<Tokens> {
  if (authenticator) return authenticator;
  const env = webEnv();
  authenticator = new Authenticator<Tokens>();
  authenticator.use(
    new WorkspaceStrategy(
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
    ),
    "oauth2",
  );
  return authenticator;
}

export function clearStateCookie(): string {
  const secure = webEnv().secureCookies ? "; Secure" : "";
  return `${STATE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}
