import { Button, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { Form } from "react-router";
import {
  DASHBOARD_GRID_COLUMNS,
  DASHBOARD_HEIGHT_MAX,
  type DashboardDto,
} from "../../../server/contract/dashboards.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { type DataTableColumn, TableLink } from "../../components/data-table.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { OptionSelect } from "../../components/option-select.tsx";
import { useTranslation } from "../../utils/translation.tsx";
import type { LayoutState } from "./dashboards-tab.server.ts";
import { actionsColumn, SettingsTabList } from "./settings-tab-list.tsx";
import { dashboardPageUrl, dashboardSettingsUrl, layoutUrl, placementRowId } from "./settings-urls.ts";

/** The flags a dashboard is shown by, in words. */
function useFlags() {
  const { t } = useTranslation();
  return (dashboard: DashboardDto) =>
    [
      dashboard.mainList && t("dashboardSettings.dashboards.mainList"),
      dashboard.showInCompany && t("dashboardSettings.dashboards.showInCompany"),
      dashboard.showInContact && t("dashboardSettings.dashboards.showInContact"),
      dashboard.default && t("dashboardSettings.dashboards.default"),
    ]
      .filter(Boolean)
      .join(", ");
}

/**
 * The categorized dashboards (spec §3): name, where each is shown, the groups it is limited to (none: everyone) and
 * its number of widgets; Layout, Edit and Delete for those who may change the settings.
 */
export function DashboardsList({ dashboards, canUpdate }: { dashboards: DashboardDto[]; canUpdate: boolean }) {
  const { t } = useTranslation();
  const flags = useFlags();
  const addTo = dashboardSettingsUrl("dashboards", { panel: "new" });
  const columns: DataTableColumn<DashboardDto>[] = [
    {
      key: "name",
      header: t("dashboardSettings.dashboards.name"),
      kind: "primary",
      cell: (d) => <TableLink href={dashboardPageUrl(d.uuidKey)}>{d.name}</TableLink>,
    },
    { key: "flags", header: t("dashboardSettings.dashboards.shownIn"), cell: (d) => flags(d) || "–" },
    {
      key: "groups",
      header: t("dashboardSettings.dashboards.groups"),
      cell: (d) =>
        d.groups.length ? d.groups.map((group) => group.name).join(", ") : t("dashboardSettings.dashboards.allGroups"),
    },
    { key: "widgets", header: t("dashboardSettings.dashboards.widgetCount"), cell: (d) => String(d.widgetCount) },
    ...(canUpdate
      ? [
          actionsColumn((d: DashboardDto) => [
            {
              href: layoutUrl(d.uuid),
              label: t("dashboardSettings.dashboards.layoutOf", { name: d.name }),
              text: t("dashboardSettings.dashboards.layout"),
            },
            {
              href: dashboardSettingsUrl("dashboards", { panel: "edit", id: d.uuid }),
              label: t("dashboardSettings.dashboards.editOf", { name: d.name }),
              text: t("common.edit"),
            },
            {
              href: dashboardSettingsUrl("dashboards", { confirm: "delete", id: d.uuid }),
              label: t("dashboardSettings.dashboards.deleteOf", { name: d.name }),
              text: t("common.delete"),
            },
          ]),
        ]
      : []),
  ];
  return (
    <SettingsTabList
      tab="dashboards"
      addTo={canUpdate ? addTo : null}
      columns={columns}
      rows={dashboards}
      rowKey={(d) => d.uuid}
    />
  );
}

const widths = Array.from({ length: DASHBOARD_GRID_COLUMNS }, (_, index) => index + 1);
const heights = Array.from({ length: DASHBOARD_HEIGHT_MAX }, (_, index) => index + 1);

/** A size select (a number of grid columns or rows). */
function SizeSelect({
  name,
  label,
  values,
  defaultValue,
}: {
  name: string;
  label: string;
  values: number[];
  defaultValue: number;
}) {
  return (
    <OptionSelect
      size="sm"
      width="auto"
      name={name}
      defaultValue={String(defaultValue)}
      aria-label={label}
      options={values.map((value) => ({ value: String(value), label: value }))}
    />
  );
}

/**
 * A dashboard's layout: its widgets in order, each a plain form with its width and height, Up, Down and Remove (so it
 * works without JavaScript), then a form that adds one of the widgets, and a link to see the dashboard.
 */
export function LayoutScreen({ layout }: { layout: LayoutState }) {
  const { t } = useTranslation();
  const { dashboard, placed, widgets } = layout;
  const action = layoutUrl(dashboard.uuid);
  const placedIds = new Set(placed.map((p) => p.widget.uuid));
  const choices = (widgets ?? []).filter((widget) => !placedIds.has(widget.uuid));
  return (
    <Stack gap="5" data-testid="dashboard-layout">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text fontWeight="semibold">{t("dashboardSettings.layout.heading", { name: dashboard.name })}</Text>
        <HStack gap="2">
          <ButtonLink to={dashboardSettingsUrl("dashboards")}>{t("dashboardSettings.layout.back")}</ButtonLink>
          <ButtonLink variant="primary" to={dashboardPageUrl(dashboard.uuidKey)}>
            {t("dashboardSettings.layout.see")}
          </ButtonLink>
        </HStack>
      </HStack>
      {placed.length === 0 ? (
        <EmptyState
          title={t("dashboardSettings.layout.emptyTitle")}
          description={t("dashboardSettings.layout.emptyText")}
        />
      ) : (
        <Table.Root size="sm" data-testid="placements">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t("dashboardSettings.layout.position")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("dashboardSettings.layout.widget")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("dashboardSettings.layout.size")}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t("dashboardSettings.layout.actions")}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {placed.map((p, index) => {
              const formId = `placement-form-${p.widget.uuid}`;
              const name = p.widget.name;
              return (
                <Table.Row key={p.widget.uuid} id={placementRowId(p.widget.uuid)} data-testid="placement">
                  <Table.Cell>{index + 1}</Table.Cell>
                  <Table.Cell>
                    {name}
                    <Text as="span" color="fg.muted" fontSize="xs" ms="2">
                      {t(`dashboardSettings.types.${p.widget.type}`)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Form method="post" action={action} id={formId}>
                      <input type="hidden" name="widget" value={p.widget.uuid} />
                      {/* A new size is another form state: the selects follow the saved one. */}
                      <HStack gap="2" key={`${p.width}x${p.height}`}>
                        <SizeSelect
                          name="width"
                          label={t("dashboardSettings.layout.widthOf", { name })}
                          values={widths}
                          defaultValue={p.width}
                        />
                        <Text as="span">×</Text>
                        <SizeSelect
                          name="height"
                          label={t("dashboardSettings.layout.heightOf", { name })}
                          values={heights}
                          defaultValue={p.height}
                        />
                        <Button type="submit" name="intent" value="resize" size="xs" variant="outline">
                          {t("dashboardSettings.layout.resize")}
                        </Button>
                      </HStack>
                    </Form>
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="1" justify="flex-end">
                      <Button
                        type="submit"
                        form={formId}
                        name="intent"
                        value="up"
                        size="xs"
                        variant="ghost"
                        disabled={index === 0}
                        aria-label={t("dashboardSettings.layout.upOf", { name })}
                      >
                        ↑
                      </Button>
                      <Button
                        type="submit"
                        form={formId}
                        name="intent"
                        value="down"
                        size="xs"
                        variant="ghost"
                        disabled={index === placed.length - 1}
                        aria-label={t("dashboardSettings.layout.downOf", { name })}
                      >
                        ↓
                      </Button>
                      <Button
                        type="submit"
                        form={formId}
                        name="intent"
                        value="remove"
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        aria-label={t("dashboardSettings.layout.removeOf", { name })}
                      >
                        {t("dashboardSettings.layout.remove")}
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      )}
      {widgets !== null && (
        <Form method="post" action={action} data-testid="add-widget-form">
          <Stack gap="2">
            <Text fontWeight="semibold">{t("dashboardSettings.layout.addHeading")}</Text>
            {choices.length === 0 ? (
              <Text color="fg.muted" fontSize="sm">
                {t("dashboardSettings.layout.noMoreWidgets")}
              </Text>
            ) : (
              <HStack gap="2" wrap="wrap">
                <OptionSelect
                  size="sm"
                  width="auto"
                  name="widget"
                  aria-label={t("dashboardSettings.layout.widget")}
                  options={choices.map((widget) => ({
                    value: widget.uuid,
                    label: widget.name || t(`dashboardSettings.types.${widget.type}`),
                  }))}
                />
                <SizeSelect name="width" label={t("dashboardSettings.layout.width")} values={widths} defaultValue={6} />
                <Text as="span">×</Text>
                <SizeSelect
                  name="height"
                  label={t("dashboardSettings.layout.height")}
                  values={heights}
                  defaultValue={4}
                />
                <Button type="submit" name="intent" value="place" size="sm" colorPalette="teal">
                  {t("dashboardSettings.layout.add")}
                </Button>
              </HStack>
            )}
          </Stack>
        </Form>
      )}
    </Stack>
  );
}
