import { HStack, Stack } from "@chakra-ui/react";
import type { RecordDto } from "../../../server/contract/records.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { DataTable, TableLink } from "../../components/data-table.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { CountedListFooter } from "../../components/list-footer.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { valueText } from "../../components/value-text.ts";
import { useDateSettings } from "../../utils/date-settings.ts";
import { useTranslation } from "../../utils/translation.tsx";
import type { RecordDetailData } from "../records/detail.server.ts";
import { fieldLabel, statusName } from "../records/field-labels.ts";
import { preloadRecordPanel } from "../records/lazy-panels.tsx";
import { isOverdue } from "../records/overdue.ts";
import { workItemColumns, workItemKinds } from "../records/screens.ts";

/** A company's or a contact's inquiries or to-dos, newest link first, with a new one linked to this record. */
export function WorkItemsTab({ workItems, screen, record, page, today }: RecordDetailData) {
  const { t } = useTranslation();
  const dates = useDateSettings();
  const settings = { ...dates, yes: t("common.yes"), no: t("common.no") };
  if (workItems?.kind !== "owner") return null;
  const { tab, items, info, statuses, canAdd } = workItems;
  const itemPath = workItemKinds[tab].path;
  const base = `/${screen.path}/${record.uuid}/${tab}`;
  const columns = workItemColumns.flatMap((key) => {
    const field = info.fields.find((f) => f.key === key && f.active);
    return field
      ? [
          {
            key,
            header: fieldLabel(field, dates.language),
            cell: (item: RecordDto) => valueText(field, item.values[key], settings),
          },
        ]
      : [];
  });
  const add = canAdd && (
    <ButtonLink
      variant="primary"
      size="sm"
      to={`${base}?panel=new-item`}
      onPointerEnter={preloadRecordPanel}
      onFocus={preloadRecordPanel}
    >
      {t(`workItems.newItem_${tab}`)}
    </ButtonLink>
  );
  return (
    <Stack gap="3" data-testid={`${tab}-tab`}>
      {add && <HStack justify="end">{add}</HStack>}
      <DataTable<RecordDto>
        rows={items.content}
        rowKey={(item) => item.uuid}
        rowTone={(item) => (isOverdue(item, statuses, today) ? "danger" : undefined)}
        empty={
          <EmptyState
            title={t(`workItems.empty_${tab}`)}
            description={canAdd ? t(`workItems.emptyText_${tab}`) : undefined}
          />
        }
        columns={[
          {
            key: "name",
            header: t("list.name"),
            kind: "primary",
            cell: (item) => (
              <>
                <TableLink href={`/${itemPath}/${item.uuid}`}>{item.rowName}</TableLink>
                {isOverdue(item, statuses, today) && (
                  <>
                    {" "}
                    <StatusBadge palette="red" testId="overdue">
                      {t("workItems.overdue")}
                    </StatusBadge>
                  </>
                )}
              </>
            ),
          },
          ...columns,
          {
            key: "status",
            header: t("list.status"),
            cell: (item) =>
              item.statusId && <StatusBadge>{statusName(statuses, item.statusId, dates.language)}</StatusBadge>,
          },
        ]}
      />
      <CountedListFooter page={page} of={items} pageTo={(number) => `${base}?page=${number}`} />
    </Stack>
  );
}
