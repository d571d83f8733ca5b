import { z } from "zod";
import { textResources } from "../locales/all.ts";
import { encodedTexts, textsVersion } from "../locales/texts.server.ts";
import { documentEncoding } from "../utils/document-encoding.server.ts";
import { languages } from "../utils/i18n.ts";
import type { Route } from "./+types/locales";

const textsParams = z.object({
  lng: z.enum(languages),
  ns: z.enum(Object.keys(textResources.en) as [keyof (typeof textResources)["en"]]),
});

/**
 * One namespace of one language's texts, as the browser's i18next backend fetches them (utils/text-parts.ts). Asked
 * for with the texts' current version, the answer is kept for good; without it, or with an older one, it is asked
 * for again each time.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const parsed = textsParams.safeParse(params);
  if (!parsed.success) throw new Response(null, { status: 404 });
  const { lng, ns } = parsed.data;
  const current = new URL(request.url).searchParams.get("v") === textsVersion;
  const encoding = documentEncoding(request.headers.get("Accept-Encoding"));
  const headers = new Headers({
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    Vary: "Accept-Encoding",
  });
  if (encoding) headers.set("Content-Encoding", encoding);
  return new Response(encodedTexts(lng, ns, encoding ?? "identity"), { headers });
}
