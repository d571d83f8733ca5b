import { data, type RouterContextProvider } from "react-router";
import { type CurrentUser, hasPermission } from "../../middleware/auth.server.ts";
import { api } from "../../utils/api.server.ts";
import { deleteThenRedirect, readForm } from "../../utils/form-action.server.ts";
import {
  DATASOURCE_RESOURCE,
  type DashboardSettingsTab,
  dashboardSettingsUrl,
  WIDGET_RESOURCE,
} from "./settings-urls.ts";

/** What a tab of the settings was posted: the form and its intent, the item the URL names, and the API to answer. */
export async function readTabPost(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const formData = await readForm(request);
  return { url, client: api(context), formData, intent: formData.get("intent"), id: url.searchParams.get("id") };
}

/**
 * The right a tab's deletion needs besides the page's own: widgets and data sources have their own resources (spec §6);
 * a dashboard's is the settings' Update, which the page asks of every post on its tab.
 */
const deleteRights: Record<DashboardSettingsTab, string | null> = {
  dashboards: null,
  widgets: WIDGET_RESOURCE,
  datasources: DATASOURCE_RESOURCE,
};

/** How one tab deletes what its question named: see {@link deleteOnTab}. */
export interface TabDeletion<Item, Refusal> {
  /** Reads the item again, for its name in the notice and its own id. */
  read: () => Promise<Item>;
  remove: (item: Item) => Promise<unknown>;
  /** What the tab shows when the API refuses; by default its text in the warning dialog. */
  refusal?: (error: unknown) => Refusal;
}

/**
 * A deletion after its question on a tab of the dashboard settings, as all three tabs do it: the item read and
 * deleted, a notice naming it, and back to the tab's list.
 */
export async function deleteOnTab<Item extends { name: string }, Refusal>(
  context: Readonly<RouterContextProvider>,
  user: CurrentUser,
  tab: DashboardSettingsTab,
  { read, remove, refusal }: TabDeletion<Item, Refusal>,
) {
  const right = deleteRights[tab];
  if (right && !hasPermission(user, "Delete", right)) throw data("Forbidden", { status: 403 });
  return deleteThenRedirect(context, {
    remove: async () => {
      const item = await read();
      await remove(item);
      return item.name;
    },
    toast: `dashboardSettings.${tab}.deletedToast`,
    to: dashboardSettingsUrl(tab),
    refusal,
  });
}
