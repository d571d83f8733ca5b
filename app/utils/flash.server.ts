import type { RouterContextProvider } from "react-router";
import { authStateContext } from "./api.server.ts";
import type { Toast } from "./session.server.ts";

/** A notice for the next page the user sees (after the redirect that follows a change). */
export function flash(context: Readonly<RouterContextProvider>, toast: Toast) {
  const state = context.get(authStateContext);
  if (!state) return;
  state.session.flash("toast", toast);
  state.changed = true;
}
