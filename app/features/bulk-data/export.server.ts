import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { bulkDataApi } from "../../../server/contract/bulk-data.api.ts";
import { requireUser } from "../../middleware/auth.server.ts";
import { getLocale } from "../../middleware/i18next.server.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { errorDialogText } from "../../utils/api-errors.ts";
import { today } from "../../utils/dates.ts";
import { flash } from "../../utils/flash.server.ts";
import { readForm } from "../../utils/form-action.server.ts";
import { listApiQuery } from "../records/list.server.ts";
import { readListParams } from "../records/list-params.ts";
import { entityInfo, entityStatuses } from "../records/metadata.server.ts";
import { CUSTOM_SCHEMA, listColumnKeys, type RecordScreen } from "../records/screens.ts";
import { entityOfScreen, mayExport } from "./entities.ts";
import { exportFormSchema } from "./export-form.ts";

export interface ExportActionResult {
  form: "export";
  result?: SubmissionResult<string[]>;
  dialog?: string | null;
}

/**
 * The export panel's Export: the API writes the file in the background (PUT initiate_export) from the list's search,
 * filters and sort as the page's address has them, and the user goes to the exports, where it appears.
 */
export async function exportAction(request: Request, context: Readonly<RouterContextProvider>, screen: RecordScreen) {
  const user = requireUser(context, request);
  const entity = entityOfScreen(screen);
  if (!mayExport(user, entity)) throw data("Forbidden", { status: 403 });
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: exportFormSchema });
  if (submission.status !== "success") {
    return data<ExportActionResult>({ form: "export", result: submission.reply() }, { status: 400 });
  }
  const { scope, fields, format } = submission.value;
  const client = api(context);
  const [info, statuses] = await Promise.all([
    entityInfo(client, screen.schema, screen.table),
    entityStatuses(client, screen.schema, screen.table),
  ]);
  const params = readListParams(new URL(request.url));
  const { query: listed } = listApiQuery(screen, info, statuses, params, today(user.timeZone));
  // The file's headers and name in the page's language.
  const query: Record<string, string> = { scope, format, lang: getLocale(context) };
  for (const [name, value] of listed) {
    // Every record is exported in the list's order; as listed, also only those its search and filters find.
    if (scope === "listed" || name === "sort") query[name] = value;
  }
  if (fields === "visible") {
    const names = info.fields.filter((field) => field.partOfName).map((field) => field.key);
    query.fields = [...new Set([...names, ...listColumnKeys(screen, info.fields)])].join(",");
  }
  // A custom entity's path is the spec's /api/{schema}/table/{entity}.
  const route = entity.schema === CUSTOM_SCHEMA ? bulkDataApi.initiateTableExport : bulkDataApi.initiateExport;
  try {
    await client.call(route, { params: { schema: entity.schema, entity: entity.table }, query });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data<ExportActionResult>({
      form: "export",
      result: submission.reply(),
      dialog: errorDialogText("PUT", error.status, error.body),
    });
  }
  flash(context, { status: "success", message: "bulk.exports.started", duration: 3000 });
  return redirect("/exports");
}
