import type { WidgetDto } from "../../../server/contract/dashboards.ts";
import { type DataTableColumn, TableLink } from "../../components/data-table.tsx";
import { useTranslation } from "../../utils/translation.tsx";
import { actionsColumn, SettingsTabList } from "./settings-tab-list.tsx";
import { builderUrl, dashboardSettingsUrl } from "./settings-urls.ts";

/** The widgets (spec §3 Widget): name, type and data source; Add opens the builder; Edit and Delete by the rights. */
export function WidgetsList({
  widgets,
  canCreate,
  canUpdate,
  canDelete,
}: {
  widgets: WidgetDto[];
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}) {
  const { t } = useTranslation();
  const columns: DataTableColumn<WidgetDto>[] = [
    {
      key: "name",
      header: t("dashboardSettings.widgets.name"),
      kind: "primary",
      cell: (w) => (canUpdate ? <TableLink href={builderUrl(w.uuid)}>{w.name || "–"}</TableLink> : w.name || "–"),
    },
    {
      key: "type",
      header: t("dashboardSettings.widgets.type"),
      cell: (w) => t(`dashboardSettings.types.${w.widgetConfiguration.type}`),
    },
    { key: "datasource", header: t("dashboardSettings.widgets.datasource"), cell: (w) => w.datasource.name },
    {
      key: "dashboards",
      header: t("dashboardSettings.widgets.dashboards"),
      cell: (w) => w.dashboards.map((d) => d.name).join(", ") || "–",
    },
    ...(canUpdate || canDelete
      ? [
          actionsColumn((w: WidgetDto) => [
            canUpdate && {
              href: builderUrl(w.uuid),
              label: t("dashboardSettings.widgets.editOf", { name: w.name }),
              text: t("common.edit"),
            },
            canDelete && {
              href: dashboardSettingsUrl("widgets", { confirm: "delete", id: w.uuid }),
              label: t("dashboardSettings.widgets.deleteOf", { name: w.name }),
              text: t("common.delete"),
            },
          ]),
        ]
      : []),
  ];
  return (
    <SettingsTabList
      tab="widgets"
      addTo={canCreate ? builderUrl() : null}
      columns={columns}
      rows={widgets}
      rowKey={(w) => w.uuid}
    />
  );
}
