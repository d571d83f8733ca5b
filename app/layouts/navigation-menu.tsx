import { chakra } from "@chakra-ui/react";
import { NavLink } from "react-router";
import { Stack } from "../components/layout.tsx";
import { navItems } from "../utils/navigation.ts";
import { useTranslation } from "../utils/translation.tsx";

const MenuLink = chakra(NavLink, {
  base: {
    display: "flex",
    alignItems: "center",
    gap: "3",
    px: "3",
    py: "2",
    borderRadius: "md",
    color: "fg.muted",
    fontWeight: "medium",
    whiteSpace: "nowrap",
    _hover: { bg: "bg.muted", color: "fg" },
    _currentPage: { bg: "colorPalette.subtle", color: "colorPalette.fg" },
    colorPalette: "teal",
    focusVisibleRing: "outside",
  },
});

export interface MenuPermissions {
  companyAdmin: boolean;
  permissions: { name: string; operation: string }[];
}

export function NavigationMenu({ direction, user }: { direction: "column" | "row"; user: MenuPermissions }) {
  const { t } = useTranslation();
  const items = navItems.filter(
    (item) =>
      !item.resource ||
      user.companyAdmin ||
      user.permissions.some((p) => p.name === item.resource && p.operation === "Read"),
  );
  return (
    <chakra.nav aria-label={t("nav.label")}>
      <Stack as="ul" direction={direction} gap="1" listStyle="none" m="0" p="0">
        {items.map((item) => (
          <li key={item.to}>
            <MenuLink to={item.to} end={item.end}>
              <item.icon />
              {t(item.label)}
            </MenuLink>
          </li>
        ))}
      </Stack>
    </chakra.nav>
  );
}
