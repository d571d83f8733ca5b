import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageShortcut } from "./page-shortcut.tsx";

export interface PageHeaderProps {
  title: string;
  /** A link back to the list the page belongs to. */
  breadcrumb?: { label: string; to: string };
  /** Under the title, such as the record's status badge. */
  meta?: ReactNode;
  /** The page's actions, usually ButtonLinks; the first is the main one. */
  actions?: ReactNode;
  /** Whether the page offers "Add to shortcuts" (named by its title); the shortcuts page itself does not. */
  shortcut?: boolean;
}

/** A page's title with its actions: every list and record page starts with it. */
export function PageHeader({ title, breadcrumb, meta, actions, shortcut = true }: PageHeaderProps) {
  return (
    <div className="ws-page-header">
      <div className="chakra-stack ws-page-heading">
        {breadcrumb && (
          <p className="ws-breadcrumb">
            <Link to={breadcrumb.to} className="chakra-link ws-link">
              {breadcrumb.label}
            </Link>
          </p>
        )}
        <h1 className="chakra-heading ws-heading">{title}</h1>
        {meta}
      </div>
      {(actions || shortcut) && (
        <div className="chakra-stack ws-page-actions">
          {actions}
          {shortcut && <PageShortcut title={title} />}
        </div>
      )}
    </div>
  );
}

/** A page of the app: its header, then its parts, spaced evenly. */
export function Page({ children }: { children: ReactNode }) {
  return <div className="chakra-stack ws-page">{children}</div>;
}
