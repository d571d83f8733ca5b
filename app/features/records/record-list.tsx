import { Form, Link as RouterLink, useNavigate } from "react-router";
import type { EntityInfo, MetaStatus, RecordDto } from "../../../server/contract/records.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { displayValue, entityPlural, fieldLabel, statusName } from "./field-labels.ts";
import { GoToDialog, preloadOn } from "./lazy-panels.tsx";
import { type ListParams, listQuery } from "./list-params.ts";
import { PAGE_SIZES, type RecordScreen } from "./screens.ts";

/** A page of a list: of each record, only the values of the list's columns. */
export interface ListPage {
  content: Pick<RecordDto, "uuid" | "rowName" | "statusId" | "values">[];
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
  goTo: { open: boolean; value: string; error: boolean };
  canCreate: boolean;
}

/** The page numbers around the current one, so the buttons stay few on long lists. */
function pageWindow(current: number, last: number): number[] {
  const start = Math.max(1, Math.min(current - 2, last - 4));
  const end = Math.min(last, start + 4);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

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
  const rowLinks = useRowLinks();

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

  // Plain elements with classes from the stylesheet (app/styles/static-classes.tsx): a list page holds hundreds of
  // them, and resolving Chakra's styles for each on every request was most of the page's rendering time.
  return (
    <div className="chakra-stack ws-list">
      <div className="ws-list-title">
        <h1 className="chakra-heading ws-heading">{entityPlural(info, language)}</h1>
        {canCreate && (
          <RouterLink
            to={`/${screen.path}${listQuery(params, { panel: "add" })}`}
            className="chakra-button ws-button-teal"
            {...panelPreload}
          >
            {t("records.add")}
          </RouterLink>
        )}
      </div>

      <Form method="get" action={`/${screen.path}`} role="search">
        <div className="ws-filters">
          <div data-scope="field" data-part="root" className="chakra-field__root ws-field-wide">
            <label
              data-scope="field"
              data-part="label"
              htmlFor="list-search"
              className="chakra-field__label ws-field-label-hidden"
            >
              {t("records.search")}
            </label>
            <input
              id="list-search"
              data-scope="field"
              data-part="input"
              name="q"
              type="search"
              defaultValue={params.q}
              placeholder={t("records.searchPlaceholder")}
              className="chakra-input ws-input"
            />
          </div>
          <FilterSelect id="list-status" name="statusId" label={t("records.status")} defaultValue={params.statusId}>
            <option value="">{t("records.allStatuses")}</option>
            {statuses.map((status) => (
              <option key={status.metaStatusId} value={status.metaStatusId}>
                {language === "nb" ? status.nameNb : status.nameEn}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect id="list-size" name="size" label={t("records.pageSize")} defaultValue={String(params.size)}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </FilterSelect>
          {params.sort && <input type="hidden" name="sort" value={params.sort} />}
          <button type="submit" className="chakra-button ws-button-outline">
            {t("records.search")}
          </button>
        </div>
      </Form>

      <div className="ws-table-frame">
        <table className="chakra-table__root ws-table">
          <thead className="chakra-table__header">
            <tr className="chakra-table__row ws-table-row">
              {[
                { key: sortKey, label: t("records.name") },
                ...columns.map((f) => ({ key: f.key, label: fieldLabel(f, language) })),
              ].map(({ key, label }) => {
                const sort = key ? sortLink(key) : undefined;
                return (
                  <th
                    key={key ?? label}
                    aria-sort={
                      sort?.direction === "asc" ? "ascending" : sort?.direction === "desc" ? "descending" : undefined
                    }
                    className="chakra-table__columnHeader ws-table-column-header"
                  >
                    {sort ? (
                      <RouterLink
                        to={sort.to}
                        aria-label={t("records.sortBy", { field: label })}
                        className="chakra-link ws-sort-link"
                      >
                        {label}
                        {sort.direction === "asc" ? " ▲" : sort.direction === "desc" ? " ▼" : ""}
                      </RouterLink>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
              <th className="chakra-table__columnHeader ws-table-column-header">{t("records.status")}</th>
              <th className="chakra-table__columnHeader ws-table-column-header" />
            </tr>
          </thead>
          <tbody className="chakra-table__body ws-table-body" {...rowLinks}>
            {page.content.length === 0 ? (
              <tr className="chakra-table__row ws-table-row">
                <td colSpan={columns.length + 3} className="chakra-table__cell ws-table-cell">
                  <p className="ws-no-records">{t("records.noRecords")}</p>
                </td>
              </tr>
            ) : (
              page.content.map((record) => (
                <tr key={record.uuid}>
                  <td className="record-name">
                    <a href={`/${screen.path}/${record.uuid}`} data-discover="true">
                      {record.rowName || record.uuid}
                    </a>
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
                    <a
                      href={`/${screen.path}/${record.uuid}?panel=view`}
                      aria-label={`${viewLabel} ${record.rowName}`}
                      data-discover="true"
                    >
                      {viewLabel}
                    </a>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <nav aria-label="pagination" className="ws-pagination">
        <p data-testid="list-footer" className="ws-list-footer">
          {t(page.totalExact ? "records.showing" : "records.showingMoreThan", { from, to, total: page.totalElements })}
        </p>
        <div className="chakra-stack ws-page-buttons">
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
        </div>
      </nav>
      {goTo.open && <GoToDialog screen={screen} params={params} lastPage={lastPage} goTo={goTo} />}
    </div>
  );
}

/**
 * A list's rows link with plain anchors: a page holds fifty of them, and React Router's <Link> costs its hooks for each
 * on every render. One handler on the table body does what a <Link> does with a click, navigating within the app (a
 * click with a modifier key or another button is left to the browser), and starts loading the record panel's code
 * when the pointer or focus reaches a View link. React Router learns the links' routes from `data-discover`, as it
 * does a <Link>'s.
 */
function useRowLinks() {
  const navigate = useNavigate();
  const viewPreload = preloadOn("recordPanel");
  const linkIn = (event: React.SyntheticEvent) => (event.target instanceof Element ? event.target.closest("a") : null);
  return {
    onClick(event: React.MouseEvent) {
      const link = linkIn(event);
      const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
      if (!link || event.defaultPrevented || event.button !== 0 || modified) return;
      event.preventDefault();
      navigate(link.getAttribute("href") ?? "");
    },
    onPointerOver(event: React.PointerEvent) {
      if (linkIn(event)?.closest(".record-view")) viewPreload.onPointerEnter();
    },
    onFocus(event: React.FocusEvent) {
      if (linkIn(event)?.closest(".record-view")) viewPreload.onFocus();
    },
  };
}

/** Chakra's NativeSelect around a plain select: the frame and its chevron. */
/** A labelled native select of the list's filters, as Chakra's Field and NativeSelect would render it. */
function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  children,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div data-scope="field" data-part="root" className="chakra-field__root ws-field">
      <label data-scope="field" data-part="label" htmlFor={id} className="chakra-field__label ws-field-label-hidden">
        {label}
      </label>
      <div className="chakra-native-select__root ws-select">
        <select
          id={id}
          data-scope="field"
          data-part="select"
          name={name}
          defaultValue={defaultValue}
          aria-label={label}
          className="chakra-native-select__field ws-select-field"
        >
          {children}
        </select>
        <div className="chakra-native-select__indicator ws-select-indicator">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="ws-select-chevron">
            <path d="m6 9 6 6 6-6" />
          </svg>
        </div>
      </div>
    </div>
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
      <button type="button" disabled className="chakra-button ws-button-xs-ghost">
        {children}
      </button>
    );
  }
  return (
    <RouterLink
      to={to}
      aria-current={current ? "page" : undefined}
      className={`chakra-button ${current ? "ws-button-xs-current" : "ws-button-xs-outline"}`}
      {...(preload && preloadOn(preload))}
    >
      {children}
    </RouterLink>
  );
}
