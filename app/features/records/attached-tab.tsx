import { HStack, Stack, Text } from "@chakra-ui/react";
import type { RecordDto } from "../../../server/contract/records.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { DataTable, TableLink } from "../../components/data-table.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { CountedListFooter } from "../../components/list-footer.tsx";
import { RemoveRowButton } from "../../components/remove-row-button.tsx";
import { excerpt, valueText } from "../../components/value-text.ts";
import { useDateSettings } from "../../utils/date-settings.ts";
import { formatDateTime } from "../../utils/dates.ts";
import { useTranslation } from "../../utils/translation.tsx";
import type { RecordDetailData } from "./detail.server.ts";
import { fieldLabel } from "./field-labels.ts";
import { preloadRecordPanel } from "./lazy-panels.tsx";
import { attachmentKinds } from "./screens.ts";

/**
 * A record's notes or documents tab: those attached to it, newest first, with a new note or an upload that attaches
 * to this record, and a Remove that detaches one (it stays in its own list).
 */
export function AttachedTab({ attached, screen, record, page }: RecordDetailData) {
  const { t } = useTranslation();
  const dates = useDateSettings();
  const settings = { ...dates, yes: t("common.yes"), no: t("common.no") };
  if (!attached) return null;
  const kind = attachmentKinds[attached.tab];
  const base = `/${screen.path}/${record.uuid}/${attached.tab}`;
  const field = (key: string) => attached.info.fields.find((f) => f.key === key && f.active);
  const notes = attached.tab === "notes";
  const detailColumns = (notes ? ["text"] : ["file_name", "file_size"]).flatMap((key) => {
    const definition = field(key);
    return definition
      ? [
          {
            key,
            header: fieldLabel(definition, dates.language),
            cell: (item: RecordDto) => excerpt(valueText(definition, item.values[key], settings)),
          },
        ]
      : [];
  });
  const addAction = attached.canAdd && (
    <ButtonLink
      variant="primary"
      size="sm"
      to={`${base}?panel=${notes ? "new-note" : "upload"}`}
      onPointerEnter={preloadRecordPanel}
      onFocus={preloadRecordPanel}
    >
      {notes ? t("attachments.newNote") : t("attachments.upload")}
    </ButtonLink>
  );
  return (
    <Stack gap="3" data-testid={`${attached.tab}-tab`}>
      {addAction && <HStack justify="end">{addAction}</HStack>}
      <DataTable<RecordDto>
        rows={attached.page.content}
        rowKey={(item) => item.uuid}
        empty={
          <EmptyState
            title={notes ? t("attachments.emptyNotes") : t("attachments.emptyDocuments")}
            description={
              attached.canAdd
                ? notes
                  ? t("attachments.emptyNotesText")
                  : t("attachments.emptyDocumentsText")
                : undefined
            }
          />
        }
        columns={[
          {
            key: "name",
            header: t("list.name"),
            kind: "primary",
            cell: (item) => <TableLink href={`/${kind.path}/${item.uuid}`}>{item.rowName}</TableLink>,
          },
          ...detailColumns,
          {
            key: "created",
            header: t("records.created"),
            cell: (item) => <Text whiteSpace="nowrap">{formatDateTime(item.createdAt, dates)}</Text>,
          },
          ...(attached.canDetach
            ? [
                {
                  key: "detach",
                  header: "",
                  kind: "action" as const,
                  cell: (item: RecordDto) => (
                    <RemoveRowButton
                      action={base}
                      intent="detach"
                      hidden={{ tab: attached.tab, itemId: item.uuid }}
                      label={t("attachments.detach", { name: item.rowName })}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <CountedListFooter page={page} of={attached.page} pageTo={(number) => `${base}?page=${number}`} />
    </Stack>
  );
}
