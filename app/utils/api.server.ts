import { createContext, data, type RouterContextProvider, redirect } from "react-router";
import type { ApiError as ApiErrorBody } from "../../server/contract/errors.ts";
import type { ApiRoute, RouteArguments, RouteInput, RouteResult } from "../../server/contract/route.ts";
import { routeUrl } from "./api-path.ts";
import { webEnv } from "./env.server.ts";
import { startSpan } from "./server-timing.server.ts";
import {
  clearTokens,
  commitSession,
  type Toast,
  type Tokens,
  type WorkspaceSession,
  writeTokens,
} from "./session.server.ts";
import { refreshTokens, SessionExpiredError, UpstreamBusyError } from "./token-refresh.server.ts";

export { SessionExpiredError };

/** The signed-in session of the current request, as the auth middleware found it. */
export interface AuthState {
  session: WorkspaceSession;
  tokens: Tokens | null;
  /** True when the session must be sent back (new tokens, a consumed flash). */
  changed: boolean;
  refreshing?: Promise<void>;
  /** The flash notice, once read: every loader of the request sees the same one. */
  toast?: Toast | null;
  /** The browser's address, passed on so that the API's per-address limits see the browser, not the web app. */
  clientAddress?: string;
  /** The API asked to wait while the middleware learned who the user is: the root loader answers with it. */
  busy?: Response;
}

export const authStateContext = createContext<AuthState | null>(null);

export const TOKEN_ERROR_TOAST: Toast = { status: "error", message: "auth.sessionExpired", duration: 4000 };

/** A session that cannot be refreshed is cleared, and the user goes to /login with a notice. */
async function signInAgain(state: AuthState): Promise<Response> {
  clearTokens(state.session);
  state.session.flash("toast", TOKEN_ERROR_TOAST);
  return redirect("/login", { headers: { "Set-Cookie": await commitSession(state.session) } });
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<ApiErrorBody>;
  /** Seconds to wait, from the API's Retry-After. */
  readonly retryAfter?: number;

  constructor(status: number, body: Partial<ApiErrorBody>, retryAfter?: number) {
    super(body.message ?? `API answered ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

/** What the error page of a busy API shows: how many seconds to wait. */
export interface BusyErrorData {
  retryAfter: number;
}

const DEFAULT_RETRY_SECONDS = 30;

/** The API asked to wait: the page says so with its own 429 (or 503) and the time to wait, never as a failure. */
export function busyResponse(retryAfter: number | undefined, status = 429): Response {
  const seconds = retryAfter ?? DEFAULT_RETRY_SECONDS;
  return Response.json({ retryAfter: seconds } satisfies BusyErrorData, {
    status,
    headers: { "Retry-After": String(seconds), "Cache-Control": "no-store" },
  });
}

export function isBusyResponse(value: unknown): value is Response {
  return value instanceof Response && (value.status === 429 || value.status === 503);
}

function forwardedFor(state: AuthState): Record<string, string> {
  return state.clientAddress ? { "x-forwarded-for": state.clientAddress } : {};
}

// Refresh a little before expiry, so a request rarely meets a 401 at all.
const REFRESH_AHEAD_MS = 5_000;

/** Exchanges the refresh token once for this request; calls waiting meanwhile share it. */
async function refresh(state: AuthState, staleAccessToken: string): Promise<void> {
  if (!state.tokens) throw new SessionExpiredError("not signed in");
  if (state.tokens.accessToken !== staleAccessToken) return;
  const env = webEnv();
  state.refreshing ??= refreshTokens(state.tokens.refreshToken, {
    url: `${env.apiUrl}/oauth2/token`,
    clientSecret: env.clientSecret,
    headers: forwardedFor(state),
  })
    .then((tokens) => {
      state.tokens = tokens;
      writeTokens(state.session, tokens);
      state.changed = true;
    })
    .finally(() => {
      state.refreshing = undefined;
    });
  await state.refreshing;
}

async function send(state: AuthState, path: string, init: RequestInit, refreshOn401: boolean): Promise<Response> {
  if (!state.tokens) throw new SessionExpiredError("not signed in");
  if (state.refreshing) await state.refreshing;
  if (state.tokens.expiresAt - Date.now() < REFRESH_AHEAD_MS) await refresh(state, state.tokens.accessToken);

  const call = (accessToken: string) =>
    fetch(`${webEnv().apiUrl}${path}`, {
      ...init,
      headers: {
        accept: "application/json",
        ...init.headers,
        ...forwardedFor(state),
        authorization: `Bearer ${accessToken}`,
      },
    });
  const used = state.tokens.accessToken;
  let response = await call(used);
  if (response.status === 401 && refreshOn401) {
    await refresh(state, used);
    response = await call(state.tokens.accessToken);
    if (response.status === 401) throw new SessionExpiredError("the API refused the refreshed token");
  }
  return response;
}

function retryAfterSeconds(response: Response): number | undefined {
  const seconds = Number(response.headers.get("Retry-After"));
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : undefined;
}

async function parse<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // A proxy's error page or a cut connection: the status still says what happened.
  }
  if (!response.ok)
    throw new ApiError(response.status, (body as Partial<ApiErrorBody>) ?? {}, retryAfterSeconds(response));
  return body as T;
}

/** Statuses of a GET that the page answers with itself: a bad link, a forbidden or a missing record. */
const PASSED_ON = new Set([400, 403, 404]);

function jsonInit(method: string, body?: unknown): RequestInit {
  return body === undefined
    ? { method }
    : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}

/** Whether answers are checked against their routes' schemas: in development and tests, not in production. */
const checksAnswers = process.env.NODE_ENV !== "production";

/**
 * An answer that its route's schema refuses is a fault of ours, named with the route; the answer itself is passed on
 * as it came, so development sees what production would.
 */
function checkAnswer(route: ApiRoute, answer: unknown): void {
  const status = ([200, 201, 202, 204] as const).find((code) => route.response[code]);
  const schema = status === undefined ? undefined : route.response[status];
  if (!schema) return;
  const checked = schema.safeParse(status === 204 ? null : answer);
  if (!checked.success) {
    throw new Error(`${route.method} ${route.path} answered outside its contract: ${checked.error.message}`);
  }
}

/**
 * The provider API's public routes (a web form's page): with the user's tokens when someone is signed in (a form for
 * signed-in users needs them; a session that cannot go on is no reason to refuse a public page), else with none, and
 * always with the visitor's address. Answers are checked as `api`'s are; refusals come back as ApiErrors, for the page
 * to answer as it must (sign in first, not found).
 */
export function publicApi(context: Readonly<RouterContextProvider>) {
  const state = context.get(authStateContext);
  if (!state) throw new Error("publicApi() needs the auth middleware");
  const sendAs = async (path: string, init: RequestInit): Promise<Response> => {
    if (state.tokens) {
      try {
        return await send(state, path, init, true);
      } catch (error) {
        if (!(error instanceof SessionExpiredError)) throw error;
      }
    }
    return fetch(`${webEnv().apiUrl}${path}`, {
      ...init,
      headers: { accept: "application/json", ...init.headers, ...forwardedFor(state) },
    });
  };
  return {
    call: async <Route extends ApiRoute>(route: Route, ...[input]: RouteArguments<Route>) => {
      const { params, query, body } = (input ?? {}) as { params?: object; query?: object; body?: unknown };
      const path = routeUrl(route.path, params, query);
      const end = startSpan(context, "api", `${route.method} ${route.path}`);
      try {
        const answer = await parse<RouteResult<Route>>(await sendAs(path, jsonInit(route.method, body)));
        if (checksAnswers) checkAnswer(route, answer);
        return answer;
      } finally {
        end?.();
      }
    },
    /** A declared file route's answer as it streams, with the request's conditional headers; a 304 is passed on. */
    stream: async <Route extends ApiRoute>(
      route: Route,
      input: RouteInput<Route>,
      headers: Record<string, string> = {},
    ): Promise<Response> => {
      const { params, query } = input as { params?: object; query?: object };
      const response = await sendAs(routeUrl(route.path, params, query), {
        method: "GET",
        headers: { accept: "*/*", ...headers },
      });
      if (response.ok || response.status === 304) return response;
      return parse<never>(response);
    },
  };
}

/**
 * The provider API with the user's tokens; refreshes on 401 and retries once. When the session cannot go on, the
 * call throws the redirect to /login, wherever it was made.
 */
export function api(context: Readonly<RouterContextProvider>) {
  const state = context.get(authStateContext);
  if (!state) throw new Error("api() needs the auth middleware");
  const failed = async (error: unknown, method: string | undefined): Promise<never> => {
    if (error instanceof SessionExpiredError) throw await signInAgain(state);
    if (error instanceof UpstreamBusyError) throw busyResponse(error.retryAfter);
    if (error instanceof ApiError && (error.status === 429 || error.status === 503)) {
      throw busyResponse(error.retryAfter, error.status);
    }
    if (error instanceof ApiError && method === "GET" && PASSED_ON.has(error.status)) {
      throw data(error.body.message ?? "", { status: error.status });
    }
    throw error;
  };
  const call = async <T>(path: string, init: RequestInit, refreshOn401 = true): Promise<T> => {
    const end = startSpan(context, "api", `${init.method} ${path.split("?")[0]}`);
    try {
      return await parse<T>(await send(state, path, init, refreshOn401));
    } catch (error) {
      return failed(error, init.method);
    } finally {
      end?.();
    }
  };
  return {
    /**
     * Calls a route declared in the contract (server/contract/*.api.ts) with its parameters, query and body, and
     * answers what the route declares: `call(shortcutsApi.changeOwn, { params: { id }, body })`.
     */
    call: async <Route extends ApiRoute>(route: Route, ...[input]: RouteArguments<Route>) => {
      const { params, query, body } = (input ?? {}) as { params?: object; query?: object; body?: unknown };
      const answer = await call<RouteResult<Route>>(routeUrl(route.path, params, query), jsonInit(route.method, body));
      if (checksAnswers) checkAnswer(route, answer);
      return answer;
    },
    /**
     * Sends a streamed body (app/features/files/upload.server.ts) to a declared upload route. A stream cannot be sent
     * twice, so a 401 is not retried after a refresh (the token is refreshed ahead of its expiry instead): it comes
     * back as an ApiError.
     */
    upload: <Route extends ApiRoute>(
      route: Route,
      input: Omit<RouteInput<Route>, "body">,
      body: ReadableStream<Uint8Array>,
      contentType: string,
    ) => {
      const { params, query } = input as { params?: object; query?: object };
      const init = { method: route.method, body, headers: { "content-type": contentType }, duplex: "half" };
      return call<RouteResult<Route>>(routeUrl(route.path, params, query), init as RequestInit, false);
    },
    /**
     * A declared file route's answer, passed on as it streams (a document's file), with the request's conditional and
     * range headers. Errors answer as GETs do; a 304, 206 or 416 is the caller's to pass on.
     */
    stream: async <Route extends ApiRoute>(
      route: Route,
      input: RouteInput<Route>,
      headers: Record<string, string> = {},
    ): Promise<Response> => {
      const { params, query } = input as { params?: object; query?: object };
      try {
        const path = routeUrl(route.path, params, query);
        const response = await send(state, path, { method: "GET", headers: { accept: "*/*", ...headers } }, true);
        if (response.ok || response.status === 304 || response.status === 416) return response;
        return await parse<never>(response);
      } catch (error) {
        return failed(error, "GET");
      }
    },
    /** POST /sign_out: a 401 there means the tokens are already gone, so no refresh is tried (spec §4). */
    signOut: (body: unknown) => call<void>("/sign_out", jsonInit("POST", body), false),
  };
}
