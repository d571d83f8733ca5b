import { Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { data, useActionData } from "react-router";
import { LinkTabs } from "../components/link-tabs.tsx";
import { Page, PageHeader } from "../components/page-header.tsx";
import {
  type DashboardActionResult,
  dashboardsAction,
  loadDashboardsTab,
} from "../features/dashboards/dashboards-tab.server.ts";
import { DashboardsList, LayoutScreen } from "../features/dashboards/dashboards-tab.tsx";
import {
  type DataSourceActionResult,
  dataSourcesAction,
  loadDataSourcesTab,
} from "../features/dashboards/datasources-tab.server.ts";
import { DataSourcesList } from "../features/dashboards/datasources-tab.tsx";
import {
  DATASOURCE_RESOURCE,
  type DashboardSettingsTab,
  dashboardSettingsUrl,
  isShownTab,
  shownTabs,
  WIDGET_RESOURCE,
} from "../features/dashboards/settings-urls.ts";
import { loadWidgetsTab, type WidgetActionResult, widgetsAction } from "../features/dashboards/widgets-tab.server.ts";
import { WidgetsList } from "../features/dashboards/widgets-tab.tsx";
import { ConfirmDialog, ErrorDialog, suspended } from "../features/records/lazy-panels.tsx";
import { SETTINGS_RESOURCE } from "../features/settings/urls.ts";
import { hasPermission, requirePermission } from "../middleware/auth.server.ts";
import { getInstance } from "../middleware/i18next.server.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/system-settings.dashboard-widget";

// The panel's and the builder's code (their forms, the contract's schemas) loads when one opens; the server renders it.
const DashboardPanel = suspended(() =>
  import("../features/dashboards/dashboard-panel.tsx").then((m) => ({ default: m.DashboardPanel })),
);
const DataSourceForm = suspended(() =>
  import("../features/dashboards/datasources-tab.tsx").then((m) => ({ default: m.DataSourceForm })),
);
const WidgetBuilder = suspended(() =>
  import("../features/dashboards/widget-builder.tsx").then((m) => ({ default: m.WidgetBuilder })),
);

/** The tab the URL names (the first without one); a tab that is not there is not found. */
function tabOf(param: string | undefined) {
  const tab = param ?? "dashboards";
  if (!isShownTab(tab)) throw data("Not found", { status: 404 });
  return tab;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requirePermission(context, request, "Read", SETTINGS_RESOURCE);
  const tab = tabOf(params.tab);
  const tabs = shownTabs.filter(
    (shown) =>
      shown === "dashboards" ||
      (shown === "widgets" && hasPermission(user, "Read", WIDGET_RESOURCE)) ||
      (shown === "datasources" && hasPermission(user, "Read", DATASOURCE_RESOURCE)),
  );
  const title = getInstance(context).t("dashboardSettings.title");
  const screen =
    tab === "widgets"
      ? await loadWidgetsTab(request, context, user)
      : tab === "datasources"
        ? await loadDataSourcesTab(request, context, user)
        : await loadDashboardsTab(request, context, user);
  return { title, tabs, screen };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const tab = tabOf(params.tab);
  if (tab === "datasources") {
    return dataSourcesAction(request, context, requirePermission(context, request, "Read", DATASOURCE_RESOURCE));
  }
  if (tab === "widgets")
    return widgetsAction(request, context, requirePermission(context, request, "Read", WIDGET_RESOURCE));
  return dashboardsAction(request, context, requirePermission(context, request, "Update", SETTINGS_RESOURCE));
}

export default function DashboardWidgetSettingsRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  // The tabs' actions answer with their own shapes; each part of the page reads its own by `form`.
  const actionResult = useActionData() as
    | DashboardActionResult
    | WidgetActionResult
    | DataSourceActionResult
    | undefined;
  const { title, tabs, screen } = loaderData;
  const current = screen.tab;
  return (
    <Page>
      <PageHeader title={title} />
      <LinkTabs
        label={t("dashboardSettings.tabsLabel")}
        tabs={tabs.map((tab) => ({
          to: dashboardSettingsUrl(tab),
          label: t(`dashboardSettings.tabs.${tab}`),
          current: tab === current,
        }))}
      />
      <Stack gap="4">
        {screen.tab === "dashboards" && (
          <>
            {screen.layout ? (
              <LayoutScreen layout={screen.layout} />
            ) : (
              <DashboardsList dashboards={screen.dashboards} canUpdate={screen.canUpdate} />
            )}
            {screen.panel?.mode === "new" && (
              <DashboardPanel
                groups={screen.groups}
                lastResult={actionResult?.form === "dashboard" ? actionResult.result : undefined}
              />
            )}
            {screen.panel?.mode === "edit" && (
              // Another dashboard is another form.
              <DashboardPanel
                key={screen.panel.dashboard.uuid}
                dashboard={screen.panel.dashboard}
                groups={screen.groups}
                lastResult={actionResult?.form === "dashboard" ? actionResult.result : undefined}
              />
            )}
            {screen.panel?.mode === "delete" && (
              <ConfirmDelete tab="dashboards" id={screen.panel.dashboard.uuid} name={screen.panel.dashboard.name}>
                {t("dashboardSettings.dashboards.confirmDelete", { name: screen.panel.dashboard.name })}
              </ConfirmDelete>
            )}
          </>
        )}
        {screen.tab === "widgets" && (
          <>
            {screen.builder ? (
              <WidgetBuilder
                builder={screen.builder}
                lastResult={actionResult?.form === "builder" ? actionResult.result : undefined}
                preview={actionResult?.form === "builder" ? actionResult.preview : undefined}
                confirmReset={
                  actionResult && "confirmReset" in actionResult && actionResult.confirmReset ? actionResult : null
                }
              />
            ) : (
              <WidgetsList
                widgets={screen.widgets}
                canCreate={screen.canCreate}
                canUpdate={screen.canUpdate}
                canDelete={screen.canDelete}
              />
            )}
            {screen.panel?.mode === "delete" && (
              <ConfirmDelete tab="widgets" id={screen.panel.widget.uuid} name={screen.panel.widget.name}>
                {t("dashboardSettings.widgets.confirmDelete", {
                  name: screen.panel.widget.name,
                  count: screen.panel.widget.dashboards.length,
                })}
              </ConfirmDelete>
            )}
          </>
        )}
        {screen.tab === "datasources" && (
          <>
            {screen.editor ? (
              <DataSourceForm
                editor={screen.editor}
                lastResult={actionResult?.form === "datasource" ? actionResult.result : undefined}
                preview={actionResult?.form === "datasource" ? actionResult.preview : undefined}
              />
            ) : (
              <DataSourcesList
                rows={screen.rows}
                catalog={screen.catalog}
                canCreate={screen.canCreate}
                canUpdate={screen.canUpdate}
                canDelete={screen.canDelete}
              />
            )}
            {screen.confirm && (
              <ConfirmDelete tab="datasources" id={screen.confirm.source.id} name={screen.confirm.source.name}>
                {t("dashboardSettings.datasources.confirmDelete", { name: screen.confirm.source.name })}
              </ConfirmDelete>
            )}
          </>
        )}
        {actionResult?.dialog &&
          !("panel" in screen && screen.panel?.mode === "delete") &&
          !("confirm" in screen && screen.confirm) && (
            <ErrorDialog
              text={actionResult.dialog}
              source={actionResult}
              // A refused save returns to its form as it was filled; a refused deletion to the list.
              dismissForm={actionResult.form === "datasource" ? "datasource-form" : undefined}
              closeTo={dashboardSettingsUrl(current)}
            />
          )}
      </Stack>
    </Page>
  );
}

/** The question before an item of a tab is deleted, titled with its name: Delete posts to the tab with its id. */
function ConfirmDelete({
  tab,
  id,
  name,
  children,
}: {
  tab: DashboardSettingsTab;
  id: string;
  name: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t(`dashboardSettings.${tab}.deleteTitle`, { name })}
      confirmLabel={t("common.delete")}
      closeTo={dashboardSettingsUrl(tab)}
      action={dashboardSettingsUrl(tab, { id })}
      intent="delete"
      testId="confirm-delete"
    >
      {children}
    </ConfirmDialog>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
