import { data, type RouterContextProvider, redirect } from "react-router";
import { bulkDataApi } from "../../../server/contract/bulk-data.api.ts";
import { readGoToPage } from "../../components/go-to-page.ts";
import { hasPermission, requirePermission } from "../../middleware/auth.server.ts";
import { getInstance } from "../../middleware/i18next.server.ts";
import { api } from "../../utils/api.server.ts";
import { bulkEntities, entityOptions, importableEntities } from "./entities.ts";
import { BULK_PAGE_SIZE, importListState, readImportListParams, withQuery } from "./urls.ts";

/**
 * The imports list: the user's own (an administrator with Import Update sees everyone's), filtered by entity and
 * status, a page at a time; the imports running now come first, on the first page.
 */
export async function loadImports(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requirePermission(context, request, "Read", "Import");
  const url = new URL(request.url);
  const params = readImportListParams(url);
  const client = api(context);
  const query = (page: number, size: number) => ({
    page,
    size,
    schemaAndTableName: params.entity || undefined,
    status: params.status || undefined,
  });
  const showActive = params.page === 1 && (params.status === "" || params.status === "importing");
  const [page, active] = await Promise.all([
    client.call(bulkDataApi.recentImports, { query: query(params.page - 1, BULK_PAGE_SIZE) }),
    showActive ? client.call(bulkDataApi.activeImports, { query: query(0, 100) }) : null,
  ]);
  const lastPage = Math.max(1, Math.ceil(page.totalElements / BULK_PAGE_SIZE));
  const goTo = readGoToPage(url, lastPage);
  if (goTo.page) throw redirect(withQuery("/imports", importListState({ ...params, page: goTo.page })));
  if (params.page > lastPage && page.totalElements > 0) {
    throw redirect(withQuery("/imports", importListState({ ...params, page: lastPage })));
  }
  const running = (active?.content ?? []).filter((item) => item.status === "importing");
  return data({
    title: getInstance(context).t("bulk.imports.title"),
    page,
    active: running,
    params,
    lastPage,
    goTo: goTo.state,
    entities: entityOptions(bulkEntities(user)),
    canImport: importableEntities(user).length > 0,
    seesEveryone: hasPermission(user, "Update", "Import"),
  });
}

export type ImportsData = Awaited<ReturnType<typeof loadImports>>["data"];
