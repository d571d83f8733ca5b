import { redirect } from "react-router";
import { notificationsAction } from "../features/notifications/notifications.server.ts";
import { PANEL_PARAM } from "../features/notifications/urls.ts";
import type { Route } from "./+types/notifications";

/** The panel's forms: one notification marked read, or all, then back to the page they were posted from. */
export async function action({ request, context }: Route.ActionArgs) {
  return notificationsAction(request, context);
}

/** The list itself is a panel over a page: this address opens it over the home page. */
export function loader() {
  return redirect(`/?${PANEL_PARAM}=1`);
}
