import { redirect } from "react-router";
import { signedLogoutQuery } from "../../server/contract/logout-link.ts";
import { getUser } from "../middleware/auth.server.ts";
import { api, authStateContext } from "../utils/api.server.ts";
import { webEnv } from "../utils/env.server.ts";
import { destroySession } from "../utils/session.server.ts";
import type { Route } from "./+types/sign-out";

/** Revokes the tokens, forgets the session, and ends the provider's sign-in session too. */
export async function action({ context }: Route.ActionArgs) {
  const state = context.get(authStateContext)!;
  const user = getUser(context);
  if (state.tokens) {
    try {
      await api(context).signOut({ url: `${webEnv().appUrl}/login` });
    } catch (error) {
      // The session is forgotten here whatever the API answered.
      console.error("sign-out at the provider failed", error);
    }
  }
  // Tokens refreshed on the way must not be written back over the destroyed session.
  state.changed = false;
  const env = webEnv();
  // Signed, so that the provider ends the browser's sign-in session for this link only, never for another site's.
  const returnTo = `${env.appUrl}/login`;
  const logout = user
    ? `${env.publicApiUrl}/logout?${await signedLogoutQuery(env.clientSecret, returnTo, user.uuid)}`
    : returnTo;
  return redirect(logout, { headers: { "Set-Cookie": await destroySession(state.session) } });
}

export function loader() {
  return redirect("/");
}
