import { redirect } from "react-router";
import { getUser } from "../middleware/auth.server.ts";
import { authStateContext } from "../utils/api.server.ts";
import { clearStateCookie } from "../utils/auth.server.ts";
import type { RouteHandle } from "../utils/layout.ts";
import { destroySession } from "../utils/session.server.ts";
import type { Route } from "./+types/clrgen";

export const handle: RouteHandle = { layout: "full" };

/** Clears whatever sign-in state the browser holds and starts over. */
export async function loader({ context }: Route.LoaderArgs) {
  if (getUser(context)) return redirect("/");
  const { session } = context.get(authStateContext)!;
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(session));
  headers.append("Set-Cookie", clearStateCookie());
  return redirect("/login", { headers });
}
