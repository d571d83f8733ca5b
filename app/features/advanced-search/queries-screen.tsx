import { Box, HStack } from "@chakra-ui/react";
import type { SavedQueryDto } from "../../../server/contract/advanced-search.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { DataTable, type DataTableColumn, TableLink } from "../../components/data-table.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { FilterBar, SearchInput } from "../../components/filter-bar.tsx";
import { LinkTabs } from "../../components/link-tabs.tsx";
import { ListFooter } from "../../components/list-footer.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { useTranslation } from "../../utils/translation.tsx";
import type { QueriesData } from "./queries.server.ts";
import { createQueryUrl, QUERY_PAGE_SIZE, queriesUrl, queryTypes, queryUrl } from "./urls.ts";

/**
 * The saved queries, global and personal as tabs, searched from 3 characters; each row's Run, View, Edit and Delete
 * as the user's rights on its kind allow (spec §6), and "New query" for those who may create either kind.
 */
export function QueriesScreen({ type, q, page, lastPage, list, goTo, rights }: QueriesData) {
  const { t } = useTranslation();
  const may = rights[type];
  const canCreate = rights.global.Create || rights.personal.Create;
  const state = { type, q, page };
  const columns: DataTableColumn<SavedQueryDto>[] = [
    {
      key: "name",
      header: t("advancedSearch.name"),
      kind: "primary",
      cell: (query) =>
        may.Read ? <TableLink href={queryUrl(type, query.id, "view")}>{query.name}</TableLink> : query.name,
    },
    { key: "description", header: t("advancedSearch.description"), cell: (query) => query.description },
    {
      key: "actions",
      header: "",
      kind: "action",
      cell: (query) => (
        <HStack gap="3" justify="flex-end">
          {may.Read && (
            <TableLink
              href={queryUrl(type, query.id, "run")}
              label={t("advancedSearch.runQuery", { name: query.name })}
            >
              {t("advancedSearch.run")}
            </TableLink>
          )}
          {may.Read && (
            <TableLink
              href={queryUrl(type, query.id, "view")}
              label={t("advancedSearch.viewQuery", { name: query.name })}
            >
              {t("advancedSearch.view")}
            </TableLink>
          )}
          {may.Update && query.canEdit && (
            <TableLink
              href={queryUrl(type, query.id, "edit")}
              label={t("advancedSearch.editQuery", { name: query.name })}
            >
              {t("common.edit")}
            </TableLink>
          )}
          {may.Delete && query.canDelete && (
            <TableLink
              href={queriesUrl({ ...state, confirm: "delete", id: query.id })}
              label={t("advancedSearch.deleteQuery", { name: query.name })}
            >
              {t("common.delete")}
            </TableLink>
          )}
        </HStack>
      ),
    },
  ];
  const searched = q.length >= 3;
  return (
    <Page>
      <PageHeader
        title={t("advancedSearch.title")}
        actions={
          canCreate && (
            <ButtonLink variant="primary" to={createQueryUrl()}>
              {t("advancedSearch.newQuery")}
            </ButtonLink>
          )
        }
      />
      <LinkTabs
        label={t("advancedSearch.kinds")}
        tabs={queryTypes
          .filter((kind) => rights[kind].Read)
          .map((kind) => ({
            to: queriesUrl({ type: kind }),
            label: t(`advancedSearch.types.${kind}`),
            current: kind === type,
          }))}
      />
      <FilterBar action="/advanced-search" keep={{ type: type === "personal" ? type : "" }} searchDelayMs={800}>
        <SearchInput name="q" defaultValue={q} />
      </FilterBar>
      <Box data-testid="saved-queries">
        <DataTable
          columns={columns}
          rows={list.content}
          rowKey={(query) => query.id}
          empty={
            searched ? (
              <EmptyState title={t("advancedSearch.noMatches")} />
            ) : (
              <EmptyState
                title={t(`advancedSearch.empty.${type}`)}
                description={t(`advancedSearch.emptyText.${type}`)}
                action={
                  rights[type].Create && (
                    <ButtonLink to={createQueryUrl()} size="sm">
                      {t("advancedSearch.newQuery")}
                    </ButtonLink>
                  )
                }
              />
            )
          }
        />
      </Box>
      <ListFooter
        page={page}
        lastPage={lastPage}
        pageSize={QUERY_PAGE_SIZE}
        total={list.totalElements}
        exact
        pageTo={(number) => queriesUrl({ type, q, page: number })}
        goTo={{
          to: queriesUrl({ ...state, goto: "1" }),
          state: goTo,
          action: "/advanced-search",
          keep: Object.fromEntries(
            Object.entries({ type: type === "personal" ? type : "", q }).filter(([, value]) => value),
          ),
          closeTo: queriesUrl(state),
        }}
      />
    </Page>
  );
}
