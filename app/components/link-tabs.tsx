import { HStack, Link } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";

/** Tabs that are links (spec §2 detail tabs are in the URL): each is a page of its own, so they work without JS. */
export function LinkTabs({ label, tabs }: { label: string; tabs: { to: string; label: string; current: boolean }[] }) {
  return (
    <HStack as="nav" aria-label={label} gap="1" borderBottomWidth="1px" overflowX="auto">
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          asChild
          px="3"
          py="2"
          borderBottomWidth="2px"
          borderColor={tab.current ? "teal.solid" : "transparent"}
          fontWeight={tab.current ? "semibold" : "normal"}
          whiteSpace="nowrap"
        >
          <RouterLink to={tab.to} aria-current={tab.current ? "page" : undefined}>
            {tab.label}
          </RouterLink>
        </Link>
      ))}
    </HStack>
  );
}
