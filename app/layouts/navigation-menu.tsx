import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { EntityIconView } from "../components/entity-icons.tsx";
import { type NavItem, navItems } from "../utils/navigation.ts";

export interface MenuPermissions {
  companyAdmin: boolean;
  permissions: { name: string; operation: string }[];
  /** The custom entities the user may read, each an entry after the built-in ones. */
  customEntities?: { key: string; pluralEn: string; pluralNb: string; icon: string }[];
}

/** Plain elements with classes from the stylesheet (app/styles/static-classes.tsx): every page shows the menu. */
export function NavigationMenu({ direction, user }: { direction: "column" | "row"; user: MenuPermissions }) {
  const { t, i18n } = useTranslation();
  const norwegian = i18n.language === "nb";
  const items = navItems.filter(
    (item) =>
      !item.resource ||
      user.companyAdmin ||
      user.permissions.some((p) => p.name === item.resource && p.operation === "Read"),
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
  );
}
