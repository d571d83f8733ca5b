import { data, type RouterContextProvider, redirect } from "react-router";
import type { EntityInfo, MetaStatus, RecordPage } from "../../../server/contract/records.ts";
import { hasPermission, requirePermission } from "../../middleware/auth.server.ts";
import { api } from "../../utils/api.server.ts";
import { PAGE_SIZES, type RecordScreen } from "./screens.ts";

export interface ListParams {
  page: number;
  size: number;
  sort: string;
  q: string;
  statusId: string;
}

export function readListParams(url: URL): ListParams {
  const size = Number(url.searchParams.get("size"));
  const page = Number(url.searchParams.get("page"));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
    sort: url.searchParams.get("sort") ?? "",
    q: url.searchParams.get("q")?.trim() ?? "",
    statusId: url.searchParams.get("statusId") ?? "",
  };
}

/** The list's search parameters without the page and dialog ones, for links and hidden inputs. */
export function listSearch(params: ListParams, overrides: Partial<ListParams> = {}): URLSearchParams {
  const merged = { ...params, ...overrides };
  const search = new URLSearchParams();
  if (merged.q) search.set("q", merged.q);
  if (merged.statusId) search.set("statusId", merged.statusId);
  if (merged.sort) search.set("sort", merged.sort);
  if (merged.size !== 25) search.set("size", String(merged.size));
  if (merged.page !== 1) search.set("page", String(merged.page));
  return search;
}

export async function loadRecordList(request: Request, context: Readonly<RouterContextProvider>, screen: RecordScreen) {
  const user = requirePermission(context, request, "Read", screen.resource);
  const url = new URL(request.url);
  const params = readListParams(url);
  const client = api(context);

  const query = new URLSearchParams({ page: String(params.page - 1), size: String(params.size) });
  if (params.sort) query.set("sort", params.sort);
  if (params.q.length >= 3) query.set("q", params.q);
  if (params.statusId) query.set("statusId", params.statusId);
  const base = `/api/${screen.schema}/${screen.table}`;
  const [info, page, statuses] = await Promise.all([
    client.get<EntityInfo>(`${base}/info`),
    client.get<RecordPage>(`${base}?${query}`),
    client.get<MetaStatus[]>(`/api/metastatus/${screen.schema}/${screen.table}`),
  ]);
  const lastPage = Math.max(1, Math.ceil(page.totalElements / params.size));

  // The "Go to" dialog is a plain GET form: a valid page moves there, an invalid one shows the error.
  let goTo: { open: boolean; value: string; error: boolean } = {
    open: url.searchParams.has("goto"),
    value: "",
    error: false,
  };
  const asked = url.searchParams.get("gotoPage");
  if (asked !== null) {
    const number = Number(asked);
    if (Number.isInteger(number) && number >= 1 && number <= lastPage) {
      throw redirect(`/${screen.path}?${listSearch(params, { page: number })}`);
    }
    goTo = { open: true, value: asked, error: true };
  }
  if (params.page > lastPage && page.totalElements > 0) {
    throw redirect(`/${screen.path}?${listSearch(params, { page: lastPage })}`);
  }

  return data({
    screenPath: screen.path,
    info,
    page,
    statuses,
    params,
    lastPage,
    goTo,
    canCreate: hasPermission(user, "Create", screen.resource),
  });
}
