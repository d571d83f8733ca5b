import { Box, Card, Heading, Stack, Text } from "@chakra-ui/react";
import { type ImportDto, importStatuses } from "../../../server/contract/bulk-data.ts";
import { AutoRefresh } from "../../components/auto-refresh.tsx";
import { ButtonLink } from "../../components/button-link.tsx";
import { DataTable, type DataTableColumn, TableLink } from "../../components/data-table.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { FilterBar, FilterSelect } from "../../components/filter-bar.tsx";
import { ListFooter } from "../../components/list-footer.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { ProgressBar } from "../../components/progress-bar.tsx";
import { useDateSettings } from "../../utils/date-settings.ts";
import { formatDateTime } from "../../utils/dates.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { entityLabel } from "./entities.ts";
import { BulkStatusBadge, useImportCounts } from "./import-status.tsx";
import type { ImportsData } from "./imports.server.ts";
import {
  BULK_PAGE_SIZE,
  importListState,
  importUrl,
  newImportUrl,
  REFRESH_SECONDS,
  REVALIDATE_MS,
  withQuery,
} from "./urls.ts";

/**
 * The imports (spec §4 Import): the ones running now first, with their progress, then every import a page at a time,
 * filtered by entity and status; each leads to its page.
 */
export function ImportsScreen({
  page,
  active,
  params,
  lastPage,
  goTo,
  entities,
  canImport,
  seesEveryone,
}: ImportsData) {
  const { t } = useTranslation();
  const dates = useDateSettings();
  const counts = useImportCounts();
  const state = importListState(params);
  const { page: _page, ...filters } = state;
  const label = (value: string) =>
    entityLabel(
      entities.find((entity) => entity.value === value),
      value,
      t,
      dates.language,
    );
  const who = (item: ImportDto) => `${item.createdBy.firstName} ${item.createdBy.lastName}`.trim();
  const columns: DataTableColumn<ImportDto>[] = [
    {
      key: "file",
      header: t("bulk.imports.file"),
      kind: "primary",
      cell: (item) => <TableLink href={importUrl(item.id)}>{item.fileName}</TableLink>,
    },
    { key: "entity", header: t("bulk.entity"), cell: (item) => label(item.schemaAndTableName) },
    { key: "status", header: t("list.status"), cell: (item) => <BulkStatusBadge status={item.status} /> },
    { key: "rows", header: t("bulk.imports.rows"), cell: counts },
    ...(seesEveryone ? [{ key: "by", header: t("bulk.imports.startedBy"), cell: (item: ImportDto) => who(item) }] : []),
    { key: "date", header: t("bulk.date"), cell: (item) => formatDateTime(item.startedAt ?? item.createdAt, dates) },
  ];
  const filtered = params.entity !== "" || params.status !== "";
  return (
    <Page>
      <PageHeader
        title={t("bulk.imports.title")}
        actions={
          canImport && (
            <ButtonLink variant="primary" to={newImportUrl(params.entity || undefined)}>
              {t("bulk.imports.new")}
            </ButtonLink>
          )
        }
      />
      {active.length > 0 && (
        <Stack as="section" gap="3" aria-labelledby="imports-running" data-testid="active-imports">
          <AutoRefresh noScriptSeconds={REFRESH_SECONDS} intervalMs={REVALIDATE_MS} />
          <Heading as="h2" size="md" id="imports-running">
            {t("bulk.imports.running")}
          </Heading>
          {active.map((item) => (
            <Card.Root key={item.id} size="sm">
              <Card.Body gap="2">
                <Text>
                  <TableLink href={importUrl(item.id)}>{item.fileName}</TableLink> · {label(item.schemaAndTableName)}
                  {seesEveryone && ` · ${who(item)}`}
                </Text>
                <ProgressBar
                  value={item.processedRows}
                  max={Math.max(item.totalRows ?? 0, item.processedRows, 1)}
                  label={counts(item)}
                />
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
      <FilterBar action="/imports">
        <FilterSelect
          name="entity"
          label={t("bulk.entity")}
          defaultValue={params.entity}
          options={[
            { value: "", label: t("bulk.allEntities") },
            ...entities.map((entity) => ({ value: entity.value, label: label(entity.value) })),
          ]}
        />
        <FilterSelect
          name="status"
          label={t("list.status")}
          defaultValue={params.status}
          options={[
            { value: "", label: t("list.allStatuses") },
            ...importStatuses.map((status) => ({ value: status, label: t(`bulk.status.${status}`) })),
          ]}
        />
      </FilterBar>
      <Box data-testid="imports">
        <DataTable
          columns={columns}
          rows={page.content}
          rowKey={(item) => item.id}
          rowTone={(item) => (item.status === "failed" ? "danger" : undefined)}
          empty={
            filtered ? (
              <Text color="fg.muted">{t("bulk.imports.noneFound")}</Text>
            ) : (
              <EmptyState
                title={t("bulk.imports.emptyTitle")}
                description={t("bulk.imports.emptyText")}
                action={
                  canImport && (
                    <ButtonLink variant="primary" size="sm" to={newImportUrl()}>
                      {t("bulk.imports.new")}
                    </ButtonLink>
                  )
                }
              />
            )
          }
        />
      </Box>
      <ListFooter
        page={params.page}
        lastPage={lastPage}
        pageSize={BULK_PAGE_SIZE}
        total={page.totalElements}
        exact
        pageTo={(number) => withQuery("/imports", { ...filters, page: number > 1 ? number : undefined })}
        goTo={{
          to: withQuery("/imports", { ...state, goto: "1" }),
          state: goTo,
          action: "/imports",
          keep: filters,
          closeTo: withQuery("/imports", state),
        }}
      />
    </Page>
  );
}
