import { Link, useFetcher, useLocation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";
import { useHydrated } from "../utils/hydrated.ts";
import { pageAddress, SHORTCUTS_PATH, shortcutAnchor } from "../utils/shortcut-urls.ts";
import { useTranslation } from "../utils/translation.tsx";
import { StarIcon } from "./icons.tsx";

/**
 * "Add to shortcuts" for the page the user is on (spec §2 shortcuts): a plain form that posts the page's address and
 * title, so it works without JavaScript (the user comes back to the page); with it, it posts by a fetcher and the
 * page stays. A page that is a shortcut already links to it on the shortcuts page instead.
 */
export function PageShortcut({ title }: { title: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useFetcher({ key: "page-shortcut" });
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const address = pageAddress(location.pathname, location.search);
  const existing = root?.user?.shortcuts?.find((shortcut) => shortcut.url === address);
  if (existing) {
    return (
      <Link to={`${SHORTCUTS_PATH}#${shortcutAnchor(existing.uuid)}`} className="chakra-button ws-button-xs-outline">
        <StarIcon fill="currentColor" />
        {t("shortcuts.inShortcuts")}
      </Link>
    );
  }
  return (
    <fetcher.Form method="post" action={SHORTCUTS_PATH}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="name" value={title} />
      <input type="hidden" name="url" value={address} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      <button type="submit" className="chakra-button ws-button-xs-outline" disabled={fetcher.state !== "idle"}>
        <StarIcon />
        {t("shortcuts.addPage")}
      </button>
    </fetcher.Form>
  );
}
