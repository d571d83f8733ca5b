import { data, type RouterContextProvider } from "react-router";
import type { RecordDto, RecordPage, TransactionDto } from "../../../server/contract/records.ts";
import { hasPermission, requirePermission } from "../../middleware/auth.server.ts";
import { api } from "../../utils/api.server.ts";
import { apiPath, isUuid } from "../../utils/api-path.ts";
import { entityInfo, entityStatuses } from "./metadata.server.ts";
import type { RecordScreen } from "./screens.ts";

export const detailTabs = ["360-overview", "related", "history"] as const;

/** Records on the other side of a relationship, each with its link (id and role). */
export interface LinkedPage {
  content: { link: { uuid: string; role: string }; record: RecordDto }[];
  totalElements: number;
  page: number;
  size: number;
}

interface HistoryPage {
  content: TransactionDto[];
  totalElements: number;
  page: number;
  size: number;
}

/** How many linked records the overview's card shows; the tab has them all. */
const OVERVIEW_LINKED = 10;
const RELATED_PAGE_SIZE = 25;

export async function loadRecordDetail(
  request: Request,
  context: Readonly<RouterContextProvider>,
  screen: RecordScreen,
  params: { id?: string; tab?: string },
) {
  const user = requirePermission(context, request, "Read", screen.resource);
  const client = api(context);
  const tab = params.tab ?? "360-overview";
  if (tab !== "360-overview" && tab !== "history" && tab !== screen.related.tab) {
    throw data("Not found", { status: 404 });
  }
  if (!isUuid(params.id)) throw data("Not found", { status: 404 });
  const url = new URL(request.url);
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const panel = url.searchParams.get("panel");
  const relatedResource = screen.related.screen === "companies" ? "Company" : "Contact";
  const canReadRelated = hasPermission(user, "Read", relatedResource);
  const canSeeAssignments = hasPermission(user, "Read", "Entity_Assignment");
  const linkedPath = (size: number, from: number) =>
    apiPath`/api/data/from/${screen.schema}/${screen.related.table}/of/${screen.table}/${params.id as string}?page=${from}&size=${size}`;

  // A missing or foreign record answers 404 from the API, which the page answers too (api.server.ts).
  const record = await client.get<RecordDto>(apiPath`/api/${screen.schema}/${screen.table}/${params.id}`);
  const [info, statuses, related, history, groups, users] = await Promise.all([
    entityInfo(client, screen.schema, screen.table),
    entityStatuses(client, screen.schema, screen.table),
    tab === screen.related.tab
      ? client.get<LinkedPage>(linkedPath(RELATED_PAGE_SIZE, page - 1))
      : tab === "360-overview" && canReadRelated
        ? client.get<LinkedPage>(linkedPath(OVERVIEW_LINKED, 0))
        : null,
    tab === "history"
      ? client.get<HistoryPage>(
          apiPath`/api/data_feed/${screen.schema}/${screen.table}?id==${record.uuid}&page=${page - 1}`,
        )
      : null,
    canSeeAssignments
      ? client.get<{ uuid: string; name: string }[]>(
          apiPath`/api/core/groups/${screen.schema}/${screen.table}/${record.uuid}`,
        )
      : null,
    canSeeAssignments
      ? client.get<{ uuid: string; firstName: string; lastName: string }[]>(
          apiPath`/api/iam/users/${screen.schema}/${screen.table}/${record.uuid}`,
        )
      : null,
  ]);
  const canLink = hasPermission(user, "Update", screen.resource) && hasPermission(user, "Update", relatedResource);
  // A new contact made from its company's tab: the contact's form, with the role it will have.
  const canCreateRelated =
    canLink && screen.related.screen === "contacts" && hasPermission(user, "Create", relatedResource);
  const needsRelatedInfo = related !== null || (panel === "new-related" && canCreateRelated);
  const [relatedInfo, relatedStatuses] = needsRelatedInfo
    ? await Promise.all([
        entityInfo(client, screen.schema, screen.related.table),
        panel === "new-related" ? entityStatuses(client, screen.schema, screen.related.table) : null,
      ])
    : [null, null];

  // Without JavaScript the link panel searches by reloading itself with q.
  const linkQuery = panel === "link" ? (url.searchParams.get("q")?.trim() ?? "") : "";
  const linkResults =
    linkQuery.length >= 3
      ? (
          await client.get<RecordPage>(apiPath`/api/${screen.schema}/${screen.related.table}?size=20&q=${linkQuery}`)
        ).content.map((found) => ({ uuid: found.uuid, name: found.rowName }))
      : null;
  const canAssign = hasPermission(user, "Create", "Entity_Assignment");
  const userQuery = url.searchParams.get("userQ")?.trim() ?? "";
  const [groupOptions, userResults] = await Promise.all([
    canAssign ? client.get<{ content: { uuid: string; name: string }[] }>("/api/core/groups?size=200") : null,
    canAssign && userQuery.length >= 3
      ? client.get<{ uuid: string; firstName: string; lastName: string }[]>(
          apiPath`/api/iam/users/employees/autocomplete?query=${userQuery}`,
        )
      : null,
  ]);
  return {
    screenPath: screen.path,
    tab,
    page,
    info,
    record,
    statuses,
    related: related && relatedInfo ? { page: related, info: relatedInfo } : null,
    newRelated:
      panel === "new-related" && relatedInfo && relatedStatuses
        ? { info: relatedInfo, statuses: relatedStatuses }
        : null,
    linkSearch: { q: linkQuery, results: linkResults },
    history,
    assignments: canSeeAssignments
      ? {
          groups: groups ?? [],
          users: users ?? [],
          canAssign,
          canRemove: hasPermission(user, "Delete", "Entity_Assignment"),
          groupOptions: groupOptions?.content ?? [],
          userSearch: {
            q: userQuery,
            results: userResults?.map((u) => ({ uuid: u.uuid, name: `${u.firstName} ${u.lastName}` })) ?? null,
          },
        }
      : null,
    canUpdate: hasPermission(user, "Update", screen.resource),
    canLink,
    canCreateRelated,
    canDelete: hasPermission(user, "Delete", screen.resource),
    canReadRelated,
  };
}

export type RecordDetailData = Awaited<ReturnType<typeof loadRecordDetail>>;
export type { RecordPage };
