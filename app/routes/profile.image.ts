import { profileApi } from "../../server/contract/profile.api.ts";
import { requireUser } from "../middleware/auth.server.ts";
import { api } from "../utils/api.server.ts";
import type { Route } from "./+types/profile.image";

const PASSED_HEADERS = ["content-type", "content-length", "etag", "x-content-type-options"];

/**
 * The signed-in user's profile image, streamed from the API. Its address names the image's version (`?v=`), so a
 * browser may keep it for a while: a new image is a new address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  const conditional = request.headers.get("if-none-match");
  const upstream = await api(context).stream(profileApi.image, {}, conditional ? { "if-none-match": conditional } : {});
  const headers = new Headers({ "cache-control": "private, max-age=3600" });
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.status === 304 ? null : upstream.body, { status: upstream.status, headers });
}
