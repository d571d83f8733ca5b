import { Box, Heading, Link, Table, Text } from "@chakra-ui/react";
import { Form, Link as RouterLink } from "react-router";
import type { EntityInfo, MetaStatus, RecordPage } from "../../../server/contract/records.ts";
import { Button } from "../../components/button.tsx";
import { Flex, HStack, Stack } from "../../components/layout.tsx";
import { LabelledInput, LabelledSelect } from "../../components/plain-fields.tsx";
import { useTranslation } from "../../utils/translation.tsx";
import { displayValue, entityPlural, fieldLabel, statusName } from "./field-labels.ts";
import { GoToDialog, preloadOn } from "./lazy-panels.tsx";
import { type ListParams, listQuery } from "./list-params.ts";
import { PAGE_SIZES, type RecordScreen } from "./screens.ts";

export interface RecordListProps {
  screen: RecordScreen;
  info: EntityInfo;
  page: RecordPage;
  statuses: MetaStatus[];
  params: ListParams;
  lastPage: number;
  goTo: { open: boolean; value: string; error: boolean };
  canCreate: boolean;
}

/** The page numbers around the current one, so the buttons stay few on long lists. */
function pageWindow(current: number, last: number): number[] {
  const start = Math.max(1, Math.min(current - 2, last - 4));
  const end = Math.min(last, start + 4);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/**
 * Rows are plain elements styled once here, as Chakra's Table, Link and Badge recipes would style them: a page holds
 * hundreds of cells, and a styled component per cell made most of the server's rendering time.
 */
const rowStyles = {
  "& > tr > td": { px: "2", py: "2", borderBottomWidth: "1px", textAlign: "start" },
  "& a": {
    display: "inline-flex",
    alignItems: "center",
    gap: "1.5",
    borderRadius: "l1",
    outline: "none",
    color: "gray.fg",
    focusVisibleRing: "outside",
    _hover: { textDecoration: "underline", textUnderlineOffset: "3px", textDecorationColor: "currentColor/20" },
  },
  "& .record-name": { fontWeight: "medium" },
  "& .record-name a": { color: "teal.fg" },
  "& .record-view": { textAlign: "end" },
  "& .record-view a": { fontSize: "sm" },
  "& .status": {
    display: "inline-flex",
    alignItems: "center",
    minH: "5",
    px: "1.5",
    gap: "1",
    borderRadius: "l2",
    bg: "gray.subtle",
    color: "gray.fg",
    textStyle: "xs",
    fontWeight: "medium",
    fontVariantNumeric: "tabular-nums",
    whiteSpace: "nowrap",
    userSelect: "none",
  },
} as const;

export function RecordList({ screen, info, page, statuses, params, lastPage, goTo, canCreate }: RecordListProps) {
  const { t, language } = useTranslation();
  const nameFields = info.fields.filter((f) => f.partOfName);
  const columns = screen.listColumns
    .map((key) => info.fields.find((f) => f.key === key && f.active))
    .filter((f) => f !== undefined);
  const from = page.totalElements === 0 ? 0 : (params.page - 1) * params.size + 1;
  const to = Math.min(params.page * params.size, page.totalElements);
  const sortKey = nameFields[0]?.key;
  const yesNo: [string, string] = [t("records.yes"), t("records.no")];
  const viewLabel = t("records.view");
  const panelPreload = preloadOn("recordPanel");

  const sortLink = (key: string) => {
    const [current, direction] = params.sort.split(",");
    const active = current === key || (!params.sort && key === sortKey);
    const next = active && (direction ?? "asc") === "asc" ? "desc" : "asc";
    return {
      to: `/${screen.path}${listQuery(params, { sort: `${key},${next}`, page: 1 })}`,
      active,
      direction: active ? (direction ?? "asc") : undefined,
    };
  };

  return (
    <Stack gap="5">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading as="h1" size="2xl">
          {entityPlural(info, language)}
        </Heading>
        {canCreate && (
          <Button asChild colorPalette="teal">
            <RouterLink to={`/${screen.path}${listQuery(params, { panel: "add" })}`} {...panelPreload}>
              {t("records.add")}
            </RouterLink>
          </Button>
        )}
      </Flex>

      <Form method="get" action={`/${screen.path}`} role="search">
        <Flex gap="3" wrap="wrap" align="end">
          <LabelledInput
            label={t("records.search")}
            flex="1"
            minW="60"
            input={{ name: "q", type: "search", defaultValue: params.q, placeholder: t("records.searchPlaceholder") }}
          />
          <LabelledSelect
            label={t("records.status")}
            w="auto"
            select={{ name: "statusId", defaultValue: params.statusId, "aria-label": t("records.status") }}
          >
            <option value="">{t("records.allStatuses")}</option>
            {statuses.map((status) => (
              <option key={status.metaStatusId} value={status.metaStatusId}>
                {language === "nb" ? status.nameNb : status.nameEn}
              </option>
            ))}
          </LabelledSelect>
          <LabelledSelect
            label={t("records.pageSize")}
            w="auto"
            select={{ name: "size", defaultValue: String(params.size), "aria-label": t("records.pageSize") }}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </LabelledSelect>
          {params.sort && <input type="hidden" name="sort" value={params.sort} />}
          <Button type="submit" variant="outline">
            {t("records.search")}
          </Button>
        </Flex>
      </Form>

      <Box overflowX="auto" borderWidth="1px" borderRadius="lg" bg="bg">
        <Table.Root size="sm" interactive>
          <Table.Header>
            <Table.Row>
              {[
                { key: sortKey, label: t("records.name") },
                ...columns.map((f) => ({ key: f.key, label: fieldLabel(f, language) })),
              ].map(({ key, label }) => {
                const sort = key ? sortLink(key) : undefined;
                return (
                  <Table.ColumnHeader
                    key={key ?? label}
                    aria-sort={
                      sort?.direction === "asc" ? "ascending" : sort?.direction === "desc" ? "descending" : undefined
                    }
                  >
                    {sort ? (
                      <Link asChild aria-label={t("records.sortBy", { field: label })}>
                        <RouterLink to={sort.to}>
                          {label}
                          {sort.direction === "asc" ? " ▲" : sort.direction === "desc" ? " ▼" : ""}
                        </RouterLink>
                      </Link>
                    ) : (
                      label
                    )}
                  </Table.ColumnHeader>
                );
              })}
              <Table.ColumnHeader>{t("records.status")}</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body css={rowStyles}>
            {page.content.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={columns.length + 3}>
                  <Text color="fg.muted" py="4" textAlign="center">
                    {t("records.noRecords")}
                  </Text>
                </Table.Cell>
              </Table.Row>
            ) : (
              page.content.map((record) => (
                <tr key={record.uuid}>
                  <td className="record-name">
                    <RouterLink to={`/${screen.path}/${record.uuid}`}>{record.rowName || record.uuid}</RouterLink>
                  </td>
                  {columns.map((field) => (
                    <td key={field.key}>{displayValue(field, record.values[field.key], language, yesNo)}</td>
                  ))}
                  <td>
                    {record.statusId && (
                      <span className="status">{statusName(statuses, record.statusId, language)}</span>
                    )}
                  </td>
                  <td className="record-view">
                    <RouterLink
                      to={`/${screen.path}/${record.uuid}?panel=view`}
                      aria-label={`${viewLabel} ${record.rowName}`}
                      {...panelPreload}
                    >
                      {viewLabel}
                    </RouterLink>
                  </td>
                </tr>
              ))
            )}
          </Table.Body>
        </Table.Root>
      </Box>

      <Flex justify="space-between" align="center" gap="3" wrap="wrap" as="nav" aria-label="pagination">
        <Text color="fg.muted" fontSize="sm" data-testid="list-footer">
          {t(page.totalExact ? "records.showing" : "records.showingMoreThan", { from, to, total: page.totalElements })}
        </Text>
        <HStack gap="1" wrap="wrap">
          <PageButton to={`/${screen.path}${listQuery(params, { page: params.page - 1 })}`} disabled={params.page <= 1}>
            {t("records.previous")}
          </PageButton>
          {pageWindow(params.page, lastPage).map((number) => (
            <PageButton
              key={number}
              to={`/${screen.path}${listQuery(params, { page: number })}`}
              current={number === params.page}
            >
              {number}
            </PageButton>
          ))}
          <PageButton
            to={`/${screen.path}${listQuery(params, { page: params.page + 1 })}`}
            disabled={params.page >= lastPage}
          >
            {t("records.next")}
          </PageButton>
          <PageButton to={`/${screen.path}${listQuery(params, { goto: true })}`} preload="goToDialog">
            {t("records.goTo")}
          </PageButton>
        </HStack>
      </Flex>
      {goTo.open && <GoToDialog screen={screen} params={params} lastPage={lastPage} goTo={goTo} />}
    </Stack>
  );
}

function PageButton({
  to,
  disabled,
  current,
  preload,
  children,
}: {
  to: string;
  disabled?: boolean;
  current?: boolean;
  preload?: Parameters<typeof preloadOn>[0];
  children: React.ReactNode;
}) {
  if (disabled) {
    return (
      <Button size="xs" variant="ghost" disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button asChild size="xs" variant={current ? "solid" : "outline"} colorPalette={current ? "teal" : undefined}>
      <RouterLink to={to} aria-current={current ? "page" : undefined} {...(preload && preloadOn(preload))}>
        {children}
      </RouterLink>
    </Button>
  );
}
