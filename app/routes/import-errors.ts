import { data } from "react-router";
import { bulkDataApi } from "../../server/contract/bulk-data.api.ts";
import { passDownload } from "../features/bulk-data/download.server.ts";
import { requirePermission } from "../middleware/auth.server.ts";
import { api } from "../utils/api.server.ts";
import type { Route } from "./+types/import-errors";

/** The rows of an import that failed, in the file's format with an Error column, streamed from the API. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePermission(context, request, "Read", "Import");
  if (!/^[A-Za-z0-9-]{1,64}$/.test(params.id)) throw data("Not found", { status: 404 });
  const upstream = await api(context).stream(bulkDataApi.importErrors, { params: { id: params.id } });
  return passDownload(upstream);
}
