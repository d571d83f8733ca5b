import { data, type RouterContextProvider, redirect } from "react-router";
import { bulkDataApi } from "../../../server/contract/bulk-data.api.ts";
import { readGoToPage } from "../../components/go-to-page.ts";
import { requirePermission } from "../../middleware/auth.server.ts";
import { getInstance } from "../../middleware/i18next.server.ts";
import { api } from "../../utils/api.server.ts";
import { bulkEntities, entityOptions } from "./entities.ts";
import { BULK_PAGE_SIZE, readPage, withQuery } from "./urls.ts";

/** The user's recent exports, newest first, a page at a time. */
export async function loadExports(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requirePermission(context, request, "Read", "Export");
  const url = new URL(request.url);
  const page = readPage(url);
  const list = await api(context).call(bulkDataApi.recentExports, {
    query: { page: page - 1, size: BULK_PAGE_SIZE },
  });
  const lastPage = Math.max(1, Math.ceil(list.totalElements / BULK_PAGE_SIZE));
  const goTo = readGoToPage(url, lastPage);
  if (goTo.page) throw redirect(withQuery("/exports", { page: goTo.page }));
  if (page > lastPage && list.totalElements > 0) throw redirect(withQuery("/exports", { page: lastPage }));
  return data({
    title: getInstance(context).t("bulk.exports.title"),
    list,
    page,
    lastPage,
    goTo: goTo.state,
    entities: entityOptions(bulkEntities(user)),
  });
}

export type ExportsData = Awaited<ReturnType<typeof loadExports>>["data"];
