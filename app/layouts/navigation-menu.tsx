import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { EntityIconView } from "../components/entity-icons.tsx";
import { ChartIcon, SettingsIcon, StarIcon } from "../components/icons.tsx";
import { useAnchorNavigation } from "../utils/anchor-navigation.ts";
import { type NavItem, navItems } from "../utils/navigation.ts";
import { SHORTCUTS_PATH } from "../utils/shortcut-urls.ts";
import { useTranslation } from "../utils/translation.tsx";

/** A shortcut as the menu needs it: shown ones are listed, in the user's order. */
export interface MenuShortcut {
  uuid: string;
  name: string;
  url: string;
  visible: boolean;
}

export interface MenuPermissions {
  companyAdmin: boolean;
  permissions: { name: string; operation: string }[];
  /** The custom entities the user may read, each an entry after the built-in ones. */
  customEntities?: { key: string; pluralEn: string; pluralNb: string; icon: string }[];
  /** The user's shortcuts in their order. */
  shortcuts?: MenuShortcut[];
  /** The dashboards of the menu the user sees, in their order. */
  dashboards?: { uuidKey: string; name: string }[];
}

type Direction = "column" | "row";

/**
 * An entry of the menu: a plain anchor that the menu's one click handler navigates by (useAnchorNavigation), marked as
 * the current page as a <NavLink> would mark it. Every page shows the menu twice (the sidebar, and the bar on narrow
 * screens), so its thirty-odd links cost no router hooks each.
 */
function MenuLink({ to, current, children }: { to: string; current: boolean; children: ReactNode }) {
  return (
    <a href={to} className="ws-menu-link" aria-current={current ? "page" : undefined} data-discover="true">
      {children}
    </a>
  );
}

/** Whether `pathname` is the page of `to`, or (unless `end`) one of its pages. */
function isCurrent(pathname: string, to: string, end = false): boolean {
  if (pathname === to) return true;
  return !end && pathname.startsWith(to.endsWith("/") ? to : `${to}/`);
}

/** Plain elements with classes from the stylesheet (app/styles/static-classes/static-classes.tsx): every page shows the menu. */
export function NavigationMenu({ direction, user }: { direction: Direction; user: MenuPermissions }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const navigateByAnchor = useAnchorNavigation();
  const norwegian = i18n.language === "nb";
  const items = navItems.filter(
    (item) =>
      !item.resource ||
      user.companyAdmin ||
      user.permissions.some((p) => p.operation === "Read" && [item.resource ?? []].flat().includes(p.name)),
  );
  const entry = (item: NavItem) => (
    <li key={item.to}>
      <MenuLink to={item.to} current={isCurrent(pathname, item.to, item.end)}>
        <item.icon />
        {t(item.label)}
      </MenuLink>
    </li>
  );
  return (
    // Clicks on the menu's anchors bubble here; the wrapper takes no box of its own.
    // biome-ignore lint/a11y/noStaticElementInteractions: the anchors inside are what is clicked, and keyboard activation of an anchor is a click.
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above.
    <div style={{ display: "contents" }} onClick={navigateByAnchor}>
      <nav aria-label={t("nav.label")}>
        <ul className={`chakra-stack ${direction === "column" ? "ws-menu-column" : "ws-menu-row"}`}>
          {items.filter((item) => !item.trailing).map(entry)}
          {user.customEntities?.map((entity) => {
            const to = `/custom-entity/${entity.key}`;
            return (
              <li key={entity.key}>
                <MenuLink to={to} current={isCurrent(pathname, to)}>
                  <EntityIconView name={entity.icon} />
                  {norwegian ? entity.pluralNb : entity.pluralEn}
                </MenuLink>
              </li>
            );
          })}
          {items.filter((item) => item.trailing).map(entry)}
        </ul>
      </nav>
      {user.dashboards && user.dashboards.length > 0 && (
        <DashboardsMenu direction={direction} dashboards={user.dashboards} pathname={pathname} t={t} />
      )}
      <ShortcutsMenu direction={direction} shortcuts={user.shortcuts ?? []} pathname={pathname} t={t} />
    </div>
  );
}

interface SubmenuProps {
  direction: Direction;
  pathname: string;
  t: TFunction;
}

/** The dashboards marked for the menu that the user's groups see (spec §3, §6), under a heading of their own. */
function DashboardsMenu({
  direction,
  dashboards,
  pathname,
  t,
}: SubmenuProps & { dashboards: NonNullable<MenuPermissions["dashboards"]> }) {
  const headingId = `menu-dashboards-${direction}`;
  return (
    <nav aria-labelledby={headingId} data-testid="menu-dashboards">
      <h2 id={headingId} className="chakra-heading ws-menu-heading">
        {t("dashboards.menu")}
      </h2>
      <ul className={`chakra-stack ${direction === "column" ? "ws-menu-column" : "ws-menu-row"}`}>
        {dashboards.map((dashboard) => {
          const to = `/dashboard/${dashboard.uuidKey}`;
          return (
            <li key={dashboard.uuidKey}>
              <MenuLink to={to} current={isCurrent(pathname, to)}>
                <ChartIcon />
                {dashboard.name}
              </MenuLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The user's shown shortcuts in their order, under a heading of their own, and the page that manages them. A
 * shortcut's address may carry a query, so none is marked as the current page.
 */
function ShortcutsMenu({ direction, shortcuts, pathname, t }: SubmenuProps & { shortcuts: MenuShortcut[] }) {
  // The menu is rendered once per layout place (the sidebar, and the bar on narrow screens): ids differ by place.
  const headingId = `menu-shortcuts-${direction}`;
  return (
    <nav aria-labelledby={headingId} data-testid="menu-shortcuts">
      <h2 id={headingId} className="chakra-heading ws-menu-heading">
        {t("shortcuts.title")}
      </h2>
      <ul className={`chakra-stack ${direction === "column" ? "ws-menu-column" : "ws-menu-row"}`}>
        {shortcuts
          .filter((shortcut) => shortcut.visible)
          .map((shortcut) => (
            <li key={shortcut.uuid}>
              <MenuLink to={shortcut.url} current={false}>
                <StarIcon />
                {shortcut.name}
              </MenuLink>
            </li>
          ))}
        <li>
          <MenuLink to={SHORTCUTS_PATH} current={isCurrent(pathname, SHORTCUTS_PATH, true)}>
            <SettingsIcon />
            {t("shortcuts.manage")}
          </MenuLink>
        </li>
      </ul>
    </nav>
  );
}
