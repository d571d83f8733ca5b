import { createCookieSessionStorage, type Session } from "react-router";
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

function sessionStorage() {
  if (storage) return storage;
  const env = webEnv();
  storage = createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      // __Host- binds the cookie to this exact origin; browsers accept it only over HTTPS.
      name: env.secureCookies ? "__Host-workspace_session" : "workspace_session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.secureCookies,
      secrets: [env.sessionSecret],
      maxAge: FOURTEEN_DAYS,
    },
  });
  return storage;
}

export function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
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
