/** The tabs of the dashboard and widget settings (spec §2 `dashboard-widget/{tab?}`), in their order. */
export const dashboardSettingsTabs = ["dashboards", "widgets", "datasources"] as const;
export type DashboardSettingsTab = (typeof dashboardSettingsTabs)[number];

/** Tabs whose screens work; a tab is listed once it does. */
export const shownTabs: readonly DashboardSettingsTab[] = ["dashboards", "widgets", "datasources"];

export function isShownTab(tab: string): tab is DashboardSettingsTab {
  return (shownTabs as readonly string[]).includes(tab);
}

/** A tab of the settings, with a panel, dialog or page part open when `state` says so, scrolled to `anchor`. */
export function dashboardSettingsUrl(
  tab: DashboardSettingsTab = "dashboards",
  state: Record<string, string> = {},
  anchor?: string,
): string {
  const query = new URLSearchParams(state).toString();
  return `/system-settings/dashboard-widget/${tab}${query ? `?${query}` : ""}${anchor ? `#${anchor}` : ""}`;
}

/** A dashboard's layout page: its widgets in order, their sizes, and what may be added. */
export function layoutUrl(dashboardUuid: string, state: Record<string, string> = {}, anchor?: string): string {
  return dashboardSettingsUrl("dashboards", { layout: dashboardUuid, ...state }, anchor);
}

/** The widget builder: a new widget, or a saved one by its id. */
export function builderUrl(widgetUuid?: string | null, state: Record<string, string> = {}): string {
  return dashboardSettingsUrl(
    "widgets",
    widgetUuid ? { builder: "edit", id: widgetUuid, ...state } : { builder: "new", ...state },
  );
}

/** A placed widget's row on the layout page, which the page scrolls back to after a change without JavaScript. */
export function placementRowId(widgetUuid: string): string {
  return `placement-${widgetUuid}`;
}

/** The dashboard's own page. */
export function dashboardPageUrl(uuidKey: string): string {
  return `/dashboard/${encodeURIComponent(uuidKey)}`;
}

/** The resources whose rights govern widgets and data sources (spec §6). */
export const WIDGET_RESOURCE = "Widget";
export const DATASOURCE_RESOURCE = "Datasource";
