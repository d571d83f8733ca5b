import { data } from "react-router";
import { handleUpload } from "../features/documents/upload.server.ts";
import { screens } from "../features/records/screens.ts";
import type { Route } from "./+types/resources.upload";

/**
 * The upload form's target when JavaScript shows its progress (XMLHttpRequest reports how much was sent; fetch does
 * not): the same upload as the page's own action, answered as JSON, a redirect target or the form's errors.
 * `screen` and `id` say where the form was: the documents list, or a record whose documents tab it is.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const screen = screens[url.searchParams.get("screen") as keyof typeof screens];
  if (!screen) throw data("Bad request", { status: 400 });
  const outcome = await handleUpload(request, context, screen, url.searchParams.get("id") ?? undefined);
  return Response.json(outcome, { status: outcome.ok ? 200 : 400 });
}
