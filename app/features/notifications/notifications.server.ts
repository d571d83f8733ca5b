import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { notificationsApi } from "../../../server/contract/notifications.api.ts";
import type { NotificationDto, NotificationPage } from "../../../server/contract/notifications.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { isUuid } from "../../utils/api-path.ts";
import { webEnv } from "../../utils/env.server.ts";
import { flash } from "../../utils/flash.server.ts";
import { readForm } from "../../utils/form-action.server.ts";
import { safeRedirectPath } from "../../utils/redirect.ts";
import { screenOfEntity } from "../records/screens.ts";
import { notificationActionSchema } from "./notification-form.ts";
import { NOTIFICATIONS_PAGE_SIZE, notificationsPageOf, PANEL_PARAM } from "./urls.ts";

/** The count each request asked for, by its router context: pages ask for it once, however many parts show it. */
const unreadByRequest = new WeakMap<object, Promise<number | null>>();

/**
 * The user's unread count, for the bell on every page: one call per request, never kept longer, so it never drifts.
 * A count the API cannot give now leaves the bell without one rather than failing the page; a session that has
 * ended still goes to sign-in.
 */
export function unreadNotifications(context: Readonly<RouterContextProvider>): Promise<number | null> {
  let count = unreadByRequest.get(context);
  if (!count) {
    count = api(context)
      .call(notificationsApi.unread)
      .then(
        (answer) => answer.count,
        (error: unknown) => {
          if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
          return null;
        },
      );
    unreadByRequest.set(context, count);
  }
  return count;
}

/** The panel's page of the user's newest notifications, when the URL opens it (`?notifications=1`). */
export async function notificationsPanel(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<NotificationPage | null> {
  if (!url.searchParams.has(PANEL_PARAM)) return null;
  const page = notificationsPageOf(url.searchParams);
  return api(context).call(notificationsApi.recent, { query: { page, size: NOTIFICATIONS_PAGE_SIZE } });
}

/**
 * Mark one notification read, or all of them: plain forms from the panel, which go back to the page they were posted
 * from (the panel open), with JavaScript too (the fetcher follows the redirect, and every loader reads anew).
 */
export async function notificationsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: notificationActionSchema });
  if (submission.status !== "success") throw data("Bad request", { status: 400 });
  const client = api(context);
  try {
    if (submission.value.intent === "read-all") await client.call(notificationsApi.readAll);
    else await client.call(notificationsApi.read, { params: { id: submission.value.id } });
  } catch (error) {
    // Not (or no longer) one of the user's: there is nothing to mark.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  return redirect(safeRedirectPath(submission.value.redirectTo, webEnv().appUrl, `/?${PANEL_PARAM}=1`));
}

/** Where a notification's record is shown, if the user may open it and the app has a page for its entity. */
export function recordHref(notification: Pick<NotificationDto, "record">): string | null {
  const { record } = notification;
  if (record.readable && record.schemaKey === "core") {
    if (record.tableKey === "import_job") return `/imports/${record.uuidKey}`;
    if (record.tableKey === "export_job") return "/exports";
  }
  const screen = record.readable ? screenOfEntity(record.schemaKey, record.tableKey) : undefined;
  return screen ? `/${screen.path}/${record.uuidKey}` : null;
}

/**
 * Opening a notification: it is marked read, and the user goes to its record; a record they can no longer open
 * leaves them on the list, with a notice.
 */
export async function openNotification(context: Readonly<RouterContextProvider>, id: string | undefined) {
  if (!isUuid(id)) throw data("Not found", { status: 404 });
  let notification: NotificationDto;
  try {
    notification = await api(context).call(notificationsApi.read, { params: { id } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data("Not found", { status: 404 });
    throw error;
  }
  const href = recordHref(notification);
  if (href) return redirect(href);
  flash(context, { status: "info", message: "notifications.gone", duration: 4000 });
  return redirect(`/?${PANEL_PARAM}=1`);
}
