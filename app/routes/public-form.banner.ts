import { streamBanner } from "../features/web-forms/public-forms.server.ts";
import type { Route } from "./+types/public-form.banner";

/** A public form's banner: browsers talk to the web app alone, so it passes the API's image on as it streams. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return streamBanner(request, context, params.publicId);
}
