import { Box, HStack, Stack } from "@chakra-ui/react";
import { ButtonLink } from "../../components/button-link.tsx";
import { DataTable, type DataTableColumn, TableLink } from "../../components/data-table.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { useTranslation } from "../../utils/translation.tsx";

/** One link of a row's actions; `false` for one the user may not follow. */
export type RowAction = { href: string; label: string; text: string } | false;

/** The last column of a settings tab's table: the row's links (Layout, Edit, Delete) that the user may follow. */
export function actionsColumn<Row>(actions: (row: Row) => RowAction[]): DataTableColumn<Row> {
  return {
    key: "actions",
    header: "",
    kind: "action",
    cell: (row) => (
      <HStack gap="3" justify="flex-end">
        {actions(row).map(
          (action) =>
            action && (
              <TableLink key={action.href} href={action.href} label={action.label}>
                {action.text}
              </TableLink>
            ),
        )}
      </HStack>
    ),
  };
}

/**
 * A tab of the dashboard settings that lists its items: Add for those who may add (`addTo`), then the table, or the
 * tab's empty state. Its texts are the tab's own (`dashboardSettings.<tab>.add`, `.emptyTitle`, `.emptyText`).
 */
export function SettingsTabList<Row>({
  tab,
  addTo,
  columns,
  rows,
  rowKey,
}: {
  tab: "dashboards" | "datasources" | "widgets";
  addTo: string | null;
  columns: DataTableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      {addTo && (
        <HStack justify="flex-end">
          <ButtonLink variant="primary" to={addTo}>
            {t(`dashboardSettings.${tab}.add`)}
          </ButtonLink>
        </HStack>
      )}
      <Box data-testid={`${tab}-list`}>
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          empty={
            <EmptyState
              title={t(`dashboardSettings.${tab}.emptyTitle`)}
              description={t(`dashboardSettings.${tab}.emptyText`)}
            />
          }
        />
      </Box>
    </Stack>
  );
}
