import { redirect } from "react-router";
import { sectionsFor } from "../features/settings/urls.ts";
import { getUser } from "../middleware/auth.server.ts";
import type { Route } from "./+types/system-settings.index";

/** The settings open at the first section the user may open. */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(`/system-settings/${sectionsFor(getUser(context))[0]?.path}`);
}
