import { Link as RouterLink, useLocation } from "react-router";
import { BellIcon } from "../components/icons.tsx";
import { BADGE_CAP, badgeText, withPanel } from "../features/notifications/urls.ts";
import { useTranslation } from "../utils/translation.tsx";

/**
 * The navbar's bell (spec §2): the unread count the server read for this page, "99+" above 99, in its accessible name
 * too; it opens the notifications panel over the page, a link that works without JavaScript. Every page shows it, so
 * it is plain elements with classes from the stylesheet (app/styles/static-classes/static-classes.tsx).
 */
export function NotificationBell({ unread }: { unread: number | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const count = unread ?? 0;
  const label =
    count <= 0
      ? t("notifications.bell")
      : count > BADGE_CAP
        ? t("notifications.bellUnreadMany", { count: BADGE_CAP })
        : t("notifications.bellUnread", { count });
  const badge = badgeText(count);
  return (
    <RouterLink
      to={withPanel(location.pathname, location.search, 0)}
      preventScrollReset
      className="chakra-button ws-bell"
      aria-label={label}
      title={label}
      data-testid="notification-bell"
    >
      <BellIcon />
      {badge && (
        <span className="chakra-badge ws-bell-count" aria-hidden="true" data-testid="notification-count">
          {badge}
        </span>
      )}
    </RouterLink>
  );
}
