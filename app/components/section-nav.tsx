import { Link, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";

export interface Section {
  to: string;
  label: string;
  current: boolean;
}

/**
 * The sections of an area with pages of its own (the system settings) as a column of links beside its pages: each
 * section is a URL, so it works without JavaScript. On narrow screens the column sits above the page.
 */
export function SectionNav({ label, sections }: { label: string; sections: Section[] }) {
  return (
    <Stack as="nav" aria-label={label} gap="1" minW={{ md: "52" }} flexShrink={0}>
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide" px="3">
        {label}
      </Text>
      {sections.map((section) => (
        <Link
          key={section.to}
          asChild
          px="3"
          py="2"
          rounded="l2"
          textDecoration="none"
          bg={section.current ? "bg.muted" : undefined}
          color={section.current ? "fg" : "fg.muted"}
          fontWeight={section.current ? "semibold" : "normal"}
          borderStartWidth="3px"
          borderColor={section.current ? "teal.solid" : "transparent"}
          _hover={{ bg: "bg.subtle", color: "fg" }}
        >
          <RouterLink to={section.to} aria-current={section.current ? "page" : undefined}>
            {section.label}
          </RouterLink>
        </Link>
      ))}
    </Stack>
  );
}
