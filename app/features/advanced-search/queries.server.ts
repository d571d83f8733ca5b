import { data, type RouterContextProvider, redirect } from "react-router";
import { advancedSearchApi } from "../../../server/contract/advanced-search.api.ts";
import type { SavedQueryDto } from "../../../server/contract/advanced-search.ts";
import { readGoToPage } from "../../components/go-to-page.ts";
import { hasPermission, requireUser } from "../../middleware/auth.server.ts";
import { getInstance } from "../../middleware/i18next.server.ts";
import { api } from "../../utils/api.server.ts";
import { isUuid } from "../../utils/api-path.ts";
import { deleteThenRedirect, readForm } from "../../utils/form-action.server.ts";
import type { ActionResult } from "../../utils/form-action.ts";
import { readPage } from "../bulk-data/urls.ts";
import { QUERY_PAGE_SIZE, type QueryType, queriesUrl, queryRights } from "./urls.ts";

/** Search terms need at least 3 characters, trimmed (spec §5); shorter ones are not sent. */
const SEARCH_MIN = 3;

export function userRights(user: Parameters<typeof hasPermission>[0]) {
  return queryRights((operation, resource) => hasPermission(user, operation, resource));
}

/**
 * The saved queries of one kind (`?type=personal`; global otherwise, or personal for a user who may read only those),
 * searched and a page at a time, and the delete question the URL opens.
 */
export async function loadQueries(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requireUser(context, request);
  const rights = userRights(user);
  if (!rights.global.Read && !rights.personal.Read) throw data("Forbidden", { status: 403 });
  const url = new URL(request.url);
  const asked = url.searchParams.get("type") === "personal" ? "personal" : "global";
  const type: QueryType = rights[asked].Read ? asked : asked === "global" ? "personal" : "global";
  const q = (url.searchParams.get("q") ?? "").trim();
  const page = readPage(url);
  const client = api(context);
  const list = await client.call(advancedSearchApi.listSavedQueries, {
    params: { queryType: type },
    query: { page: page - 1, size: QUERY_PAGE_SIZE, q: q.length >= SEARCH_MIN ? q : undefined },
  });
  const lastPage = Math.max(1, Math.ceil(list.totalElements / QUERY_PAGE_SIZE));
  const goTo = readGoToPage(url, lastPage);
  if (goTo.page) throw redirect(queriesUrl({ type, q, page: goTo.page }));
  if (page > lastPage && list.totalElements > 0) throw redirect(queriesUrl({ type, q, page: lastPage }));

  let confirmDelete: SavedQueryDto | null = null;
  const id = url.searchParams.get("id");
  if (url.searchParams.get("confirm") === "delete" && isUuid(id) && rights[type].Delete) {
    confirmDelete =
      list.content.find((query) => query.id === id) ??
      (await client.call(advancedSearchApi.getSavedQuery, { params: { queryType: type, id } }));
  }
  return data({
    title: getInstance(context).t("advancedSearch.title"),
    type,
    q,
    page,
    lastPage,
    list,
    goTo: goTo.state,
    rights,
    confirmDelete,
  });
}

export type QueriesData = Awaited<ReturnType<typeof loadQueries>>["data"];

export type QueriesActionResult = ActionResult<"delete">;

/** A saved query deleted after the question; the API checks the right again. */
export async function queriesAction(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requireUser(context, request);
  const url = new URL(request.url);
  const type: QueryType = url.searchParams.get("type") === "personal" ? "personal" : "global";
  const id = url.searchParams.get("id");
  const formData = await readForm(request);
  if (formData.get("intent") !== "delete" || !isUuid(id)) throw data("Bad request", { status: 400 });
  if (!userRights(user)[type].Delete) throw data("Forbidden", { status: 403 });
  const client = api(context);
  return deleteThenRedirect(context, {
    remove: async () => {
      const query = await client.call(advancedSearchApi.getSavedQuery, { params: { queryType: type, id } });
      await client.call(advancedSearchApi.deleteSavedQuery, { params: { queryType: type, id } });
      return query.name;
    },
    toast: "advancedSearch.deletedToast",
    to: queriesUrl({ type, q: url.searchParams.get("q") ?? "" }),
  });
}
