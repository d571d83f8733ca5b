import { Box, Flex } from "@chakra-ui/react";
import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import { SectionNav } from "../components/section-nav.tsx";
import { SETTINGS_RESOURCE, sectionsFor } from "../features/settings/urls.ts";
import { requirePermission } from "../middleware/auth.server.ts";
import type { loader as rootLoader } from "../root.tsx";
import { loadTexts, textsHandle } from "../utils/text-parts.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/system-settings";

/** The settings' texts are a part of their own: a navigation here loads them first (utils/text-parts.ts). */
export const handle = textsHandle("settings");
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [loadTexts("settings")];

/** Every page and change inside needs Read on System_Settings; others get the forbidden page. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    requirePermission(context, request, "Read", SETTINGS_RESOURCE);
    return next();
  },
];

/** The system settings: their sections beside the section's page. */
export default function SystemSettings() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const sections = sectionsFor(root?.user ?? null).map((section) => {
    const to = `/system-settings/${section.path}`;
    return { to, label: t(section.label), current: pathname === to || pathname.startsWith(`${to}/`) };
  });
  return (
    <Flex direction={{ base: "column", md: "row" }} gap="6" align={{ md: "flex-start" }}>
      <SectionNav label={t("settings.title")} sections={sections} />
      <Box flex="1" minW="0">
        <Outlet />
      </Box>
    </Flex>
  );
}
