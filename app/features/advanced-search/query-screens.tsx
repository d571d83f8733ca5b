import { Box, Heading, List, Stack, Text } from "@chakra-ui/react";
import type { SavedQueryDto, SearchOperation } from "../../../server/contract/advanced-search.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { ListFooter } from "../../components/list-footer.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { useLanguage } from "../../utils/i18n.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { findEntity, labelOf, operationKeys, pluralOf } from "./catalog.ts";
import { useJoinTypeText } from "./join-type-text.ts";
import type { QueryRunData, QueryViewData } from "./query.server.ts";
import { ResultTable } from "./result-table.tsx";
import { QUERY_PAGE_SIZE, queriesUrl, queryUrl } from "./urls.ts";

/** The actions of a saved query's pages, each as the user's rights allow. */
function QueryActions({
  query,
  may,
  current,
}: {
  query: SavedQueryDto;
  may: QueryViewData["may"];
  current: "view" | "run";
}) {
  const { t } = useTranslation();
  return (
    <>
      {current === "view" ? (
        <ButtonLink variant="primary" to={queryUrl(query.queryType, query.id, "run")}>
          {t("advancedSearch.run")}
        </ButtonLink>
      ) : (
        <ButtonLink to={queryUrl(query.queryType, query.id, "view")}>{t("advancedSearch.view")}</ButtonLink>
      )}
      {current === "run" && may.export && (
        <ButtonLink to={queryUrl(query.queryType, query.id, "run", { panel: "export" })}>
          {t("bulk.exports.export")}
        </ButtonLink>
      )}
      {may.edit && <ButtonLink to={queryUrl(query.queryType, query.id, "edit")}>{t("common.edit")}</ButtonLink>}
      {current === "view" && may.copy && (
        <ButtonLink to={queryUrl(query.queryType, query.id, "create")}>
          {t("advancedSearch.viewPage.saveAsNew")}
        </ButtonLink>
      )}
      {may.delete && (
        <ButtonLink variant="danger" to={queriesUrl({ type: query.queryType, confirm: "delete", id: query.id })}>
          {t("common.delete")}
        </ButtonLink>
      )}
    </>
  );
}

/** A saved query in words: its entities and how they are joined, the fields shown, the filters, the sort. */
export function QueryViewScreen({ query, may, catalog }: QueryViewData) {
  const { t } = useTranslation();
  const language = useLanguage();
  const describe = describer(language, t);
  const joinTypeText = useJoinTypeText();
  const { definition } = query;
  const main = definition.entities[0];
  const sortEntity = definition.sort?.field
    ? findEntity(catalog, `${definition.sort.schemaName}.${definition.sort.tableName}`)
    : undefined;
  return (
    <Page>
      <PageHeader
        title={query.name}
        breadcrumb={{ label: t("advancedSearch.title"), to: queriesUrl({ type: query.queryType }) }}
        meta={
          <Text color="fg.muted">
            {t(`advancedSearch.types.${query.queryType}`)} · {query.owner.firstName} {query.owner.lastName}
          </Text>
        }
        actions={<QueryActions query={query} may={may} current="view" />}
      />
      {query.description && <Text>{query.description}</Text>}
      <Stack gap="5" data-testid="query-description">
        {definition.entities.map((entity, index) => {
          const known = findEntity(catalog, `${entity.schemaName}.${entity.tableName}`);
          const name = known ? pluralOf(known, language) : entity.tableName;
          const join = index > 0 ? definition.joins[index - 1] : undefined;
          const other =
            join &&
            findEntity(
              catalog,
              join.table2Name === entity.tableName && join.schema2Name === entity.schemaName
                ? `${join.schema1Name}.${join.table1Name}`
                : `${join.schema2Name}.${join.table2Name}`,
            );
          return (
            <Box key={`${entity.schemaName}.${entity.tableName}`} as="section">
              <Heading as="h2" size="md" mb="2">
                {index === 0
                  ? t("advancedSearch.viewPage.mainEntity", { name })
                  : t("advancedSearch.viewPage.joined", { name, other: other ? pluralOf(other, language) : "" })}
              </Heading>
              <List.Root gap="1" ps="5">
                {join && (
                  <List.Item>
                    {t("advancedSearch.viewPage.joinType", { type: joinTypeText(join.joinType, other, known) })}
                  </List.Item>
                )}
                <List.Item>
                  {t("advancedSearch.viewPage.fields", {
                    fields: entity.selectedFields.map((field) => describe.field(known, field.key)).join(", ") || "—",
                  })}
                </List.Item>
                {entity.filters.map((filter) => (
                  <List.Item key={`${filter.field} ${filter.operation} ${filter.paramValue ?? ""}`}>
                    {t("advancedSearch.viewPage.filter", {
                      field: describe.field(known, filter.field),
                      operation: describe.operation(filter.operation),
                      value: describe.value(known, filter.field, filter.paramValue),
                    }).trim()}
                  </List.Item>
                ))}
                {entity.dateFilter?.field && (
                  <List.Item>
                    {t("advancedSearch.viewPage.dateRange", {
                      field: describe.field(known, entity.dateFilter.field),
                      from: entity.dateFilter.from ?? "",
                      to: entity.dateFilter.to ?? "",
                    })}
                  </List.Item>
                )}
              </List.Root>
            </Box>
          );
        })}
        <Text>
          {definition.sort?.field
            ? t("advancedSearch.viewPage.sort", {
                field: describe.field(sortEntity, definition.sort.field),
                direction: t(
                  definition.sort.direction === "desc"
                    ? "advancedSearch.builder.descending"
                    : "advancedSearch.builder.ascending",
                ).toLowerCase(),
              })
            : main && t("advancedSearch.viewPage.sortDefault")}
        </Text>
      </Stack>
    </Page>
  );
}

/** Names of a definition's parts in the page's language. */
function describer(language: "en" | "nb", t: (key: string) => string) {
  const fieldOf = (entity: ReturnType<typeof findEntity>, key: string) => entity?.fields.find((f) => f.key === key);
  return {
    field: (entity: ReturnType<typeof findEntity>, key: string) => {
      const field = fieldOf(entity, key);
      return field ? labelOf(field, language) : key;
    },
    operation: (operation: SearchOperation) => t(`advancedSearch.operations.${operationKeys[operation]}`),
    value: (entity: ReturnType<typeof findEntity>, key: string, value: string | undefined) => {
      if (value === undefined || value === "") return "";
      const field = fieldOf(entity, key);
      const option = field?.options.find((item) => item.value === value);
      if (option) return labelOf(option, language);
      if (field?.type === "Bool") return t(value === "true" ? "common.yes" : "common.no");
      return value;
    },
  };
}

/** A saved query's rows, a page at a time, with its export. */
export function QueryRunScreen({ query, may, result, page, lastPage, goTo, here }: QueryRunData) {
  const { t } = useTranslation();
  const main = query.definition.entities[0];
  return (
    <Page>
      <PageHeader
        title={query.name}
        breadcrumb={{ label: t("advancedSearch.title"), to: queriesUrl({ type: query.queryType }) }}
        actions={<QueryActions query={query} may={may} current="run" />}
      />
      {result && main && (
        <>
          <ResultTable result={result} mainEntity={`${main.schemaName}.${main.tableName}`} testId="query-result" />
          <ListFooter
            page={page}
            lastPage={lastPage}
            pageSize={QUERY_PAGE_SIZE}
            total={result.totalElements}
            exact
            pageTo={(number) => queryUrl(query.queryType, query.id, "run", { page: number > 1 ? number : undefined })}
            goTo={{
              to: queryUrl(query.queryType, query.id, "run", { page: page > 1 ? page : undefined, goto: "1" }),
              state: goTo,
              action: here,
              keep: {},
              closeTo: queryUrl(query.queryType, query.id, "run", { page: page > 1 ? page : undefined }),
            }}
          />
        </>
      )}
      {!result && <Text color="fg.muted">{t("advancedSearch.runPage.failed")}</Text>}
    </Page>
  );
}
