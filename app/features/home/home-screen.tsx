import { Card, Heading, HStack, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink, useLocation } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { StarIcon } from "../../components/icons.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useDateSettings } from "../../utils/date-settings.ts";
import { formatDate, formatDateTime } from "../../utils/dates.ts";
import { useLanguage } from "../../utils/i18n.ts";
import { SHORTCUTS_PATH } from "../../utils/shortcut-urls.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { notificationText } from "../notifications/notification-text.ts";
import { openNotificationUrl, PANEL_PARAM } from "../notifications/urls.ts";
import { suspended } from "../records/lazy-panels.tsx";
import { screenOfEntity } from "../records/screens.ts";
import type { HomeData, HomeWorkItems } from "./home.server.ts";

/**
 * The dashboard's grid, and the chart kit with it, is a chunk of its own: a home page without a home dashboard does
 * not load it. The server renders it in place (it waits for all content), and it hydrates once the chunk arrives.
 */
const DashboardGrid = suspended(() => import("../dashboards/dashboard-grid.tsx"));

/** A section of the home page: a card with its heading, its content, and a link to all of it. */
function Section({
  title,
  testId,
  footer,
  children,
}: {
  title: string;
  testId: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-label={title} data-testid={testId}>
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
      {footer && <Card.Footer>{footer}</Card.Footer>}
    </Card.Root>
  );
}

function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild colorPalette="teal" color="colorPalette.fg" fontWeight="medium">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

/** The user's open items of one kind, overdue ones marked; the whole list of theirs one link away. */
function WorkItems({
  title,
  testId,
  path,
  items,
  empty,
  allLabel,
}: {
  title: string;
  testId: string;
  path: string;
  items: HomeWorkItems;
  empty: string;
  allLabel: string;
}) {
  const { t } = useTranslation();
  const dates = useDateSettings();
  return (
    <Section
      title={title}
      testId={testId}
      footer={
        <HStack justify="space-between" w="full" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            {t("home.shownOf", { shown: items.items.length, total: items.total })}
          </Text>
          <TextLink to={items.listUrl}>{allLabel}</TextLink>
        </HStack>
      }
    >
      {items.items.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        <Stack as="ul" gap="3" listStyle="none">
          {items.items.map((item) => (
            <HStack as="li" key={item.uuid} justify="space-between" align="flex-start" gap="3" data-testid="work-item">
              <Stack gap="0.5" minW="0">
                <TextLink to={`/${path}/${item.uuid}`}>{item.title}</TextLink>
                <Text fontSize="sm" color="fg.muted">
                  {[
                    item.reference !== null ? `#${item.reference}` : null,
                    item.dueDate ? t("home.due", { date: formatDate(item.dueDate, dates) }) : t("home.noDueDate"),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </Text>
              </Stack>
              {item.overdue && <StatusBadge palette="red">{t("workItems.overdue")}</StatusBadge>}
            </HStack>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/**
 * The home page (spec §2 "/ default loading page"): the user's home dashboard first, when they have one, with a link to
 * its page; then their own work: open to-dos and inquiries assigned to them with the overdue first, the records they
 * changed last, their shortcuts and unread notifications. Links and GET forms only: it needs no JavaScript.
 */
export function HomeScreen({
  dashboard,
  name,
  today,
  apiDocsUrl,
  todos,
  inquiries,
  recent,
  unreadNotifications,
  shortcuts,
}: HomeData) {
  const location = useLocation();
  const { t } = useTranslation();
  const language = useLanguage();
  const dates = useDateSettings();
  return (
    <Page>
      <PageHeader
        title={t("home.greeting", { name })}
        shortcut={false}
        meta={
          <Text color="fg.muted" data-testid="today">
            {t("home.today", { date: today })}{" "}
            <Link href={apiDocsUrl} colorPalette="teal" color="colorPalette.fg">
              {t("home.apiDocs")}
            </Link>
          </Text>
        }
      />
      {dashboard && (
        <Stack as="section" aria-labelledby="home-dashboard" gap="4" data-testid="home-dashboard">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Heading as="h2" size="lg" id="home-dashboard">
              {dashboard.dashboard.name}
            </Heading>
            <TextLink to={`/dashboard/${dashboard.dashboard.uuidKey}`}>{t("dashboards.open")}</TextLink>
          </HStack>
          <DashboardGrid
            widgets={dashboard.widgets}
            empty={dashboard.empty}
            kept={dashboard.kept}
            action={location.pathname}
          />
        </Stack>
      )}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5" alignItems="start">
        {todos && (
          <WorkItems
            title={t("home.todos")}
            testId="home-todos"
            path="todo"
            items={todos}
            empty={t("home.noTodos")}
            allLabel={t("home.allTodos")}
          />
        )}
        {inquiries && (
          <WorkItems
            title={t("home.inquiries")}
            testId="home-inquiries"
            path="inquiries"
            items={inquiries}
            empty={t("home.noInquiries")}
            allLabel={t("home.allInquiries")}
          />
        )}
        <Section title={t("home.recent")} testId="home-recent">
          {recent.length === 0 ? (
            <EmptyState title={t("home.noRecent")} description={t("home.noRecentText")} />
          ) : (
            <Stack as="ul" gap="3" listStyle="none">
              {recent.map((record) => {
                const screen = screenOfEntity(record.schemaKey, record.tableKey);
                const label = language === "nb" ? record.entityLabelNb : record.entityLabelEn;
                const recordName = record.rowName || t("home.unnamed");
                return (
                  <Stack as="li" key={`${record.schemaKey}.${record.tableKey}.${record.uuid}`} gap="0.5">
                    {screen ? <TextLink to={`/${screen.path}/${record.uuid}`}>{recordName}</TextLink> : recordName}
                    <Text fontSize="sm" color="fg.muted">
                      {label} · {t(`home.actions.${record.action}`, { defaultValue: t("home.actions.update") })} ·{" "}
                      {formatDateTime(record.at, dates)}
                    </Text>
                  </Stack>
                );
              })}
            </Stack>
          )}
        </Section>
        <Section
          title={t("shortcuts.title")}
          testId="home-shortcuts"
          footer={<TextLink to={SHORTCUTS_PATH}>{t("shortcuts.manage")}</TextLink>}
        >
          {shortcuts.length === 0 ? (
            <EmptyState title={t("shortcuts.emptyTitle")} description={t("shortcuts.emptyText")} />
          ) : (
            <Stack as="ul" gap="2" listStyle="none">
              {shortcuts.map((shortcut) => (
                <HStack as="li" key={shortcut.uuid} gap="2">
                  <StarIcon aria-hidden="true" />
                  <TextLink to={shortcut.url}>{shortcut.name}</TextLink>
                </HStack>
              ))}
            </Stack>
          )}
        </Section>
        <Section
          title={t("notifications.title")}
          testId="home-notifications"
          footer={<TextLink to={`${location.pathname}?${PANEL_PARAM}=1`}>{t("home.allNotifications")}</TextLink>}
        >
          {unreadNotifications.length === 0 ? (
            <EmptyState title={t("home.noUnread")} />
          ) : (
            <Stack as="ul" gap="3" listStyle="none">
              {unreadNotifications.map((notification) => (
                <Stack as="li" key={notification.id} gap="0.5">
                  <TextLink to={openNotificationUrl(notification.id)}>
                    {notificationText(notification, t, dates)}
                  </TextLink>
                  <Text fontSize="sm" color="fg.muted">
                    {formatDateTime(notification.createdAt, dates)}
                  </Text>
                </Stack>
              ))}
            </Stack>
          )}
        </Section>
      </SimpleGrid>
    </Page>
  );
}
