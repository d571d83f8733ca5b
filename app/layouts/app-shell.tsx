import { Box, Link, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Form, Link as RouterLink, useNavigation } from "react-router";
import { Button } from "../components/button.tsx";
import { Flex, HStack } from "../components/layout.tsx";
import { LanguageSwitch, MenuLayoutSwitch, SkinSwitch } from "../components/preference-forms.tsx";
import type { Language } from "../utils/i18n.ts";
import type { MenuLayout, Skin } from "../utils/preferences.ts";
import { useTranslation } from "../utils/translation.tsx";
import { NavigationMenu } from "./navigation-menu.tsx";

interface ShellUser {
  firstName: string;
  lastName: string;
  companyAdmin: boolean;
  permissions: { name: string; operation: string }[];
}

interface AppShellProps {
  menuLayout: MenuLayout;
  skin: Skin;
  locale: Language;
  user: ShellUser;
  children: ReactNode;
}

function Brand() {
  const { t } = useTranslation();
  return (
    <Link asChild fontWeight="bold" fontSize="lg" color="fg" _hover={{ textDecoration: "none" }}>
      <RouterLink to="/">
        <Box
          as="span"
          w="7"
          h="7"
          borderRadius="md"
          bg="teal.solid"
          color="teal.contrast"
          display="grid"
          placeItems="center"
        >
          W
        </Box>
        {t("app.name")}
      </RouterLink>
    </Link>
  );
}

function UserMenu({ user }: { user: ShellUser }) {
  const { t } = useTranslation();
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <HStack gap="2">
      <Text
        fontSize="sm"
        fontWeight="medium"
        display={{ base: "none", sm: "block" }}
        title={t("auth.signedInAs", { name })}
      >
        {name}
      </Text>
      <Form method="post" action="/sign-out" reloadDocument>
        <Button type="submit" size="xs" variant="outline">
          {t("auth.signOut")}
        </Button>
      </Form>
    </HStack>
  );
}

/** Shown while a client-side navigation waits for the next page's data. */
function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <Box position="fixed" top="0" insetX="0" zIndex="overlay" role="status" aria-live="polite">
      <Box h="0.5" bg="teal.solid" />
      <Text position="absolute" right="4" top="1" fontSize="xs" color="fg.muted">
        {t("app.loading")}
      </Text>
    </Box>
  );
}

function Navbar({ menuLayout, skin, locale, user }: Omit<AppShellProps, "children">) {
  const { t } = useTranslation();
  return (
    <Box as="header" position="sticky" top="3" zIndex="sticky" mx={{ base: "3", md: "6" }} mt="3">
      <Flex
        align="center"
        gap="3"
        px="4"
        py="2"
        borderRadius="xl"
        borderWidth="1px"
        bg="bg/85"
        backdropFilter="blur(8px)"
        boxShadow="md"
        data-testid="navbar"
      >
        <Box display={menuLayout === "horizontal" ? "block" : { base: "block", md: "none" }}>
          <Brand />
        </Box>
        <Text flex="1" color="fg.muted" fontSize="sm" truncate>
          {t("app.tagline")}
        </Text>
        <HStack gap="1">
          <LanguageSwitch locale={locale} />
          <MenuLayoutSwitch menuLayout={menuLayout} />
          <SkinSwitch skin={skin} />
          <UserMenu user={user} />
        </HStack>
      </Flex>
      {menuLayout === "horizontal" ? (
        <Box mt="2" px="2" overflowX="auto">
          <NavigationMenu direction="row" user={user} />
        </Box>
      ) : (
        <Box mt="2" px="2" overflowX="auto" display={{ base: "block", md: "none" }}>
          <NavigationMenu direction="row" user={user} />
        </Box>
      )}
    </Box>
  );
}

/** Signed-in pages: a floating navbar and the menu beside (vertical) or under it (horizontal). */
export function AppShell({ menuLayout, skin, locale, user, children }: AppShellProps) {
  const { t } = useTranslation();
  return (
    <Flex minH="100vh" data-layout={menuLayout}>
      <NavigationProgress />
      <Link
        href="#main"
        position="absolute"
        left="-9999px"
        _focus={{ left: "4", top: "4", zIndex: "skipLink", bg: "bg", p: "2" }}
      >
        {t("app.skipToContent")}
      </Link>
      {menuLayout === "vertical" && (
        <Box
          as="aside"
          w="64"
          flexShrink={0}
          display={{ base: "none", md: "block" }}
          position="sticky"
          top="0"
          h="100vh"
          borderRightWidth="1px"
          bg="bg"
          px="3"
          py="5"
          data-testid="sidebar"
        >
          <Box px="3" mb="6">
            <Brand />
          </Box>
          <NavigationMenu direction="column" user={user} />
        </Box>
      )}
      <Flex direction="column" flex="1" minW="0">
        <Navbar menuLayout={menuLayout} skin={skin} locale={locale} user={user} />
        <Box as="main" id="main" flex="1" w="full" px={{ base: "3", md: "6" }} py="6">
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
