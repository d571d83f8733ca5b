import { createCookieSessionStorage, createSession, type Session } from "react-router";
import { TtlCache } from "../../server/shared/ttl-cache.ts";
import { createEncryptedCookie } from "./encrypted-cookie.server.ts";
import { webEnv } from "./env.server.ts";

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface Toast {
  status: "success" | "error" | "info";
  /** Translation key. */
  message: string;
  /** Milliseconds. */
  duration: number;
  /** Values for the message's placeholders. */
  params?: Record<string, string>;
}

interface SessionData {
  access_token: string;
  refresh_token: string;
  token_expiration: number;
  redirect_to: string;
}

interface FlashData {
  toast: Toast;
}

export type WorkspaceSession = Session<SessionData, FlashData>;

const FOURTEEN_DAYS = 14 * 24 * 60 * 60;

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, FlashData>> | undefined;
let cookieName = "";

function sessionStorage() {
  if (storage) return storage;
  const env = webEnv();
  // __Host- binds the cookie to this exact origin; browsers accept it only over HTTPS.
  cookieName = env.secureCookies ? "__Host-workspace_session" : "workspace_session";
  storage = createCookieSessionStorage<SessionData, FlashData>({
    // Encrypted, not only signed: the tokens in it are not readable by whoever sees the cookie.
    cookie: createEncryptedCookie(cookieName, env.sessionSecret, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.secureCookies,
      maxAge: FOURTEEN_DAYS,
    }),
  });
  return storage;
}

type SessionContents = WorkspaceSession["data"];

/**
 * What a session cookie holds, by its exact sealed value, for a minute: decrypting it (WebCrypto, which is
 * asynchronous) and decoding the cookie cost about 0.3 ms of every page, before its API calls could start. A changed
 * or forged value is a different key, so it is checked anew.
 */
const verified = new TtlCache<SessionContents>(60_000, 10_000);

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

export async function getSession(request: Request): Promise<WorkspaceSession> {
  const header = request.headers.get("Cookie");
  const store = sessionStorage();
  const value = cookieValue(header, cookieName);
  if (!value) return store.getSession(header);
  const contents = await verified.get(value, async () => (await store.getSession(header)).data);
  // Each request changes its own copy (flash messages are taken, tokens refreshed). The storage itself starts a session
  // from the stored data, flash entries included, which the function's type leaves out.
  return createSession<SessionData, FlashData>(structuredClone(contents) as SessionData);
}

export function commitSession(session: WorkspaceSession) {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: WorkspaceSession) {
  return sessionStorage().destroySession(session);
}

export function readTokens(session: WorkspaceSession): Tokens | null {
  const accessToken = session.get("access_token");
  const refreshToken = session.get("refresh_token");
  if (!accessToken || !refreshToken) return null;
  return { accessToken, refreshToken, expiresAt: Number(session.get("token_expiration") ?? 0) };
}

export function writeTokens(session: WorkspaceSession, tokens: Tokens) {
  session.set("access_token", tokens.accessToken);
  session.set("refresh_token", tokens.refreshToken);
  session.set("token_expiration", tokens.expiresAt);
}

export function clearTokens(session: WorkspaceSession) {
  session.unset("access_token");
  session.unset("refresh_token");
  session.unset("token_expiration");
}
