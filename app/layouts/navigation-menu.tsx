import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { navItems } from "../utils/navigation.ts";

export interface MenuPermissions {
  companyAdmin: boolean;
  permissions: { name: string; operation: string }[];
}

/** Plain elements with classes from the stylesheet (app/styles/static-classes.tsx): every page shows the menu. */
export function NavigationMenu({ direction, user }: { direction: "column" | "row"; user: MenuPermissions }) {
  const { t } = useTranslation();
  const items = navItems.filter(
    (item) =>
      !item.resource ||
      user.companyAdmin ||
      user.permissions.some((p) => p.name === item.resource && p.operation === "Read"),
  );
  return (
    <nav aria-label={t("nav.label")}>
      <ul className={`chakra-stack ${direction === "column" ? "ws-menu-column" : "ws-menu-row"}`}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className="ws-menu-link">
              <item.icon />
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
