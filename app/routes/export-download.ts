import { data, redirect } from "react-router";
import { bulkDataApi } from "../../server/contract/bulk-data.api.ts";
import { bulkDataTexts } from "../../server/contract/bulk-data.ts";
import { passDownload } from "../features/bulk-data/download.server.ts";
import { requirePermission } from "../middleware/auth.server.ts";
import { ApiError, api } from "../utils/api.server.ts";
import { flash } from "../utils/flash.server.ts";
import type { Route } from "./+types/export-download";

/**
 * An export's file, streamed from the API. One that has expired or is not ready yet goes back to the exports with a
 * notice that says so.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePermission(context, request, "Read", "Export");
  if (!/^[A-Za-z0-9-]{1,64}$/.test(params.id)) throw data("Not found", { status: 404 });
  try {
    const upstream = await api(context).stream(bulkDataApi.exportFile, { params: { id: params.id } });
    return passDownload(upstream);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const message =
      error.body.code === bulkDataTexts.notReady
        ? "bulk.exports.notReady"
        : error.body.code === bulkDataTexts.exportFailed
          ? "bulk.messages.exportFailed"
          : "bulk.exports.expired";
    flash(context, { status: "error", message, duration: 4000 });
    throw redirect("/exports");
  }
}
