import { lazy, type ReactNode, Suspense } from "react";
import { useAnchorNavigation } from "../utils/anchor-navigation.ts";
import { useLanguage } from "../utils/i18n.ts";
import { formatNumber } from "../utils/numbers.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { GoToPageState } from "./go-to-page.ts";

const loadGoToPageDialog = () => import("./go-to-page-dialog.tsx");
// Most page views never open it: its code (a dialog, a form) loads when it opens, or when a pointer nears "Go to".
const GoToPageDialog = lazy(loadGoToPageDialog);

export interface ListFooterProps {
  /** The page shown, from 1, and the last page there is. */
  page: number;
  lastPage: number;
  pageSize: number;
  total: number;
  /** False when `total` is only a lower bound: "of more than …". */
  exact: boolean;
  /** The link to a page of the same list. */
  pageTo: (page: number) => string;
  /** "Go to": the link that opens the dialog, and what the dialog needs once open; short lists go without. */
  goTo?: {
    to: string;
    state: GoToPageState;
    action: string;
    keep: Record<string, string>;
    closeTo: string;
  };
}

/** The page numbers around the current one, so the buttons stay few on long lists. */
function pageWindow(current: number, last: number): number[] {
  const start = Math.max(1, Math.min(current - 2, last - 4));
  const end = Math.min(last, start + 4);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/**
 * Under a list: "Showing X to Y of Z entries" (spec §2), page buttons and "Go to". Every list page shows it, so it is
 * plain elements with classes from the stylesheet.
 */
export function ListFooter({ page, lastPage, pageSize, total, exact, pageTo, goTo }: ListFooterProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  const preload = { onPointerEnter: loadGoToPageDialog, onFocus: loadGoToPageDialog };
  const navigateByAnchor = useAnchorNavigation();
  return (
    // The page buttons are plain anchors that this one handler navigates by (useAnchorNavigation).
    // biome-ignore lint/a11y/useKeyWithClickEvents: the anchors are what is clicked, and Enter on an anchor is a click.
    <nav aria-label={t("list.pagination")} className="ws-pagination" onClick={navigateByAnchor}>
      <p data-testid="list-footer" className="ws-list-footer">
        {t(exact ? "list.showing" : "list.showingMoreThan", {
          from: formatNumber(from, language),
          to: formatNumber(to, language),
          total: formatNumber(total, language),
        })}
      </p>
      <div className="chakra-stack ws-page-buttons">
        <PageButton to={pageTo(page - 1)} disabled={page <= 1}>
          {t("list.previous")}
        </PageButton>
        {pageWindow(page, lastPage).map((n) => (
          <PageButton key={n} to={pageTo(n)} current={n === page}>
            {n}
          </PageButton>
        ))}
        <PageButton to={pageTo(page + 1)} disabled={page >= lastPage}>
          {t("list.next")}
        </PageButton>
        {goTo && (
          <PageButton to={goTo.to} {...preload}>
            {t("list.goTo")}
          </PageButton>
        )}
      </div>
      {goTo?.state.open && (
        <Suspense fallback={null}>
          <GoToPageDialog
            action={goTo.action}
            keep={goTo.keep}
            lastPage={lastPage}
            state={goTo.state}
            closeTo={goTo.closeTo}
          />
        </Suspense>
      )}
    </nav>
  );
}

function PageButton({
  to,
  disabled,
  current,
  children,
  ...rest
}: {
  to: string;
  disabled?: boolean;
  current?: boolean;
  children: ReactNode;
  onPointerEnter?: () => void;
  onFocus?: () => void;
}) {
  if (disabled) {
    return (
      <button type="button" disabled className="chakra-button ws-button-xs-ghost">
        {children}
      </button>
    );
  }
  return (
    <a
      href={to}
      aria-current={current ? "page" : undefined}
      className={`chakra-button ${current ? "ws-button-xs-current" : "ws-button-xs-outline"}`}
      data-discover="true"
      {...rest}
    >
      {children}
    </a>
  );
}

/** How many items a list has in all, as the API counted them exactly, and how many a page shows. */
export interface CountedPage {
  totalElements: number;
  size: number;
}

/** The footer of a list the API counted exactly, with its last page worked out from the count (at least page 1). */
export function CountedListFooter({
  page,
  of,
  pageTo,
}: {
  page: number;
  of: CountedPage;
  pageTo: (page: number) => string;
}) {
  return (
    <ListFooter
      page={page}
      lastPage={Math.max(1, Math.ceil(of.totalElements / of.size))}
      pageSize={of.size}
      total={of.totalElements}
      exact
      pageTo={pageTo}
    />
  );
}
