import { createContext, data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { companySettingsApi } from "../../server/contract/company-settings.api.ts";
import type { CompanyBrand } from "../../server/contract/company-settings.ts";
import { dashboardsApi } from "../../server/contract/dashboards.api.ts";
import type { DashboardSummary } from "../../server/contract/dashboards.ts";
import { type MeInfo, meInfoSchema, signatureEnabledSchema } from "../../server/contract/identity.ts";
import { settingsApi } from "../../server/contract/settings.api.ts";
import { shortcutsApi } from "../../server/contract/shortcuts.api.ts";
import type { ShortcutDto } from "../../server/contract/shortcuts.ts";
import { usersApi } from "../../server/contract/users.api.ts";
import { TtlCache } from "../../server/shared/ttl-cache.ts";
import { type AuthState, api, authStateContext, isBusyResponse, TOKEN_ERROR_TOAST } from "../utils/api.server.ts";
import { clientAddress } from "../utils/client-address.server.ts";
import { startSpan } from "../utils/server-timing.server.ts";
import { commitSession, getSession, readTokens, type Toast } from "../utils/session.server.ts";

export interface CurrentUser extends MeInfo {
  signatureEnabled: boolean;
  /** The user's shortcuts in their order, shown or hidden: the menu lists the shown ones on every page. */
  shortcuts: ShortcutDto[];
  /** The company's name and logo, which the shell shows, and the language of users who have chosen none. */
  brand: CompanyBrand;
  /** The dashboards the user's groups see, in their order: the menu's (`mainList`) and the record tabs'. */
  dashboards: SeenDashboard[];
  /** The dashboard the home page shows: the user's own choice, else the workspace's; null for none. */
  homeDashboard: SeenDashboard | null;
}

export type SeenDashboard = Pick<
  DashboardSummary,
  "uuid" | "uuidKey" | "name" | "mainList" | "showInCompany" | "showInContact"
>;

const seenDashboard = (dashboard: DashboardSummary): SeenDashboard => ({
  uuid: dashboard.uuid,
  uuidKey: dashboard.uuidKey,
  name: dashboard.name,
  mainList: dashboard.mainList,
  showInCompany: dashboard.showInCompany,
  showInContact: dashboard.showInContact,
});

/**
 * Which dashboards the user sees: one call for the menu's and the record tabs' (each picks its flag), one for the
 * home page's. Spec §8: a failed dashboard-permission load only logs a warning, so the page goes on without them.
 */
async function seenDashboards(client: ReturnType<typeof api>) {
  try {
    const [seen, home] = await Promise.all([
      client.call(dashboardsApi.seenDashboards),
      client.call(dashboardsApi.defaultDashboard),
    ]);
    return { dashboards: seen.map(seenDashboard), homeDashboard: home ? seenDashboard(home) : null };
  } catch (error) {
    // A redirect to sign in again, or a busy API, answers the page as the other calls would.
    if (error instanceof Response) throw error;
    console.warn("The dashboards could not be loaded:", error instanceof Error ? error.message : error);
    return { dashboards: [], homeDashboard: null };
  }
}

export const userContext = createContext<CurrentUser | null>(null);

export { TOKEN_ERROR_TOAST };

/**
 * Who the user is, per access token, for a few seconds: most pages then need no call for it. The API checks every
 * call itself, so a permission changed meanwhile only shows late in what the pages offer.
 */
const USER_CACHE_MS = 30_000;
const users = new TtlCache<CurrentUser>(USER_CACHE_MS, 10_000);

/** Forgets who the user is, after a change to it (such as their language or their shortcuts). */
export function forgetUser(context: Readonly<RouterContextProvider>): void {
  const tokens = context.get(authStateContext)?.tokens;
  if (tokens) users.delete(tokens.accessToken);
}

/**
 * Reads the session, and for a signed-in user loads who they are and the e-signature flag. A session that cannot be
 * refreshed is cleared, and the user goes to /login with a notice. Changed tokens go back in the session cookie.
 */
export const authMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await getSession(request);
  const state: AuthState = {
    session,
    tokens: readTokens(session),
    changed: false,
    clientAddress: clientAddress(request),
  };
  context.set(authStateContext, state);

  let user: CurrentUser | null = null;
  if (state.tokens) {
    const client = api(context);
    const end = startSpan(context, "auth");
    let asked = false;
    const load = async (): Promise<CurrentUser> => {
      asked = true;
      const [info, signature, shortcuts, brand, dashboards] = await Promise.all([
        client.call(usersApi.meInfo),
        client.call(settingsApi.signatureEnabled),
        client.call(shortcutsApi.userShortcuts),
        client.call(companySettingsApi.brand),
        seenDashboards(client),
      ]);
      return {
        ...meInfoSchema.parse(info),
        signatureEnabled: signatureEnabledSchema.parse(signature).enabled,
        shortcuts,
        brand,
        ...dashboards,
      };
    };
    // An access token near its end is refreshed by asking: the cache never outlives the token it is keyed by.
    const fresh = state.tokens.expiresAt - Date.now() > USER_CACHE_MS;
    try {
      user = fresh ? await users.get(state.tokens.accessToken, load) : await load();
      end?.(asked ? "asked" : "kept");
    } catch (error) {
      // A busy API is answered by the root loader, so that the page keeps the session's new cookie and Retry-After.
      if (isBusyResponse(error)) state.busy = error;
      // /clrgen clears sign-in state that may be broken: a session that cannot go on is simply not signed in there.
      else if (!(new URL(request.url).pathname === "/clrgen" && error instanceof Response)) throw error;
    }
  }
  context.set(userContext, user);

  const response = await next();
  if (state.changed) response.headers.append("Set-Cookie", await commitSession(session));
  // The busy page, when a middleware answered it (requireUser), keeps how long to wait.
  const retryAfter = state.busy?.headers.get("Retry-After");
  if (retryAfter && response.status === state.busy?.status && !response.headers.has("Retry-After"))
    response.headers.set("Retry-After", retryAfter);
  // A signed-in user's pages and data are never kept by the browser or a shared cache.
  if (state.tokens && !response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
  return response;
};

export function getUser(context: Readonly<RouterContextProvider>): CurrentUser | null {
  return context.get(userContext);
}

/**
 * The signed-in user, or a redirect to /login that remembers where the user was going. A user whom the API asked to
 * wait is signed in all the same: they get the busy page with its Retry-After, as signing in again would only meet
 * the same limit and come back here, round and round.
 */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request): CurrentUser {
  const user = context.get(userContext);
  const busy = context.get(authStateContext)?.busy;
  if (!user && busy) throw busy;
  if (!user) {
    const url = new URL(request.url);
    const target = `${url.pathname}${url.search}`;
    throw redirect(target === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(target)}`);
  }
  return user;
}

export function hasPermission(user: Pick<MeInfo, "companyAdmin" | "permissions">, operation: string, resource: string) {
  return user.companyAdmin || user.permissions.some((p) => p.name === resource && p.operation === operation);
}

/** The user, if they may do operation on resource; otherwise a 403 page. */
export function requirePermission(
  context: Readonly<RouterContextProvider>,
  request: Request,
  operation: string,
  resource: string,
): CurrentUser {
  const user = requireUser(context, request);
  if (!hasPermission(user, operation, resource)) throw data("Forbidden", { status: 403 });
  return user;
}

/** The flash notice for this request, if any; reading it consumes it from the session. */
export function takeToast(context: Readonly<RouterContextProvider>): Toast | null {
  const state = context.get(authStateContext);
  if (!state) return null;
  if (state.toast === undefined) {
    state.toast = state.session.get("toast") ?? null;
    if (state.toast) state.changed = true;
  }
  return state.toast;
}
