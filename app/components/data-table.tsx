import { type ReactNode, useEffect, useState } from "react";
import { useAnchorNavigation } from "../utils/anchor-navigation.ts";
import { useTranslation } from "../utils/translation.tsx";

export interface DataTableColumn<Row> {
  key: string;
  header: string;
  /** A header that sorts: where it links (the list sorted by this column), and the direction sorted in now, if so. */
  sort?: { to: string; direction?: "asc" | "desc" };
  cell: (row: Row) => ReactNode;
  /** "primary": the row's name, emphasised; "action": at the end, aligned right. */
  kind?: "primary" | "action";
}

export interface DataTableProps<Row> {
  columns: DataTableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Shown in place of the rows when there are none: a line of text, or an EmptyState. */
  empty: ReactNode;
  /** A checkbox per row, named `name`, with the row's key as its value: for a bulk action's form. */
  selection?: { name: string; form?: string; label: (row: Row) => string };
  /** Called when the pointer or focus reaches a link in an action cell: a chance to start loading what it opens. */
  onActionLinkIntent?: () => void;
  /** Marks rows that need attention ("danger": an overdue item); the row also says why in one of its cells. */
  rowTone?: (row: Row) => "danger" | undefined;
  /** An id for each row, so an address can point at it (`#id`) and the page scroll there. */
  rowId?: (row: Row) => string;
}

/** A cell's class by its kind; the table body's rules in the stylesheet style them. */
const cellClasses = { primary: "ws-cell-primary", action: "ws-cell-action" } as const;

/**
 * A list's table: headers that sort by link, rows whose links are plain anchors, an empty state. A list page renders
 * hundreds of cells on every request, so the table is plain elements with classes from the stylesheet, as Chakra's
 * Table renders them.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  empty,
  selection,
  onActionLinkIntent,
  rowTone,
  rowId,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const rowLinks = useRowLinks(onActionLinkIntent);
  const navigateByAnchor = useAnchorNavigation();
  const width = columns.length + (selection ? 1 : 0);
  return (
    <div className="ws-table-frame">
      <table className="chakra-table__root ws-table">
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the sort links are what is clicked, and Enter on a link is a click. */}
        <thead className="chakra-table__header" onClick={navigateByAnchor}>
          <tr className="chakra-table__row ws-table-row">
            {selection && (
              <th className="chakra-table__columnHeader ws-table-column-header">
                <SelectAll name={selection.name} form={selection.form} label={t("list.selectAll")} />
              </th>
            )}
            {columns.map((column) => (
              <th
                key={column.key}
                aria-sort={
                  column.sort?.direction === "asc"
                    ? "ascending"
                    : column.sort?.direction === "desc"
                      ? "descending"
                      : undefined
                }
                className="chakra-table__columnHeader ws-table-column-header"
              >
                {column.sort ? (
                  <a
                    href={column.sort.to}
                    aria-label={t("list.sortBy", { field: column.header })}
                    className="chakra-link ws-link"
                    data-discover="true"
                  >
                    {column.header}
                    {column.sort.direction === "asc" ? " ▲" : column.sort.direction === "desc" ? " ▼" : ""}
                  </a>
                ) : column.header === "" ? (
                  // A column of row actions has no heading to show, but a table's header cell needs a name to read.
                  <span className="ws-visually-hidden">{t("list.actions")}</span>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="chakra-table__body ws-table-body" {...rowLinks}>
          {rows.length === 0 ? (
            <tr className="chakra-table__row ws-table-row">
              <td colSpan={width} className="chakra-table__cell ws-table-cell">
                {typeof empty === "string" ? <p className="ws-no-records">{empty}</p> : empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} id={rowId?.(row)} data-tone={rowTone?.(row)}>
                {selection && (
                  <td className="ws-cell-select">
                    <input
                      type="checkbox"
                      name={selection.name}
                      value={rowKey(row)}
                      form={selection.form}
                      aria-label={t("list.selectRow", { name: selection.label(row) })}
                    />
                  </td>
                )}
                {columns.map((column) => (
                  <td key={column.key} className={column.kind ? cellClasses[column.kind] : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A link in a table cell: a plain anchor (see useRowLinks). */
export function TableLink({ href, label, children }: { href: string; label?: string; children: ReactNode }) {
  return (
    <a href={href} aria-label={label} data-discover="true">
      {children}
    </a>
  );
}

/** Checks every row's box; it needs JavaScript, so it appears once the page is interactive. */
function SelectAll({ name, form, label }: { name: string; form?: string; label: string }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <input
      type="checkbox"
      aria-label={label}
      onChange={(event) => {
        const table = event.currentTarget.closest("table");
        for (const box of table?.querySelectorAll<HTMLInputElement>(`tbody input[name="${name}"]`) ?? []) {
          if (!form || box.getAttribute("form") === form) box.checked = event.currentTarget.checked;
        }
      }}
    />
  );
}

/**
 * A table's links are plain anchors: a page holds fifty of them, and React Router's <Link> costs its hooks for each on
 * every render. One handler on the table body navigates within the app (useAnchorNavigation).
 */
function useRowLinks(onActionLinkIntent: (() => void) | undefined) {
  const onClick = useAnchorNavigation();
  const linkIn = (event: React.SyntheticEvent) => (event.target instanceof Element ? event.target.closest("a") : null);
  const intent = (event: React.SyntheticEvent) => {
    if (onActionLinkIntent && linkIn(event)?.closest(".ws-cell-action")) onActionLinkIntent();
  };
  return { onClick, onPointerOver: intent, onFocus: intent };
}
