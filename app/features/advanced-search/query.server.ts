import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { advancedSearchApi } from "../../../server/contract/advanced-search.api.ts";
import type { QueryResultPage } from "../../../server/contract/advanced-search.ts";
import { readGoToPage } from "../../components/go-to-page.ts";
import { hasPermission, requireUser } from "../../middleware/auth.server.ts";
import { getLocale } from "../../middleware/i18next.server.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { isUuid } from "../../utils/api-path.ts";
import { flash } from "../../utils/flash.server.ts";
import { readForm } from "../../utils/form-action.server.ts";
import { readPage } from "../bulk-data/urls.ts";
import { queryErrorText } from "./builder.server.ts";
import { userRights } from "./queries.server.ts";
import { queryExportFormSchema } from "./query-export-form.ts";
import { isQueryType, QUERY_PAGE_SIZE, type QueryType, queryUrl } from "./urls.ts";

function savedOf(params: { queryType?: string; id?: string }): { type: QueryType; id: string } {
  if (!isQueryType(params.queryType) || !isUuid(params.id)) throw data("Not found", { status: 404 });
  return { type: params.queryType, id: params.id };
}

/** A saved query the user may read, what they may do with it, and the catalog that names its parts. */
async function readQuery(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { queryType?: string; id?: string },
) {
  const user = requireUser(context, request);
  const rights = userRights(user);
  const { type, id } = savedOf(params);
  if (!rights[type].Read) throw data("Forbidden", { status: 403 });
  const client = api(context);
  const query = await client.call(advancedSearchApi.getSavedQuery, { params: { queryType: type, id } });
  return {
    user,
    client,
    query,
    may: {
      edit: rights[type].Update && query.canEdit,
      delete: rights[type].Delete && query.canDelete,
      copy: rights.global.Create || rights.personal.Create,
      export: hasPermission(user, "Create", "Export"),
    },
  };
}

/** The view page: the query in words. */
export async function loadQueryView(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { queryType?: string; id?: string },
) {
  const { client, query, may } = await readQuery(request, context, params);
  const catalog = await client.call(advancedSearchApi.catalog);
  return { query, may, catalog };
}

/** The run page: a page of the query's rows, and the export panel the URL opens. */
export async function loadQueryRun(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { queryType?: string; id?: string },
) {
  const { client, query, may } = await readQuery(request, context, params);
  const url = new URL(request.url);
  const page = readPage(url);
  let result: QueryResultPage | null = null;
  let failed: string | null = null;
  try {
    result = await client.call(advancedSearchApi.runSavedQuery, {
      params: { queryType: query.queryType, id: query.id },
      query: { page: page - 1, size: QUERY_PAGE_SIZE },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A run that fails (too slow) says so in the warning; GETs show no other texts (spec §8).
    failed = queryErrorText("POST", error);
  }
  const total = result?.totalElements ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / QUERY_PAGE_SIZE));
  const goTo = readGoToPage(url, lastPage);
  const here = queryUrl(query.queryType, query.id, "run");
  if (goTo.page) throw redirect(queryUrl(query.queryType, query.id, "run", { page: goTo.page }));
  if (page > lastPage && total > 0) throw redirect(queryUrl(query.queryType, query.id, "run", { page: lastPage }));
  return {
    query,
    may,
    result,
    failed,
    page,
    lastPage,
    goTo: goTo.state,
    here,
    exporting: url.searchParams.get("panel") === "export" && may.export,
  };
}

export type QueryRunData = Awaited<ReturnType<typeof loadQueryRun>>;
export type QueryViewData = Awaited<ReturnType<typeof loadQueryView>>;

export interface QueryExportResult {
  result?: SubmissionResult<string[]>;
  dialog?: string | null;
}

/** The export panel's Export: the API writes the whole result as a file; the user goes to the exports. */
export async function queryExportAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { queryType?: string; id?: string },
) {
  const { client, query, may } = await readQuery(request, context, params);
  if (!may.export) throw data("Forbidden", { status: 403 });
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: queryExportFormSchema });
  if (submission.status !== "success") {
    return data<QueryExportResult>({ result: submission.reply() }, { status: 400 });
  }
  try {
    await client.call(advancedSearchApi.exportSavedQuery, {
      params: { queryType: query.queryType, id: query.id },
      query: { format: submission.value.format, lang: getLocale(context) },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data<QueryExportResult>({ result: submission.reply(), dialog: queryErrorText("PUT", error) });
  }
  flash(context, { status: "success", message: "bulk.exports.started", duration: 3000 });
  return redirect("/exports");
}
