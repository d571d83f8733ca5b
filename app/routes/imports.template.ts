import { data } from "react-router";
import { bulkDataApi } from "../../server/contract/bulk-data.api.ts";
import { passDownload } from "../features/bulk-data/download.server.ts";
import { bulkRoute, findEntity, mayImport } from "../features/bulk-data/entities.ts";
import { requirePermission } from "../middleware/auth.server.ts";
import { getLocale } from "../middleware/i18next.server.ts";
import { api } from "../utils/api.server.ts";
import type { Route } from "./+types/imports.template";

/** An entity's import template (.xlsx or .csv), streamed from the API, its headers in the page's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(context, request, "Create", "Import");
  const url = new URL(request.url);
  const entity = findEntity(user, url.searchParams.get("entity"));
  const format = url.searchParams.get("format") === "csv" ? "csv" : "xlsx";
  if (!entity || !mayImport(user, entity)) throw data("Not found", { status: 404 });
  // The page's language, which may not be the user's stored one (the language switch, the company's default).
  const { route, params } = bulkRoute(entity, {
    standard: bulkDataApi.importTemplate,
    custom: bulkDataApi.importTableTemplate,
  });
  const upstream = await api(context).stream(route, { params, query: { format, lang: getLocale(context) } });
  return passDownload(upstream);
}
