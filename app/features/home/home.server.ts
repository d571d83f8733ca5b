import type { RouterContextProvider } from "react-router";
import { notificationsApi } from "../../../server/contract/notifications.api.ts";
import { recentApi } from "../../../server/contract/recent.api.ts";
import { recordsApi } from "../../../server/contract/records.api.ts";
import { hasPermission, requireUser } from "../../middleware/auth.server.ts";
import { getLocale } from "../../middleware/i18next.server.ts";
import { api } from "../../utils/api.server.ts";
import { formatDate, today } from "../../utils/dates.ts";
import { type DashboardScreenData, loadDashboard } from "../dashboards/dashboard.server.ts";
import { NOTIFICATIONS_PAGE_SIZE } from "../notifications/urls.ts";

/** How many of each the home page lists; each section links to the whole list. */
const WORK_ITEMS_SHOWN = 5;
const RECENT_SHOWN = 8;
const NOTIFICATIONS_SHOWN = 5;

export interface HomeWorkItem {
  uuid: string;
  title: string;
  reference: number | null;
  dueDate: string | null;
  overdue: boolean;
}

export interface HomeWorkItems {
  items: HomeWorkItem[];
  total: number;
  /** The list page with the user's items. */
  listUrl: string;
}

/**
 * The user's open inquiries or to-dos assigned to them, the earliest due first (so the overdue ones lead, and those
 * without a date come last); null when the user may not read them.
 */
async function assignedItems(
  client: ReturnType<typeof api>,
  table: "inquiry" | "todo",
  path: string,
  userId: string,
  userToday: string,
): Promise<HomeWorkItems | null> {
  const page = await client.call(recordsApi.list, {
    params: { schema: "crm", entity: table },
    query: {
      open: "true",
      "filter.assigned_user_id": userId,
      sort: "due_date,asc",
      size: WORK_ITEMS_SHOWN,
      fields: "title,reference_number,due_date",
    },
  });
  return {
    items: page.content.map((record) => {
      const due = typeof record.values.due_date === "string" ? record.values.due_date : null;
      const reference = record.values.reference_number;
      return {
        uuid: record.uuid,
        title: record.rowName,
        reference: typeof reference === "number" ? reference : null,
        dueDate: due,
        overdue: due !== null && due < userToday,
      };
    }),
    total: page.totalElements,
    listUrl: `/${path}?${new URLSearchParams({ "filter.assigned_user_id": userId })}`,
  };
}

/**
 * The user's home dashboard, drawn first on the home page; a dashboard gone since the user's information was read
 * (removed, or no longer for their groups) is left out rather than failing the page.
 */
async function homeDashboard(
  context: Readonly<RouterContextProvider>,
  id: string,
  url: URL,
): Promise<DashboardScreenData | null> {
  try {
    return await loadDashboard(context, id, url);
  } catch (error) {
    if ((error as { init?: { status?: number } })?.init?.status === 404) return null;
    throw error;
  }
}

/**
 * The home page (spec §2 "/ default loading page"): the user's home dashboard when they have one (their own choice or
 * the workspace's), then their own work: open to-dos and inquiries assigned to them, the records they changed last,
 * their unread notifications and their shortcuts. Each part is read in parallel.
 */
export async function loadHome(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requireUser(context, request);
  const client = api(context);
  const language = getLocale(context);
  const userToday = today(user.timeZone);
  const may = (resource: string) => hasPermission(user, "Read", resource);
  const [dashboard, todos, inquiries, recent, notifications] = await Promise.all([
    user.homeDashboard ? homeDashboard(context, user.homeDashboard.uuidKey, new URL(request.url)) : null,
    may("Todo") ? assignedItems(client, "todo", "todo", user.uuid, userToday) : null,
    may("Inquiry") ? assignedItems(client, "inquiry", "inquiries", user.uuid, userToday) : null,
    client.call(recentApi.records, { query: { size: RECENT_SHOWN } }),
    // The newest page holds the newest unread ones; the bell's panel has them all.
    client.call(notificationsApi.recent, { query: { page: 0, size: NOTIFICATIONS_PAGE_SIZE } }),
  ]);
  return {
    dashboard,
    name: `${user.firstName} ${user.lastName}`,
    // The date is fixed by the server so the first paint and the hydrated page agree.
    today: formatDate(userToday, { language, timeZone: user.timeZone }),
    apiDocsUrl: `${process.env.PUBLIC_API_URL ?? process.env.API_URL ?? "http://localhost:4000"}/api/docs`,
    todos,
    inquiries,
    recent,
    unreadNotifications: notifications.content
      .filter((notification) => notification.readAt === null)
      .slice(0, NOTIFICATIONS_SHOWN),
    shortcuts: user.shortcuts
      .filter((shortcut) => shortcut.visible)
      .map(({ uuid, name, url }) => ({ uuid, name, url })),
  };
}

export type HomeData = Awaited<ReturnType<typeof loadHome>>;
