import { Box, Flex } from "@chakra-ui/react";
import { Outlet, useLocation } from "react-router";
import { SectionNav } from "../components/section-nav.tsx";
import { profileSections } from "../features/profile/urls.ts";
import { loadTexts, textsHandle } from "../utils/text-parts.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/profile";

/** The profile's texts are a part of their own: a navigation here loads them first (utils/text-parts.ts). */
export const handle = textsHandle("profile");
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [loadTexts("profile")];

/** The user's account settings (spec §2 /profile): their sections beside the section's page. */
export default function Profile() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const sections = profileSections.map((section) => {
    const to = `/profile/${section.path}`;
    return { to, label: t(section.label), current: pathname === to || pathname.startsWith(`${to}/`) };
  });
  return (
    <Flex direction={{ base: "column", md: "row" }} gap="6" align={{ md: "flex-start" }}>
      <SectionNav label={t("profile.title")} sections={sections} />
      <Box flex="1" minW="0">
        <Outlet />
      </Box>
    </Flex>
  );
}
