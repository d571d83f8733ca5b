import { openNotification } from "../features/notifications/notifications.server.ts";
import type { Route } from "./+types/notifications.open";

/** A notification's link: it is marked read, and the user goes on to its record. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return openNotification(context, params.id);
}
