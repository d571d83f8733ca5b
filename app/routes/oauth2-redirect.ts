import { redirect } from "react-router";
import { getUser, TOKEN_ERROR_TOAST } from "../middleware/auth.server.ts";
import { authStateContext, busyResponse } from "../utils/api.server.ts";
import { clearStateCookie, getAuthenticator } from "../utils/auth.server.ts";
import { webEnv } from "../utils/env.server.ts";
import type { RouteHandle } from "../utils/layout.ts";
import { safeRedirectPath } from "../utils/redirect.ts";
import { commitSession, writeTokens } from "../utils/session.server.ts";
import { UpstreamBusyError } from "../utils/token-refresh.server.ts";
import type { Route } from "./+types/oauth2-redirect";

export const handle: RouteHandle = { layout: "full" };

/** The provider sends the user back here with a code; it becomes tokens in the session. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (getUser(context)) return redirect("/");
  const { session } = context.get(authStateContext)!;
  const headers = new Headers({ "Set-Cookie": clearStateCookie() });
  try {
    const tokens = await getAuthenticator(request).authenticate("oauth2", request);
    writeTokens(session, tokens);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof UpstreamBusyError) throw busyResponse(error.retryAfter);
    console.error("sign-in failed", error);
    session.flash("toast", { ...TOKEN_ERROR_TOAST, message: "auth.signInFailed" });
    headers.append("Set-Cookie", await commitSession(session));
    return redirect("/login", { headers });
  }
  const target = safeRedirectPath(session.get("redirect_to"), webEnv().appUrl);
  session.unset("redirect_to");
  headers.append("Set-Cookie", await commitSession(session));
  return redirect(target, { headers });
}
