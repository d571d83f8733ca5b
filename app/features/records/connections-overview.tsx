import { Card, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useDateSettings } from "../../utils/date-settings.ts";
import { useTranslation } from "../../utils/translation.tsx";
import type { RecordDetailData } from "./detail.server.ts";
import { statusName } from "./field-labels.ts";
import { isOverdue } from "./overdue.ts";
import { screens, workItemKinds } from "./screens.ts";

/** One kind of a record's connections: how many, the latest few, and a link to the tab that has them all. */
function ConnectionCard({
  title,
  to,
  total,
  testId,
  children,
}: {
  title: string;
  to: string;
  total: number;
  testId: string;
  children: ReactNode[];
}) {
  const { t } = useTranslation();
  return (
    <Card.Root data-testid={testId}>
      <Card.Header>
        <Heading size="md">
          <RouterLink to={to}>
            {title} ({total})
          </RouterLink>
        </Heading>
      </Card.Header>
      <Card.Body>
        {children.length === 0 ? (
          <Text color="fg.muted">{t("common.none")}</Text>
        ) : (
          <Stack as="ul" gap="2" listStyle="none">
            {children}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** A company's or a contact's connections tab: every kind of record it is linked to, side by side. */
export function ConnectionsOverview({ connections, record, screen, today }: RecordDetailData) {
  const { t } = useTranslation();
  const { language } = useDateSettings();
  if (!connections) return null;
  const base = `/${screen.path}/${record.uuid}`;
  const related = screen.related;
  return (
    <SimpleGrid columns={{ base: 1, lg: 3 }} gap="5" data-testid="connections-overview">
      {related && connections.linked && (
        <ConnectionCard
          title={t(`tabs.${related.tab}`)}
          to={`${base}/${related.tab}`}
          total={connections.linked.totalElements}
          testId="connections-related"
        >
          {connections.linked.content.map(({ link, record: linked }) => (
            <li key={link.uuid}>
              <RouterLink to={`/${screens[related.screen].path}/${linked.uuid}`}>{linked.rowName}</RouterLink>
              <Text fontSize="sm" color="fg.muted">
                {t(`links.roles.${link.role}`, { defaultValue: link.role })}
              </Text>
            </li>
          ))}
        </ConnectionCard>
      )}
      {connections.workItems.map(({ tab, page, statuses }) => (
        <ConnectionCard
          key={tab}
          title={t(`tabs.${tab}`)}
          to={`${base}/${tab}`}
          total={page.totalElements}
          testId={`connections-${tab}`}
        >
          {page.content.map((item) => (
            <li key={item.uuid}>
              <RouterLink to={`/${workItemKinds[tab].path}/${item.uuid}`}>{item.rowName}</RouterLink>{" "}
              {item.statusId && <StatusBadge>{statusName(statuses, item.statusId, language)}</StatusBadge>}{" "}
              {isOverdue(item, statuses, today) && <StatusBadge palette="red">{t("workItems.overdue")}</StatusBadge>}
            </li>
          ))}
        </ConnectionCard>
      ))}
    </SimpleGrid>
  );
}
