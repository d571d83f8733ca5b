import { Box, HStack, Stack } from "@chakra-ui/react";
import type { WidgetDto } from "../../../server/contract/dashboards.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { DataTable, type DataTableColumn, TableLink } from "../../components/data-table.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { useTranslation } from "../../utils/translation.tsx";
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
          {
            key: "actions",
            header: "",
            kind: "action" as const,
            cell: (w: WidgetDto) => (
              <HStack gap="3" justify="flex-end">
                {canUpdate && (
                  <TableLink href={builderUrl(w.uuid)} label={t("dashboardSettings.widgets.editOf", { name: w.name })}>
                    {t("common.edit")}
                  </TableLink>
                )}
                {canDelete && (
                  <TableLink
                    href={dashboardSettingsUrl("widgets", { confirm: "delete", id: w.uuid })}
                    label={t("dashboardSettings.widgets.deleteOf", { name: w.name })}
                  >
                    {t("common.delete")}
                  </TableLink>
                )}
              </HStack>
            ),
          },
        ]
      : []),
  ];
  return (
    <Stack gap="4">
      {canCreate && (
        <HStack justify="flex-end">
          <ButtonLink variant="primary" to={builderUrl()}>
            {t("dashboardSettings.widgets.add")}
          </ButtonLink>
        </HStack>
      )}
      <Box data-testid="widgets-list">
        <DataTable
          columns={columns}
          rows={widgets}
          rowKey={(w) => w.uuid}
          empty={
            <EmptyState
              title={t("dashboardSettings.widgets.emptyTitle")}
              description={t("dashboardSettings.widgets.emptyText")}
            />
          }
        />
      </Box>
    </Stack>
  );
}
