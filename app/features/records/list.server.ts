import { data, type RouterContextProvider, redirect } from "react-router";
import type { RecordPage } from "../../../server/contract/records.ts";
import { readGoToPage } from "../../components/go-to-page.ts";
import { hasPermission, requirePermission } from "../../middleware/auth.server.ts";
import { api } from "../../utils/api.server.ts";
import { apiPath } from "../../utils/api-path.ts";
import { webEnv } from "../../utils/env.server.ts";
import { listQuery, readListParams } from "./list-params.ts";
import { entityInfo, entityStatuses } from "./metadata.server.ts";
import type { ListPage } from "./record-list.tsx";
import type { RecordScreen } from "./screens.ts";

export async function loadRecordList(request: Request, context: Readonly<RouterContextProvider>, screen: RecordScreen) {
  const user = requirePermission(context, request, "Read", screen.resource);
  const url = new URL(request.url);
  const params = readListParams(url);
  const client = api(context);

  // Both are kept for a while (metadata.server.ts), so the list rarely waits for them.
  const [info, statuses] = await Promise.all([
    entityInfo(client, screen.schema, screen.table),
    entityStatuses(client, screen.schema, screen.table),
  ]);
  // A sort or status the list does not have is a link gone stale or typed by hand: the list shows without it.
  const [sortKey, direction] = params.sort.split(",");
  if (!info.fields.some((f) => f.active && f.key === sortKey) || !["asc", "desc"].includes(direction)) params.sort = "";
  if (!statuses.some((status) => status.metaStatusId === params.statusId)) params.statusId = "";

  const query = new URLSearchParams({ page: String(params.page - 1), size: String(params.size) });
  if (params.sort) query.set("sort", params.sort);
  if (params.q.length >= 3) query.set("q", params.q);
  if (params.statusId) query.set("statusId", params.statusId);
  query.set("fields", screen.listColumns.join(","));
  if (screen.listsRelated) query.set("connections", "true");
  const page = await client.get<RecordPage>(`${apiPath`/api/${screen.schema}/${screen.table}`}?${query}`);
  // Past a total that is only a lower bound there is at least one more page.
  const lastPage = Math.max(1, Math.ceil(page.totalElements / params.size) + (page.totalExact ? 0 : 1));

  // The "Go to" dialog is a plain GET form: a valid page moves there, an invalid one shows the error.
  const goTo = readGoToPage(url, lastPage);
  if (goTo.page) throw redirect(`/${screen.path}${listQuery(params, { page: goTo.page })}`);
  if (params.page > lastPage && page.totalElements > 0) {
    throw redirect(`/${screen.path}${listQuery(params, { page: lastPage })}`);
  }

  // The loader's data goes into the page for hydration: only what the list shows, and every field for the add panel.
  const shown = new Set([...screen.listColumns, ...info.fields.filter((f) => f.partOfName).map((f) => f.key)]);
  const listPage: ListPage = {
    content: page.content.map(({ uuid, rowName, statusId, values, connections }) => ({
      uuid,
      rowName,
      statusId,
      values: Object.fromEntries(screen.listColumns.map((key) => [key, values[key]])),
      related: connections.map((connection) => ({ uuid: connection.uuidKey, name: connection.rowName })),
    })),
    totalElements: page.totalElements,
    totalExact: page.totalExact,
  };
  return data({
    screenPath: screen.path,
    info:
      url.searchParams.get("panel") === "add" ? info : { ...info, fields: info.fields.filter((f) => shown.has(f.key)) },
    page: listPage,
    statuses,
    params,
    lastPage,
    goTo: goTo.state,
    canCreate: hasPermission(user, "Create", screen.resource),
    maxUploadMb: webEnv().maxUploadMb,
  });
}
