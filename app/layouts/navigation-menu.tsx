import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { EntityIconView } from "../components/entity-icons.tsx";
import { ChartIcon, SettingsIcon, StarIcon } from "../components/icons.tsx";
import { type NavItem, navItems } from "../utils/navigation.ts";
import { SHORTCUTS_PATH } from "../utils/shortcut-urls.ts";

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

/** Plain elements with classes from the stylesheet (app/styles/static-classes.tsx): every page shows the menu. */
export function NavigationMenu({ direction, user }: { direction: Direction; user: MenuPermissions }) {
  const { t, i18n } = useTranslation();
  const norwegian = i18n.language === "nb";
  const items = navItems.filter(
    (item) =>
      !item.resource ||
      user.companyAdmin ||
      user.permissions.some((p) => p.operation === "Read" && [item.resource ?? []].flat().includes(p.name)),
  );
  const entry = (item: NavItem) => (
    <li key={item.to}>
      <NavLink to={item.to} end={item.end} className="ws-menu-link">
        <item.icon />
        {t(item.label)}
      </NavLink>
    </li>
  );
  return (
    <>
      <nav aria-label={t("nav.label")}>
        <ul className={`chakra-stack ${direction === "column" ? "ws-menu-column" : "ws-menu-row"}`}>
          {items.filter((item) => !item.trailing).map(entry)}
          {user.customEntities?.map((entity) => (
            <li key={entity.key}>
              <NavLink to={`/custom-entity/${entity.key}`} className="ws-menu-link">
                <EntityIconView name={entity.icon} />
                {norwegian ? entity.pluralNb : entity.pluralEn}
              </NavLink>
            </li>
          ))}
          {items.filter((item) => item.trailing).map(entry)}
        </ul>
      </nav>
      {user.dashboards && user.dashboards.length > 0 && (
        <DashboardsMenu direction={direction} dashboards={user.dashboards} />
      )}
      <ShortcutsMenu direction={direction} shortcuts={user.shortcuts ?? []} />
    </>
  );
}

/** The dashboards marked for the menu that the user's groups see (spec §3, §6), under a heading of their own. */
function DashboardsMenu({
  direction,
  dashboards,
}: {
  direction: Direction;
  dashboards: NonNullable<MenuPermissions["dashboards"]>;
}) {
  const { t } = useTranslation();
  const headingId = `menu-dashboards-${direction}`;
  return (
    <nav aria-labelledby={headingId} data-testid="menu-dashboards">
      <h2 id={headingId} className="chakra-heading ws-menu-heading">
        {t("dashboards.menu")}
      </h2>
      <ul className={`chakra-stack ${direction === "column" ? "ws-menu-column" : "ws-menu-row"}`}>
        {dashboards.map((dashboard) => (
          <li key={dashboard.uuidKey}>
            <NavLink to={`/dashboard/${dashboard.uuidKey}`} className="ws-menu-link">
              <ChartIcon />
              {dashboard.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The user's shown shortcuts in their order, under a heading of their own, and the page that manages them. Plain
 * links: a shortcut's address may carry a query, so none is marked as the current page.
 */
function ShortcutsMenu({ direction, shortcuts }: { direction: Direction; shortcuts: MenuShortcut[] }) {
  const { t } = useTranslation();
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
              <Link to={shortcut.url} className="ws-menu-link">
                <StarIcon />
                {shortcut.name}
              </Link>
            </li>
          ))}
        <li>
          <NavLink to={SHORTCUTS_PATH} end className="ws-menu-link">
            <SettingsIcon />
            {t("shortcuts.manage")}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
