import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider, redirect } from "react-router";
import { dashboardsApi } from "../../../server/contract/dashboards.api.ts";
import type { DashboardDto, DashboardView } from "../../../server/contract/dashboards.ts";
import { type CurrentUser, hasPermission } from "../../middleware/auth.server.ts";
import { getLocale } from "../../middleware/i18next.server.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { errorDialogText, fieldErrors, OOPS, serverMessage } from "../../utils/api-errors.ts";
import { isUuid } from "../../utils/api-path.ts";
import { flash } from "../../utils/flash.server.ts";
import type { ActionResult, PanelState } from "../../utils/form-action.ts";
import { loadGroupOptions } from "../../utils/group-options.server.ts";

import { SETTINGS_RESOURCE } from "../settings/urls.ts";
import { parseDashboardForm, parsePlacementForm } from "./dashboard-form.ts";
import { deleteOnTab, readTabPost } from "./settings-actions.server.ts";
import { dashboardSettingsUrl, layoutUrl, placementRowId, WIDGET_RESOURCE } from "./settings-urls.ts";

/** Which panel or dialog the URL opens over the list; only for users who may change the settings. */
export type DashboardPanelState = PanelState<"dashboard", DashboardDto>;

/** A dashboard's layout page: its widgets as the viewer sees them, and the widgets that may be added. */
export interface LayoutState {
  dashboard: DashboardDto;
  placed: DashboardView["widgets"];
  /** Every widget, for the add form; null when the user may not read widgets. */
  widgets: { uuid: string; name: string; type: string }[] | null;
}

/** What the dashboards tab's action answers when it does not redirect. */
export type DashboardActionResult = ActionResult<"dashboard" | "layout" | "delete">;

function readPanel(url: URL, dashboards: DashboardDto[]): DashboardPanelState | null {
  const params = url.searchParams;
  const named = dashboards.find((dashboard) => dashboard.uuid === params.get("id"));
  if (params.get("confirm") === "delete") return named ? { mode: "delete", dashboard: named } : null;
  if (params.get("panel") === "new") return { mode: "new" };
  if (params.get("panel") === "edit" && named) return { mode: "edit", dashboard: named };
  return null;
}

/** Every widget, for the layout's add form; null without the right to read them. */
async function loadWidgetChoices(client: ReturnType<typeof api>, user: CurrentUser) {
  if (!hasPermission(user, "Read", WIDGET_RESOURCE)) return null;
  const page = await client.call(dashboardsApi.listWidgets, { query: { page: 999999 } });
  return page.content.map(({ uuid, name, widgetConfiguration }) => ({ uuid, name, type: widgetConfiguration.type }));
}

/** The dashboards tab: the list, the panel or dialog the URL opens, or a dashboard's layout page. */
export async function loadDashboardsTab(request: Request, context: Readonly<RouterContextProvider>, user: CurrentUser) {
  const client = api(context);
  const url = new URL(request.url);
  const dashboards = await client.call(dashboardsApi.listDashboards);
  const canUpdate = hasPermission(user, "Update", SETTINGS_RESOURCE);
  const layoutId = url.searchParams.get("layout");
  let layout: LayoutState | null = null;
  if (layoutId !== null) {
    const dashboard = dashboards.find((d) => d.uuid === layoutId);
    if (!dashboard) throw data("Not found", { status: 404 });
    const viewed: Promise<DashboardView> = client.call(dashboardsApi.view, {
      params: { id: dashboard.uuid },
      query: { lang: getLocale(context) },
    });
    const [view, widgets] = await Promise.all([viewed, canUpdate ? loadWidgetChoices(client, user) : null]);
    layout = { dashboard, placed: [...view.widgets].sort((a, b) => a.position - b.position), widgets };
  }
  const panel = canUpdate && !layout ? readPanel(url, dashboards) : null;
  const formOpen = panel?.mode === "new" || panel?.mode === "edit";
  return {
    tab: "dashboards" as const,
    dashboards,
    canUpdate,
    panel,
    layout,
    groups: formOpen ? await loadGroupOptions(client) : null,
  };
}

/** The API refused a save: its field errors go on the form's fields, anything else above them. */
function refusedSave(
  error: unknown,
  method: "POST" | "PUT",
  submission: {
    reply(options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }): SubmissionResult<string[]>;
  },
) {
  if (!(error instanceof ApiError)) throw error;
  const byField = Object.fromEntries(
    Object.entries(fieldErrors(error.status, error.body)).map(([field, message]) => [
      field.replace(/\.\d+$/, ""),
      [message],
    ]),
  );
  const text =
    Object.keys(byField).length > 0
      ? null
      : (errorDialogText(method, error.status, error.body) ?? (serverMessage(error.body) || OOPS));
  return data<DashboardActionResult>(
    { form: "dashboard", result: submission.reply({ fieldErrors: byField, formErrors: text ? [text] : [] }) },
    { status: error.status === 400 ? 400 : 200 },
  );
}

/** A change of the layout page: place, resize, move or remove one widget. */
async function layoutAction(
  context: Readonly<RouterContextProvider>,
  dashboardId: string,
  formData: FormData,
): Promise<Response | ReturnType<typeof data<DashboardActionResult>>> {
  const client = api(context);
  const intent = String(formData.get("intent") ?? "");
  const widgetId = String(formData.get("widget") ?? "");
  if (!isUuid(dashboardId) || !isUuid(widgetId)) throw data("Bad request", { status: 400 });
  const placement = { id: dashboardId, widgetId };
  try {
    if (intent === "remove") {
      await client.call(dashboardsApi.removePlacement, { params: placement });
      return redirect(layoutUrl(dashboardId));
    }
    if (intent === "up" || intent === "down") {
      const view: DashboardView = await client.call(dashboardsApi.view, { params: { id: dashboardId } });
      const ordered = [...view.widgets].sort((a, b) => a.position - b.position);
      const index = ordered.findIndex((placed) => placed.widget.uuid === widgetId);
      const current = ordered[index];
      if (!current) throw data("Not found", { status: 404 });
      const position = Math.max(0, Math.min(ordered.length - 1, index + (intent === "up" ? -1 : 1)));
      await client.call(dashboardsApi.movePlacement, {
        params: placement,
        body: { position, width: current.width, height: current.height },
      });
      return redirect(layoutUrl(dashboardId, {}, placementRowId(widgetId)));
    }
    if (intent === "place" || intent === "resize") {
      const submission = parsePlacementForm(formData);
      if (submission.status !== "success") {
        return data<DashboardActionResult>({ form: "layout", result: submission.reply() }, { status: 400 });
      }
      if (intent === "place")
        await client.call(dashboardsApi.placeWidget, { params: placement, body: submission.value });
      else await client.call(dashboardsApi.movePlacement, { params: placement, body: submission.value });
      return redirect(layoutUrl(dashboardId, {}, placementRowId(widgetId)));
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const method = intent === "remove" ? "DELETE" : intent === "place" ? "POST" : "PUT";
    const message = serverMessage(error.body);
    // The API's own refusals (already placed, too many widgets) have texts of their own.
    const dialog =
      error.status === 400 && message ? message : (errorDialogText(method, error.status, error.body) ?? OOPS);
    return data<DashboardActionResult>({ form: "layout", dialog });
  }
  throw data("Bad request", { status: 400 });
}

/** Everything the dashboards tab posts: the side panel's save, a deletion, and the layout page's changes. */
export async function dashboardsAction(request: Request, context: Readonly<RouterContextProvider>, user: CurrentUser) {
  const { url, client, formData, intent, id } = await readTabPost(request, context);
  const layoutId = url.searchParams.get("layout");
  if (layoutId) return layoutAction(context, layoutId, formData);
  if (intent === "delete" && id) {
    return deleteOnTab(context, user, "dashboards", {
      read: () => client.call(dashboardsApi.getDashboard, { params: { id } }),
      remove: (dashboard) => client.call(dashboardsApi.deleteDashboard, { params: { id: dashboard.uuid } }),
    });
  }

  const submission = parseDashboardForm(formData);
  if (submission.status !== "success") {
    return data<DashboardActionResult>({ form: "dashboard", result: submission.reply() }, { status: 400 });
  }
  const editing = url.searchParams.get("panel") === "edit" ? id : null;
  let saved: DashboardDto;
  try {
    saved = editing
      ? await client.call(dashboardsApi.changeDashboard, { params: { id: editing }, body: submission.value })
      : await client.call(dashboardsApi.createDashboard, { body: submission.value });
  } catch (error) {
    return refusedSave(error, editing ? "PUT" : "POST", submission);
  }
  flash(context, {
    status: "success",
    message: editing ? "dashboardSettings.dashboards.savedToast" : "dashboardSettings.dashboards.createdToast",
    duration: 3000,
    params: { name: saved.name },
  });
  // A new dashboard goes on to its layout, where its widgets are placed.
  return redirect(editing ? dashboardSettingsUrl("dashboards") : layoutUrl(saved.uuid));
}
