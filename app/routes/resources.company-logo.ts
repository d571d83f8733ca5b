import { companySettingsApi } from "../../server/contract/company-settings.api.ts";
import { requireUser } from "../middleware/auth.server.ts";
import { api } from "../utils/api.server.ts";
import type { Route } from "./+types/resources.company-logo";

/**
 * The company's logo for the shell, streamed from the API with its type. Pages name it with its version (`?v=`), so a
 * browser keeps it for a day and asks again only when it changes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  const conditional = request.headers.get("if-none-match");
  const upstream = await api(context).stream(
    companySettingsApi.logo,
    {},
    conditional ? { "if-none-match": conditional } : {},
  );
  const headers = new Headers();
  for (const name of ["content-type", "content-length", "etag", "x-content-type-options"]) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  const versioned = new URL(request.url).searchParams.has("v");
  headers.set("Cache-Control", versioned ? "private, max-age=86400" : "private, no-cache");
  return new Response(upstream.body, { status: upstream.status, headers });
}
