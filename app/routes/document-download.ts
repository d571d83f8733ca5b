import { data } from "react-router";
import { documentsApi } from "../../server/contract/documents.api.ts";
import { requirePermission } from "../middleware/auth.server.ts";
import { api } from "../utils/api.server.ts";
import { isUuid } from "../utils/api-path.ts";
import { SAME_ORIGIN_FRAME } from "../utils/security-headers.server.ts";
import type { Route } from "./+types/document-download";

/** The API's headers a download keeps: what the file is, its name, and what a browser needs to resume or reuse it. */
const PASSED_HEADERS = [
  "content-type",
  "content-length",
  "content-disposition",
  "content-range",
  "accept-ranges",
  "etag",
  "last-modified",
  "x-content-type-options",
];

/**
 * A document's file, streamed from the API as it arrives (never whole in memory), with its type, name, ETag and
 * ranges. `inline=true` (the preview tab) shows PDFs, images and text in the page's frame; anything else downloads.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePermission(context, request, "Read", "Document");
  if (!isUuid(params.id)) throw data("Not found", { status: 404 });
  const inline = new URL(request.url).searchParams.get("inline") === "true";
  const forwarded: Record<string, string> = {};
  for (const name of ["range", "if-none-match", "if-range"]) {
    const value = request.headers.get(name);
    if (value) forwarded[name] = value;
  }
  const upstream = await api(context).stream(
    documentsApi.download,
    { params: { id: params.id }, query: { inline: inline ? "true" : undefined } },
    forwarded,
  );
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  // Files are private to the workspace: a shared cache must not keep them; the browser revalidates by ETag.
  headers.set("Cache-Control", "private, no-cache");
  if (inline) {
    headers.set("X-Frame-Options", SAME_ORIGIN_FRAME);
    // Only our pages may frame it. What is shown inline is a PDF, an image or plain text, sent with nosniff; a CSP
    // sandbox would be no safer for these, and Chromium's PDF and text viewers do not work in one.
    headers.set("Content-Security-Policy", "frame-ancestors 'self'");
  }
  return new Response(upstream.body, { status: upstream.status, headers });
}
