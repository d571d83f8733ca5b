import { data, type RouterContextProvider, redirect } from "react-router";
import { recordsApi } from "../../../server/contract/records.api.ts";
import type { EntityInfo, MetaStatus } from "../../../server/contract/records.ts";
import { readGoToPage } from "../../components/go-to-page.ts";
import { hasPermission, requirePermission } from "../../middleware/auth.server.ts";
import { api } from "../../utils/api.server.ts";
import { today } from "../../utils/dates.ts";
import { webEnv } from "../../utils/env.server.ts";
import { type ListParams, listQuery, readListParams } from "./list-params.ts";
import { entityInfo, entityStatuses } from "./metadata.server.ts";
import type { RecordFeatures } from "./record-features.server.ts";
import type { ListPage } from "./record-list.tsx";
import { readsRelated } from "./related.server.ts";
import { listColumnKeys, named, type RecordScreen } from "./screens.ts";

export async function loadRecordList(
  request: Request,
  context: Readonly<RouterContextProvider>,
  screen: RecordScreen,
  features: Pick<RecordFeatures, "bulkRights">,
) {
  const user = requirePermission(context, request, "Read", screen.resource);
  const url = new URL(request.url);
  const params = readListParams(url);
  const client = api(context);

  // Both are kept for a while (metadata.server.ts), so the list rarely waits for them.
  const [info, statuses] = await Promise.all([
    entityInfo(client, screen.schema, screen.table),
    entityStatuses(client, screen.schema, screen.table),
  ]);
  const userToday = today(user.timeZone);
  const { query: apiQuery, filterError } = listApiQuery(screen, info, statuses, params, userToday);
  const dueField = info.fields.find((field) => field.active && field.settings.due);
  // The list marks overdue rows, which takes their due dates.
  const listed = listColumnKeys(screen, info.fields);
  const columns = dueField ? [...new Set([...listed, dueField.key])] : listed;
  // A contact's companies are shown to those who may read them and their links; the others get no column.
  const showsRelated = screen.listsRelated && readsRelated(screen, user);
  const page = await client.call(recordsApi.list, {
    params: { schema: screen.schema, entity: screen.table },
    query: {
      page: params.page - 1,
      size: params.size,
      ...Object.fromEntries(apiQuery),
      fields: columns.join(","),
      connections: showsRelated ? "true" : undefined,
    },
  });
  // Past a total that is only a lower bound there is at least one more page.
  const lastPage = Math.max(1, Math.ceil(page.totalElements / params.size) + (page.totalExact ? 0 : 1));

  // The "Go to" dialog is a plain GET form: a valid page moves there, an invalid one shows the error.
  const goTo = readGoToPage(url, lastPage);
  if (goTo.page) throw redirect(`/${screen.path}${listQuery(params, { page: goTo.page })}`);
  if (params.page > lastPage && page.totalElements > 0) {
    throw redirect(`/${screen.path}${listQuery(params, { page: lastPage })}`);
  }

  // The loader's data goes into the page for hydration: only what the list shows, and every field for the add panel.
  const shown = new Set([
    ...columns,
    ...(screen.listFilters ?? []),
    ...info.fields.filter((f) => f.partOfName).map((f) => f.key),
  ]);
  const listPage: ListPage = {
    content: page.content.map(({ uuid, rowName, statusId, values, connections }) => ({
      uuid,
      rowName,
      statusId,
      values: Object.fromEntries(columns.map((key) => [key, values[key]])),
      related: connections.map((connection) => ({ uuid: connection.uuidKey, name: connection.rowName })),
    })),
    totalElements: page.totalElements,
    totalExact: page.totalExact,
  };
  return data({
    screen: named(screen, info),
    info:
      url.searchParams.get("panel") === "add" ? info : { ...info, fields: info.fields.filter((f) => shown.has(f.key)) },
    page: listPage,
    statuses,
    params,
    lastPage,
    goTo: goTo.state,
    showsRelated,
    canCreate: hasPermission(user, "Create", screen.resource),
    ...features.bulkRights(screen, user),
    filterError,
    me: user.uuid,
    today: userToday,
    maxUploadMb: webEnv().maxUploadMb,
  });
}

/**
 * The list's search, filters and sort as the API takes them (a list's page, and an export of the records as listed).
 * What the list does not have (a stale sort, status or filter) is dropped from `params`, so the page shows without it.
 */
export function listApiQuery(
  screen: RecordScreen,
  info: EntityInfo,
  statuses: MetaStatus[],
  params: ListParams,
  userToday: string,
): { query: URLSearchParams; filterError: string | null } {
  // A sort or status the list does not have is a link gone stale or typed by hand: the list shows without it.
  const [sortKey, direction] = params.sort.split(",");
  const sortable =
    info.fields.some((f) => f.active && f.key === sortKey) || `${sortKey},${direction}` === screen.defaultSort;
  if (!sortable || !["asc", "desc"].includes(direction)) params.sort = "";
  if (!statuses.some((status) => status.metaStatusId === params.statusId)) params.statusId = "";
  const { apiFilters, filterError } = checkedFilters(screen, info, params);
  const dueField = info.fields.find((field) => field.active && field.settings.due);
  if (!dueField) params.overdue = false;

  const query = new URLSearchParams();
  const sort = params.sort || screen.defaultSort;
  if (sort) query.set("sort", sort);
  if (params.q.length >= 3) query.set("q", params.q);
  if (params.statusId) query.set("statusId", params.statusId);
  for (const [key, value] of Object.entries(apiFilters)) query.set(`filter.${key}`, value);
  if (params.overdue) query.set("overdue", userToday);
  return { query, filterError };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The list's field filters that the screen offers and the values allow, as the API takes them; anything else in the
 * URL (a stale link, a hand-typed value) is dropped from the params, so the page shows the list without it.
 */
function checkedFilters(screen: RecordScreen, info: EntityInfo, params: ListParams) {
  const apiFilters: Record<string, string> = {};
  const kept: Record<string, string> = {};
  let filterError: string | null = null;
  for (const key of screen.listFilters ?? []) {
    const field = info.fields.find((f) => f.active && f.key === key);
    if (!field) continue;
    if (field.type === "Date") {
      const [from, to] = [params.filters[`${key}.from`], params.filters[`${key}.to`]].map((end) =>
        end && ISO_DATE.test(end) ? end : undefined,
      );
      if (from) kept[`${key}.from`] = from;
      if (to) kept[`${key}.to`] = to;
      if (from && to && from > to) filterError = "list.fromAfterTo";
      else if (from || to) apiFilters[key] = `${from ?? ""}..${to ?? ""}`;
    } else {
      const value = params.filters[key];
      if (value && field.settings.options?.some((option) => option.value === value)) {
        kept[key] = value;
        apiFilters[key] = value;
      }
    }
  }
  params.filters = kept;
  return { apiFilters, filterError };
}
