import { Box, Button, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink, useFetcher, useLocation } from "react-router";
import type { NotificationDto, NotificationPage } from "../../../server/contract/notifications.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { PanelCancel, SidePanel } from "../../components/side-panel.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useDateSettings } from "../../utils/date-settings.ts";
import { formatDateTime } from "../../utils/dates.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { notificationEntity, notificationText } from "./notification-text.ts";
import { NOTIFICATIONS_ACTION, NOTIFICATIONS_PAGE_SIZE, openNotificationUrl, withPanel } from "./urls.ts";

/**
 * A plain form to the notifications action that comes back to this page: it works without JavaScript; with it, a
 * fetcher posts it and follows the redirect, and every loader (the bell's count too) reads anew.
 */
function ReadForm({
  intent,
  id,
  label,
  children,
}: {
  intent: "read" | "read-all";
  id?: string;
  label?: string;
  children: string;
}) {
  const fetcher = useFetcher();
  const location = useLocation();
  return (
    <fetcher.Form method="post" action={NOTIFICATIONS_ACTION}>
      <input type="hidden" name="intent" value={intent} />
      {id && <input type="hidden" name="id" value={id} />}
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <Button
        type="submit"
        size="xs"
        variant="outline"
        aria-label={label}
        loading={fetcher.state !== "idle"}
        data-testid={intent === "read-all" ? "read-all" : undefined}
      >
        {children}
      </Button>
    </fetcher.Form>
  );
}

function NotificationItem({ notification }: { notification: NotificationDto }) {
  const { t } = useTranslation();
  const dates = useDateSettings();
  const text = notificationText(notification, t, dates);
  const unread = notification.readAt === null;
  const entity = notificationEntity(notification, dates);
  return (
    <Box
      as="li"
      px="3"
      py="2"
      borderStartWidth="3px"
      borderColor={unread ? "teal.solid" : "transparent"}
      bg={unread ? "bg.muted" : undefined}
      rounded="l2"
      data-testid="notification"
      data-unread={unread || undefined}
    >
      <Stack gap="1">
        {/* Opening it marks it read; a record the user can no longer open is only named. */}
        {notification.record.readable ? (
          <Link asChild fontWeight={unread ? "semibold" : "normal"} colorPalette="teal" color="colorPalette.fg">
            <RouterLink to={openNotificationUrl(notification.id)}>{text}</RouterLink>
          </Link>
        ) : (
          <Text fontWeight={unread ? "semibold" : "normal"}>{text}</Text>
        )}
        <HStack gap="2" justify="space-between" wrap="wrap">
          <HStack gap="2">
            {unread && <StatusBadge palette="teal">{t("notifications.unread")}</StatusBadge>}
            <Text fontSize="xs" color="fg.muted">
              {[entity, formatDateTime(notification.createdAt, dates)].filter(Boolean).join(" · ")}
            </Text>
          </HStack>
          {unread && (
            <ReadForm intent="read" id={notification.id} label={t("notifications.markReadOf", { text })}>
              {t("notifications.markRead")}
            </ReadForm>
          )}
        </HStack>
      </Stack>
    </Box>
  );
}

/**
 * The user's newest notifications (spec §2 bell) in a side panel over the page they are on: URL state
 * (`?notifications=1`), so the server renders it open and it works without JavaScript. Each one says what happened
 * and links to its record; one or all can be marked read.
 */
export default function NotificationsPanel({ page, unread }: { page: NotificationPage; unread: number | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const closeTo = withPanel(location.pathname, location.search, null);
  const lastPage = Math.max(0, Math.ceil(page.totalElements / NOTIFICATIONS_PAGE_SIZE) - 1);
  return (
    <SidePanel
      title={t("notifications.title")}
      closeTo={closeTo}
      footer={<PanelCancel label={t("common.close")} />}
      testId="notifications-panel"
    >
      <Stack gap="4">
        {(unread ?? 0) > 0 && (
          <HStack justify="flex-end">
            <ReadForm intent="read-all">{t("notifications.markAllRead")}</ReadForm>
          </HStack>
        )}
        {page.content.length === 0 ? (
          <EmptyState title={t("notifications.empty")} description={t("notifications.emptyText")} />
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
            {page.content.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} />
            ))}
          </Stack>
        )}
        {lastPage > 0 && (
          <HStack as="nav" aria-label={t("notifications.pages")} justify="space-between">
            {page.page > 0 ? (
              <ButtonLink size="xs" to={withPanel(location.pathname, location.search, page.page - 1)}>
                {t("notifications.newer")}
              </ButtonLink>
            ) : (
              <span />
            )}
            {page.page < lastPage && (
              <ButtonLink size="xs" to={withPanel(location.pathname, location.search, page.page + 1)}>
                {t("notifications.older")}
              </ButtonLink>
            )}
          </HStack>
        )}
      </Stack>
    </SidePanel>
  );
}
