import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { WEB_CLIENT_ID } from "../../server/contract/identity.ts";
import { TEST_CLIENT_SECRET } from "./test-app.ts";

export const REDIRECT_URI = "http://app.test/oauth2-redirect";

/** A browser's cookies for one API host (paths ignored: every test path is under /). */
export class CookieJar {
  private cookies = new Map<string, string>();

  store(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      if (cookie.value === "" || (cookie.expires && cookie.expires.getTime() < Date.now()))
        this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}

function pathOf(location: string): string {
  const url = new URL(location, "http://api.test");
  return `${url.pathname}${url.search}`;
}

export interface AuthorizeOptions {
  challenge?: string | null;
  method?: string;
  email?: string;
  password?: string;
  jar?: CookieJar;
}

/**
 * Walks the authorization-code flow as a browser would, through the sign-in form.
 * Returns the final redirect (to the web app) and the steps' responses.
 */
export async function authorize(app: FastifyInstance, options: AuthorizeOptions = {}) {
  const jar = options.jar ?? new CookieJar();
  const query = new URLSearchParams({
    client_id: WEB_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: "api",
    state: randomBytes(8).toString("hex"),
  });
  if (options.challenge !== null) {
    query.set("code_challenge", options.challenge ?? pkcePair().challenge);
    query.set("code_challenge_method", options.method ?? "S256");
  }
  const start = await app.inject({
    method: "GET",
    url: `/oauth2/authorize?${query}`,
    headers: { cookie: jar.header() },
  });
  jar.store(start);
  const loginLocation = start.headers.location as string;
  if (!loginLocation?.startsWith("/auth/login")) return { start, redirect: loginLocation, jar };

  const uid = new URL(loginLocation, "http://api.test").searchParams.get("uid")!;
  const form = await app.inject({ method: "GET", url: loginLocation, headers: { cookie: jar.header() } });
  const login = await app.inject({
    method: "POST",
    url: "/auth/login",
    headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      uid,
      email: options.email ?? "admin@example.com",
      password: options.password ?? DEMO_PASSWORD,
    }).toString(),
  });
  jar.store(login);
  if (login.statusCode !== 303 && login.statusCode !== 302) return { start, form, login, redirect: undefined, jar };

  const resume = await app.inject({
    method: "GET",
    url: pathOf(login.headers.location as string),
    headers: { cookie: jar.header() },
  });
  jar.store(resume);
  return { start, form, login, resume, redirect: resume.headers.location as string | undefined, jar };
}

export const DEMO_PASSWORD = "demo-password-for-tests";

export async function exchangeCode(app: FastifyInstance, code: string, verifier: string) {
  return app.inject({
    method: "POST",
    url: "/oauth2/token",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      client_id: WEB_CLIENT_ID,
      client_secret: TEST_CLIENT_SECRET,
    }).toString(),
  });
}

export async function refresh(app: FastifyInstance, refreshToken: string) {
  const basic = Buffer.from(`${WEB_CLIENT_ID}:${TEST_CLIENT_SECRET}`).toString("base64");
  return app.inject({
    method: "POST",
    url: "/oauth2/token",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${basic}` },
    payload: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }).toString(),
  });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/** Signs in and returns tokens. */
export async function signIn(
  app: FastifyInstance,
  email = "admin@example.com",
  password = DEMO_PASSWORD,
): Promise<Tokens> {
  const { verifier, challenge } = pkcePair();
  const flow = await authorize(app, { challenge, email, password });
  const code = new URL(flow.redirect!).searchParams.get("code");
  if (!code) throw new Error(`no code: ${flow.redirect} ${flow.login?.statusCode} ${flow.login?.body?.slice(0, 200)}`);
  const response = await exchangeCode(app, code, verifier);
  if (response.statusCode !== 200) throw new Error(`token exchange failed: ${response.body}`);
  return response.json();
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
