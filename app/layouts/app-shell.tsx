import { Box, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Form, Link as RouterLink, useNavigation } from "react-router";
import { LanguageSwitch, MenuLayoutSwitch, SkinSwitch } from "../components/preference-forms.tsx";
import type { Language } from "../utils/i18n.ts";
import type { MenuLayout, Skin } from "../utils/preferences.ts";
import { useTranslation } from "../utils/translation.tsx";
import { type MenuPermissions, NavigationMenu } from "./navigation-menu.tsx";
import { NotificationBell } from "./notification-bell.tsx";

interface ShellUser extends MenuPermissions {
  firstName: string;
  lastName: string;
  /** The company's name and its logo's version (null without one), from the company settings. */
  company?: { name: string; logoVersion: string | null };
}

interface AppShellProps {
  menuLayout: MenuLayout;
  skin: Skin;
  locale: Language;
  user: ShellUser;
  /** The user's unread notifications, read for this page; null when the API could not tell. */
  unreadNotifications: number | null;
  /** The server's notice for browsers without JavaScript, at the top of the content. */
  notice?: ReactNode;
  children: ReactNode;
}

/** The app's name, with the company's logo when the company settings have one. */
function Brand({ company }: { company?: ShellUser["company"] }) {
  const { t } = useTranslation();
  return (
    <RouterLink to="/" className="chakra-link ws-brand">
      {company?.logoVersion ? (
        <img
          src={`/resources/company-logo?v=${encodeURIComponent(company.logoVersion)}`}
          alt={company.name}
          className="ws-brand-logo"
          data-testid="company-logo"
        />
      ) : (
        <span className="ws-brand-mark">W</span>
      )}
      {t("app.name")}
    </RouterLink>
  );
}

function UserMenu({ user }: { user: ShellUser }) {
  const { t } = useTranslation();
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <div className="chakra-stack ws-user-menu">
      <RouterLink to="/profile" className="chakra-link ws-user-name" title={t("auth.signedInAs", { name })}>
        {name}
      </RouterLink>
      <Form method="post" action="/sign-out" reloadDocument>
        <button type="submit" className="chakra-button ws-button-xs-outline">
          {t("auth.signOut")}
        </button>
      </Form>
    </div>
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

function Navbar({ menuLayout, skin, locale, user, unreadNotifications }: Omit<AppShellProps, "children" | "notice">) {
  const { t } = useTranslation();
  return (
    <header className="ws-header">
      <div className="ws-navbar" data-testid="navbar">
        <div className={menuLayout === "horizontal" ? "ws-navbar-brand" : "ws-navbar-brand-narrow"}>
          <Brand company={user.company} />
        </div>
        <p className="ws-tagline">{t("app.tagline")}</p>
        <div className="chakra-stack ws-navbar-actions">
          <LanguageSwitch locale={locale} />
          <MenuLayoutSwitch menuLayout={menuLayout} />
          <SkinSwitch skin={skin} />
          <NotificationBell unread={unreadNotifications} />
          <UserMenu user={user} />
        </div>
      </div>
      <div className={menuLayout === "horizontal" ? "ws-menu-bar" : "ws-menu-bar-narrow"}>
        <NavigationMenu direction="row" user={user} />
      </div>
    </header>
  );
}

/**
 * Signed-in pages: a floating navbar and the menu beside (vertical) or under it (horizontal). Every page shows the
 * shell, so it is plain elements with classes from the stylesheet (app/styles/static-classes/static-classes.tsx): no styles are
 * resolved for it per request.
 */
export function AppShell({ menuLayout, skin, locale, user, unreadNotifications, notice, children }: AppShellProps) {
  const { t } = useTranslation();
  return (
    <div className="ws-shell" data-layout={menuLayout}>
      <NavigationProgress />
      <a href="#main" className="chakra-link ws-skip-link">
        {t("app.skipToContent")}
      </a>
      {menuLayout === "vertical" && (
        <aside className="ws-sidebar" data-testid="sidebar">
          <div className="ws-sidebar-brand">
            <Brand company={user.company} />
          </div>
          <NavigationMenu direction="column" user={user} />
        </aside>
      )}
      <div className="ws-main-column">
        <Navbar
          menuLayout={menuLayout}
          skin={skin}
          locale={locale}
          user={user}
          unreadNotifications={unreadNotifications}
        />
        <main id="main" className="ws-main" tabIndex={-1}>
          {notice}
          {children}
        </main>
      </div>
    </div>
  );
}
