import { ChakraProvider } from "@chakra-ui/react";
import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useFetchers,
  useRouteLoaderData,
} from "react-router";
import { DEFAULT_TIME_ZONE } from "../server/contract/time-zones.ts";
import type { Route } from "./+types/root";
import { GeneralErrorBoundary } from "./components/error-boundary.tsx";
import { FlashToast, NoscriptFlash } from "./components/toaster.tsx";
import { notificationsPanel, unreadNotifications } from "./features/notifications/notifications.server.ts";
import { suspended } from "./features/records/lazy-panels.tsx";
import { AppShell } from "./layouts/app-shell.tsx";
import { FullLayout } from "./layouts/full-layout.tsx";
import { textsVersion } from "./locales/texts.server.ts";
import { authMiddleware, getUser, takeToast } from "./middleware/auth.server.ts";
import { getLocale, i18nextMiddleware } from "./middleware/i18next.server.ts";
import { originCheckMiddleware } from "./middleware/origin-check.server.ts";
import { system } from "./theme.ts";
import { authStateContext } from "./utils/api.server.ts";
import { chakraStylesheet } from "./utils/chakra-stylesheet.ts";
import { fallbackLanguage } from "./utils/i18n.ts";
import { useRouteLayout, useRouteShowsNotice, useRouteTextParts } from "./utils/layout.ts";
import { useNonce } from "./utils/nonce.tsx";
import { readPreferences } from "./utils/preferences.server.ts";
import type { Skin } from "./utils/preferences.ts";
import { securityHeadersMiddleware } from "./utils/security-headers.server.ts";
import { serverTimingMiddleware } from "./utils/server-timing.server.ts";
import { earlyTextsScript, textsPath } from "./utils/text-parts.ts";

/** The notifications panel's code loads when it opens; the server renders it open. */
const NotificationsPanel = suspended(() => import("./features/notifications/notifications-panel.tsx"));

export const middleware: Route.MiddlewareFunction[] = [
  serverTimingMiddleware,
  securityHeadersMiddleware,
  originCheckMiddleware,
  authMiddleware,
  i18nextMiddleware,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const busy = context.get(authStateContext)?.busy;
  if (busy) throw busy;
  const preferences = await readPreferences(request);
  const user = getUser(context);
  // The bell's count on every page, and the panel's list when the URL opens it (?notifications=1).
  const [unread, notifications] = user
    ? await Promise.all([unreadNotifications(context), notificationsPanel(context, new URL(request.url))])
    : [null, null];
  return {
    locale: getLocale(context),
    textsVersion,
    ...preferences,
    user: user && {
      firstName: user.firstName,
      lastName: user.lastName,
      companyAdmin: user.companyAdmin,
      // The menu asks only which resources the user may read; the page carries this data for hydration.
      permissions: user.permissions.filter((p) => p.operation === "Read"),
      customEntities: user.customEntities,
      signatureEnabled: user.signatureEnabled,
      shortcuts: user.shortcuts.map(({ uuid, name, url, visible }) => ({ uuid, name, url, visible })),
      dashboards: user.dashboards.filter((d) => d.mainList).map(({ uuidKey, name }) => ({ uuidKey, name })),
      company: { name: user.brand.name, logoVersion: user.brand.logoVersion },
    },
    unreadNotifications: unread,
    notifications,
    toast: takeToast(context),
    // Dates and times are shown in this zone, on the server and in the browser alike.
    timeZone: user?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** Every navigation reads the bell's count anew, so it never lags behind what the user has read or been sent. */
export function shouldRevalidate() {
  return true;
}

/** An error page keeps what its error asked for, such as a busy API's Retry-After. */
export const headers: Route.HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers();

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Chakra's global styles, the same on every page; they declare the cascade layers, so they come first.
  ...(chakraStylesheet ? [{ rel: "stylesheet", href: chakraStylesheet }] : []),
];

/** The skin being switched to, while the switch is on its way to the server. */
function usePendingSkin(): Skin | undefined {
  const fetchers = useFetchers();
  for (const fetcher of fetchers) {
    if (fetcher.formData?.get("intent") === "skin") {
      const skin = fetcher.formData.get("value");
      if (skin === "dark" || skin === "light") return skin;
    }
  }
  return undefined;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const skin = usePendingSkin() ?? data?.skin ?? "dark";
  const nonce = useNonce();
  const textParts = useRouteTextParts();
  const language = data?.locale ?? fallbackLanguage;
  return (
    <html
      lang={language}
      className={skin}
      style={{ colorScheme: skin }}
      data-texts={textParts.length > 0 ? textParts.join(" ") : undefined}
      data-texts-version={data?.textsVersion}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark light" />
        <Meta />
        <Links />
        {/* The browser's entry waits for the page's texts before it hydrates (entry.client.tsx): they come alongside it. */}
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the script is ours, made of the texts' addresses alone.
          dangerouslySetInnerHTML={{
            __html: earlyTextsScript(
              ["translation", ...textParts].map((namespace) => textsPath(language, namespace, data?.textsVersion)),
            ),
          }}
        />
      </head>
      <body>
        <ChakraProvider value={system}>{children}</ChakraProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Lets tests (and scripts) tell when the page has become interactive; npm run bench:slow-link times the mark.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    performance.mark("workspace:hydrated");
  }, []);
  const layout = useRouteLayout();
  const pageShowsNotice = useRouteShowsNotice();
  const page =
    layout === "full" || !loaderData.user ? (
      <FullLayout>
        {!pageShowsNotice && <NoscriptFlash toast={loaderData.toast} />}
        <Outlet />
      </FullLayout>
    ) : (
      <AppShell
        menuLayout={layout ?? loaderData.menuLayout}
        skin={loaderData.skin}
        locale={loaderData.locale}
        user={loaderData.user}
        unreadNotifications={loaderData.unreadNotifications}
        notice={<NoscriptFlash toast={loaderData.toast} />}
      >
        <Outlet />
        {loaderData.notifications && (
          <NotificationsPanel page={loaderData.notifications} unread={loaderData.unreadNotifications} />
        )}
      </AppShell>
    );
  return (
    <>
      {page}
      <FlashToast toast={loaderData.toast} />
    </>
  );
}

export function meta() {
  return [{ title: "Workspace" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <FullLayout>
      <GeneralErrorBoundary error={error} status={status} />
    </FullLayout>
  );
}
