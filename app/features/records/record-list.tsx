import type { EntityInfo, MetaStatus, RecordDto } from "../../../server/contract/records.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { DataTable, type DataTableColumn, TableLink } from "../../components/data-table.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import {
  FilterBar,
  FilterDate,
  FilterError,
  FilterSelect,
  QuickFilters,
  SearchInput,
} from "../../components/filter-bar.tsx";
import type { GoToPageState } from "../../components/go-to-page.ts";
import { ListFooter } from "../../components/list-footer.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { excerpt, valueText } from "../../components/value-text.ts";
import { useDateSettings } from "../../utils/date-settings.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { entityPlural, fieldLabel, statusName } from "./field-labels.ts";
import { preloadRecordPanel } from "./lazy-panels.tsx";
import { filterEntries, type ListParams, listQuery } from "./list-params.ts";
import { listColumnKeys, PAGE_SIZES, type RecordScreen, screens } from "./screens.ts";

/** A page of a list: of each record, only the values of the list's columns, and its linked records' names. */
export interface ListPage {
  content: (Pick<RecordDto, "uuid" | "rowName" | "statusId" | "values"> & {
    related: { uuid: string; name: string }[];
  })[];
  totalElements: number;
  totalExact: boolean;
}

export interface RecordListProps {
  screen: RecordScreen;
  info: EntityInfo;
  page: ListPage;
  statuses: MetaStatus[];
  params: ListParams;
  lastPage: number;
  goTo: GoToPageState;
  /** Whether the list shows each record's linked records of the other side (the user may read them and their links). */
  showsRelated: boolean;
  canCreate: boolean;
  /** Whether the toolbar offers Import (into this entity) and Export (of this list). */
  canImport: boolean;
  canExport: boolean;
  /** The filters' error text key, when the filters were not applied as given. */
  filterError: string | null;
  /** The user's id ("Assigned to me") and date (what is overdue). */
  me: string;
  today: string;
  /** Starts loading the export panel's code (the bulk data's), as a pointer or focus reaches Export. */
  preloadExport?: () => void;
}

type Row = ListPage["content"][number];

/** A list of records (companies, contacts): filters, the table, the footer. Built from the UI kit only. */
export function RecordList({
  screen,
  info,
  page,
  statuses,
  params,
  lastPage,
  goTo,
  showsRelated,
  canCreate,
  canImport,
  canExport,
  filterError,
  me,
  today,
  preloadExport,
}: RecordListProps) {
  const { t } = useTranslation();
  const dates = useDateSettings();
  const { language } = dates;
  const settings = { ...dates, yes: t("common.yes"), no: t("common.no") };
  const base = `/${screen.path}`;
  const nameKey = info.fields.find((f) => f.partOfName)?.key;
  const [sortedBy, sortedDirection = "asc"] = (params.sort || screen.defaultSort || `${nameKey},asc`).split(",");
  const sort = (key: string) => {
    const direction = sortedBy === key ? (sortedDirection as "asc" | "desc") : undefined;
    const next = direction === "asc" ? "desc" : "asc";
    return { to: `${base}${listQuery(params, { sort: `${key},${next}`, page: 1 })}`, direction };
  };
  const viewLabel = t("common.view");
  const dueField = info.fields.find((field) => field.active && field.settings.due);
  const closedStatuses = new Set(statuses.filter((status) => status.closed).map((status) => status.metaStatusId));
  const isOverdue = (record: Row) => {
    const due = dueField ? record.values[dueField.key] : undefined;
    return typeof due === "string" && due < today && !(record.statusId && closedStatuses.has(record.statusId));
  };
  const filterFields = (screen.listFilters ?? []).flatMap((key) => {
    const field = info.fields.find((f) => f.active && f.key === key);
    return field ? [field] : [];
  });
  const assigneeField = filterFields.find((field) => field.settings.optionsFrom === "user");
  const related = screen.related ? screens[screen.related.screen] : undefined;

  const columns: DataTableColumn<Row>[] = [
    {
      key: "name",
      header: t("list.name"),
      sort: nameKey ? sort(nameKey) : undefined,
      kind: "primary",
      cell: (record) => (
        <>
          <TableLink href={`${base}/${record.uuid}`}>{record.rowName || record.uuid}</TableLink>
          {dueField && isOverdue(record) && (
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
    ...listColumnKeys(screen, info.fields).flatMap((key): DataTableColumn<Row>[] => {
      const field = info.fields.find((f) => f.key === key && f.active);
      if (!field) return [];
      return [
        {
          key,
          header: fieldLabel(field, language),
          sort: sort(key),
          cell: (record) =>
            field.type === "LongText"
              ? excerpt(valueText(field, record.values[key], settings))
              : valueText(field, record.values[key], settings),
        },
      ];
    }),
    ...(showsRelated && screen.related && related
      ? [
          {
            key: "related",
            header: t(`tabs.${screen.related.tab}`),
            cell: (record: Row) =>
              record.related.map((other, index) => (
                <span key={other.uuid}>
                  {index > 0 && ", "}
                  <TableLink href={`/${related.path}/${other.uuid}`}>{other.name}</TableLink>
                </span>
              )),
          },
        ]
      : []),
    ...(statuses.length > 0
      ? [
          {
            key: "status",
            header: t("list.status"),
            cell: (record: Row) =>
              record.statusId && <StatusBadge>{statusName(statuses, record.statusId, language)}</StatusBadge>,
          },
        ]
      : []),
    {
      key: "view",
      header: "",
      kind: "action",
      cell: (record) => (
        <TableLink href={`${base}/${record.uuid}?panel=view`} label={`${viewLabel} ${record.rowName}`}>
          {viewLabel}
        </TableLink>
      ),
    },
  ];

  const filtered =
    params.q.length >= 3 || params.statusId !== "" || Object.keys(params.filters).length > 0 || params.overdue;
  const withFilter = (name: string, value: string | undefined) => {
    const filters = { ...params.filters };
    if (value === undefined) delete filters[name];
    else filters[name] = value;
    return `${base}${listQuery(params, { filters, page: 1 })}`;
  };
  const quickFilters = [
    ...(assigneeField
      ? [
          {
            label: t("list.assignedToMe"),
            on: params.filters[assigneeField.key] === me,
            to: withFilter(assigneeField.key, params.filters[assigneeField.key] === me ? undefined : me),
          },
        ]
      : []),
    ...(dueField
      ? [
          {
            label: t("list.overdue"),
            on: params.overdue,
            to: `${base}${listQuery(params, { overdue: !params.overdue, page: 1 })}`,
          },
        ]
      : []),
  ];
  const plural = entityPlural(info, language);
  return (
    <Page>
      <PageHeader
        title={plural}
        actions={
          <>
            {canCreate && (
              <ButtonLink
                variant="primary"
                to={`${base}${listQuery(params, { panel: "add" })}`}
                onPointerEnter={preloadRecordPanel}
                onFocus={preloadRecordPanel}
              >
                {screen.upload ? t("attachments.upload") : t("common.add")}
              </ButtonLink>
            )}
            {canImport && (
              <ButtonLink to={`/imports/new?entity=${screen.schema}.${screen.table}`}>
                {t("bulk.imports.import")}
              </ButtonLink>
            )}
            {canExport && (
              <ButtonLink
                to={`${base}${listQuery(params, { panel: "export" })}`}
                onPointerEnter={preloadExport}
                onFocus={preloadExport}
              >
                {t("bulk.exports.export")}
              </ButtonLink>
            )}
          </>
        }
      />
      {quickFilters.length > 0 && <QuickFilters label={t("list.quickFilters")} items={quickFilters} />}
      <FilterBar action={base} keep={{ sort: params.sort, overdue: params.overdue ? "1" : "" }}>
        <SearchInput name="q" defaultValue={params.q} />
        {statuses.length > 0 && (
          <FilterSelect
            name="statusId"
            label={t("list.status")}
            defaultValue={params.statusId}
            options={[
              { value: "", label: t("list.allStatuses") },
              ...statuses.map((status) => ({
                value: status.metaStatusId,
                label: statusName(statuses, status.metaStatusId, language),
              })),
            ]}
          />
        )}
        {filterFields.map((field) => {
          const label = fieldLabel(field, language);
          if (field.type === "Date") {
            return ["from", "to"].map((end) => (
              <FilterDate
                key={`${field.key}.${end}`}
                name={`filter.${field.key}.${end}`}
                label={t(`list.${end}`, { field: label })}
                defaultValue={params.filters[`${field.key}.${end}`] ?? ""}
              />
            ));
          }
          return (
            <FilterSelect
              key={field.key}
              name={`filter.${field.key}`}
              label={label}
              defaultValue={params.filters[field.key] ?? ""}
              options={[
                { value: "", label: t("list.anyValue", { field: label }) },
                ...(field.settings.options ?? []).map((option) => ({
                  value: option.value,
                  label: language === "nb" ? option.labelNb : option.labelEn,
                })),
              ]}
            />
          );
        })}
        <FilterSelect
          name="size"
          label={t("list.pageSize")}
          defaultValue={String(params.size)}
          options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
        />
        {filterError && <FilterError>{t(filterError)}</FilterError>}
      </FilterBar>
      <DataTable
        columns={columns}
        rows={page.content}
        rowKey={(record) => record.uuid}
        rowTone={(record) => (dueField && isOverdue(record) ? "danger" : undefined)}
        onActionLinkIntent={preloadRecordPanel}
        empty={
          page.totalElements === 0 && !filtered ? (
            <EmptyState
              title={t("records.emptyTitle", { entities: plural.toLowerCase() })}
              description={canCreate ? t("records.emptyText") : undefined}
            />
          ) : (
            t("list.noRecords")
          )
        }
      />
      <ListFooter
        page={params.page}
        lastPage={lastPage}
        pageSize={params.size}
        total={page.totalElements}
        exact={page.totalExact}
        pageTo={(number) => `${base}${listQuery(params, { page: number })}`}
        goTo={{
          to: `${base}${listQuery(params, { goto: true })}`,
          state: goTo,
          action: base,
          keep: {
            q: params.q,
            statusId: params.statusId,
            sort: params.sort,
            size: String(params.size),
            overdue: params.overdue ? "1" : "",
            ...Object.fromEntries(filterEntries(params.filters)),
          },
          closeTo: `${base}${listQuery(params)}`,
        }}
      />
    </Page>
  );
}
