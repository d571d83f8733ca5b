import { Box, Text } from "@chakra-ui/react";
import type { ExportDto } from "../../../server/contract/bulk-data.ts";
import { AutoRefresh } from "../../components/auto-refresh.tsx";
import { DataTable, type DataTableColumn } from "../../components/data-table.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { ListFooter } from "../../components/list-footer.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { useDateSettings } from "../../utils/date-settings.ts";
import { formatDateTime } from "../../utils/dates.ts";
import { useMessageText } from "../../utils/message-text.ts";
import { formatBytes, formatNumber } from "../../utils/numbers.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { DownloadLink } from "./download-link.tsx";
import { entityLabel } from "./entities.ts";
import type { ExportsData } from "./exports.server.ts";
import { BulkStatusBadge } from "./import-status.tsx";
import { BULK_PAGE_SIZE, exportDownloadUrl, REFRESH_SECONDS, REVALIDATE_MS, withQuery } from "./urls.ts";

/**
 * The user's recent exports: what each holds, its status and size, when it expires, and its file to download. While
 * one is being written the page keeps itself up to date.
 */
export function ExportsScreen({ list, page, lastPage, goTo, entities }: ExportsData) {
  const { t } = useTranslation();
  const dates = useDateSettings();
  const messageText = useMessageText();
  const label = (value: string) =>
    entityLabel(
      entities.find((entity) => entity.value === value),
      value,
      t,
      dates.language,
    );
  const exporting = list.content.some((item) => item.status === "exporting");
  const columns: DataTableColumn<ExportDto>[] = [
    {
      key: "file",
      header: t("bulk.exports.file"),
      kind: "primary",
      cell: (item) =>
        item.status === "ready" ? (
          <DownloadLink href={exportDownloadUrl(item.id)}>{item.fileName}</DownloadLink>
        ) : (
          item.fileName
        ),
    },
    {
      key: "entity",
      header: t("bulk.entity"),
      cell: (item) => (item.scope === "form" ? t("bulk.exports.formSubmissions") : label(item.schemaAndTableName)),
    },
    {
      key: "status",
      header: t("list.status"),
      cell: (item) => (
        <>
          <BulkStatusBadge status={item.status} />
          {item.status === "failed" && item.message && (
            <Text fontSize="sm" color="fg.error">
              {messageText(item.message)}
            </Text>
          )}
        </>
      ),
    },
    {
      key: "scope",
      header: t("bulk.exports.scope"),
      cell: (item) =>
        t(
          item.scope === "all"
            ? "bulk.exports.scopeAllShort"
            : item.scope === "query"
              ? "bulk.exports.scopeQueryShort"
              : item.scope === "form"
                ? "bulk.exports.scopeFormShort"
                : "bulk.exports.scopeListedShort",
        ),
    },
    {
      key: "rows",
      header: t("bulk.exports.rows"),
      cell: (item) => (item.rowCount === null ? "—" : formatNumber(item.rowCount, dates.language)),
    },
    {
      key: "size",
      header: t("bulk.exports.size"),
      cell: (item) => (item.fileSize === null ? "—" : formatBytes(item.fileSize, dates.language)),
    },
    { key: "created", header: t("bulk.exports.created"), cell: (item) => formatDateTime(item.createdAt, dates) },
    {
      key: "expires",
      header: t("bulk.exports.expires"),
      cell: (item) => (item.expiresAt ? formatDateTime(item.expiresAt, dates) : "—"),
    },
    {
      key: "download",
      header: "",
      kind: "action",
      cell: (item) =>
        item.status === "ready" && (
          <DownloadLink
            href={exportDownloadUrl(item.id)}
            label={t("bulk.exports.downloadFile", { file: item.fileName })}
          >
            {t("bulk.exports.download")}
          </DownloadLink>
        ),
    },
  ];
  return (
    <Page>
      <PageHeader title={t("bulk.exports.title")} />
      {exporting && <AutoRefresh noScriptSeconds={REFRESH_SECONDS} intervalMs={REVALIDATE_MS} />}
      <Text color="fg.muted">{t("bulk.exports.intro")}</Text>
      <Box data-testid="exports">
        <DataTable
          columns={columns}
          rows={list.content}
          rowKey={(item) => item.id}
          rowTone={(item) => (item.status === "failed" ? "danger" : undefined)}
          empty={<EmptyState title={t("bulk.exports.emptyTitle")} description={t("bulk.exports.emptyText")} />}
        />
      </Box>
      <ListFooter
        page={page}
        lastPage={lastPage}
        pageSize={BULK_PAGE_SIZE}
        total={list.totalElements}
        exact
        pageTo={(number) => withQuery("/exports", { page: number > 1 ? number : undefined })}
        goTo={{
          to: withQuery("/exports", { page: page > 1 ? page : undefined, goto: "1" }),
          state: goTo,
          action: "/exports",
          keep: {},
          closeTo: withQuery("/exports", { page: page > 1 ? page : undefined }),
        }}
      />
    </Page>
  );
}
