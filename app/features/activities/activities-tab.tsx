import { Box, Card, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import type { Activity } from "../../../server/contract/activities.ts";
import { activityKinds } from "../../../server/contract/activity-kinds.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { FilterBar, FilterSelect } from "../../components/filter-bar.tsx";
import { CountedListFooter } from "../../components/list-footer.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useDateSettings } from "../../utils/date-settings.ts";
import { formatDateTime } from "../../utils/dates.ts";
import { useTranslation } from "../../utils/translation.tsx";
import type { RecordDetailData } from "../records/detail.server.ts";
import { statusName } from "../records/field-labels.ts";
import { splitHistoryText } from "../records/history.ts";
import { isOverdue } from "../records/overdue.ts";
import { screenOfEntity } from "../records/screens.ts";
import { useHistoryText } from "../records/use-history-text.ts";

/** One entry of a record's timeline: what it is, when, and a link to it (or, for a change, what changed). */
function ActivityEntry({ entry, data }: { entry: Activity; data: RecordDetailData }) {
  const { t } = useTranslation();
  const dates = useDateSettings();
  const describe = useHistoryText(data.info, data.statuses);
  const statuses = data.activities?.statuses;
  const item = entry.item;
  const itemScreen = item ? screenOfEntity(item.schemaKey, item.tableKey) : undefined;
  const itemStatuses = item && (entry.kind === "inquiry" || entry.kind === "todo") ? statuses?.[entry.kind] : undefined;
  const history = entry.history ? describe(entry.history) : null;
  const text = history ? splitHistoryText(history.text) : null;
  return (
    <Card.Root size="sm" data-testid="activity" data-kind={entry.kind}>
      <Card.Body gap="1">
        <HStack gap="2" wrap="wrap">
          <StatusBadge palette={entry.kind === "history" ? "gray" : "teal"}>
            {t(`activities.kindOne.${entry.kind}`)}
          </StatusBadge>
          {item &&
            (itemScreen ? (
              <RouterLink to={`/${itemScreen.path}/${item.uuidKey}`}>{item.rowName}</RouterLink>
            ) : (
              <Text>{item.rowName}</Text>
            ))}
          {history && <Text fontWeight="medium">{history.title}</Text>}
          {item && itemStatuses && item.statusId && (
            <StatusBadge>{statusName(itemStatuses, item.statusId, dates.language)}</StatusBadge>
          )}
          {item &&
            itemStatuses &&
            isOverdue({ values: { due_date: item.dueDate }, statusId: item.statusId }, itemStatuses, data.today) && (
              <StatusBadge palette="red" testId="overdue">
                {t("workItems.overdue")}
              </StatusBadge>
            )}
        </HStack>
        <Text fontSize="xs" color="fg.muted">
          {formatDateTime(entry.at, dates)}
        </Text>
        {text?.shown && (
          // Plain text: React escapes it, and pre-line keeps its line breaks.
          <Text whiteSpace="pre-line" wordBreak="break-word">
            {text.shown}
            {text.rest && "…"}
          </Text>
        )}
        {text?.rest && history && (
          <Box as="details">
            <Box as="summary" cursor="pointer" color="teal.fg">
              {t("common.readMore")}
            </Box>
            <Text whiteSpace="pre-line" wordBreak="break-word">
              {history.text}
            </Text>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** A company's or a contact's timeline, newest first, of one kind or all, a page at a time. */
export function ActivitiesTab(props: RecordDetailData) {
  const { t } = useTranslation();
  const { activities, record, screen, page } = props;
  if (!activities) return null;
  const { timeline, kind } = activities;
  const base = `/${screen.path}/${record.uuid}/activities`;
  const query = (number: number) => {
    const search = new URLSearchParams();
    if (kind) search.set("kind", kind);
    if (number > 1) search.set("page", String(number));
    return search.size ? `${base}?${search}` : base;
  };
  return (
    <Stack gap="3" data-testid="activities-tab">
      <FilterBar action={base}>
        <FilterSelect
          name="kind"
          label={t("activities.show")}
          defaultValue={kind ?? ""}
          options={[
            { value: "", label: t("activities.all") },
            ...activityKinds
              .filter((option) => option in timeline.counts)
              .map((option) => ({
                value: option,
                label: `${t(`activities.kinds.${option}`)} (${timeline.counts[option]})`,
              })),
          ]}
        />
      </FilterBar>
      {timeline.content.length === 0 ? (
        <EmptyState title={t("activities.empty")} description={t("activities.emptyText")} />
      ) : (
        <Stack as="ol" gap="3" listStyle="none">
          {timeline.content.map((entry) => (
            <li key={`${entry.kind}-${entry.item?.uuidKey ?? entry.history?.id}`}>
              <ActivityEntry entry={entry} data={props} />
            </li>
          ))}
        </Stack>
      )}
      <CountedListFooter page={page} of={timeline} pageTo={query} />
    </Stack>
  );
}

/** The overview's card: what is open and how much is on the record, and the latest few activities. */
export function ActivitiesCard(props: RecordDetailData) {
  const { t } = useTranslation();
  const { activities, record, screen, tabs } = props;
  if (!activities) return null;
  const { timeline } = activities;
  const base = `/${screen.path}/${record.uuid}`;
  const figures = [
    { key: "inquiry", tab: "inquiries", label: t("workItems.open_inquiries"), value: timeline.open.inquiry },
    { key: "todo", tab: "todo", label: t("workItems.open_todo"), value: timeline.open.todo },
    { key: "note", tab: "notes", label: t("activities.kinds.note"), value: timeline.counts.note },
    { key: "document", tab: "documents", label: t("activities.kinds.document"), value: timeline.counts.document },
  ].filter((figure) => figure.value !== undefined && (tabs as string[]).includes(figure.tab));
  return (
    <Card.Root data-testid="activities-card">
      <Card.Header>
        <Heading size="md">
          <RouterLink to={`${base}/activities`}>{t("tabs.activities")}</RouterLink>
        </Heading>
      </Card.Header>
      <Card.Body gap="4">
        <SimpleGrid columns={2} gap="3" as="dl">
          {figures.map((figure) => (
            <Stack key={figure.key} gap="0" data-testid={`activity-count-${figure.key}`}>
              <Text as="dt" fontSize="xs" color="fg.muted">
                {figure.label}
              </Text>
              <Text as="dd" fontSize="xl" fontWeight="semibold">
                <RouterLink to={`${base}/${figure.tab}`}>{figure.value}</RouterLink>
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {timeline.content.length === 0 ? (
          <Text color="fg.muted">{t("activities.empty")}</Text>
        ) : (
          <Stack as="ol" gap="2" listStyle="none">
            {timeline.content.map((entry) => (
              <li key={`${entry.kind}-${entry.item?.uuidKey}`}>
                <LatestEntry entry={entry} />
              </li>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function LatestEntry({ entry }: { entry: Activity }) {
  const { t } = useTranslation();
  const dates = useDateSettings();
  const item = entry.item;
  if (!item) return null;
  const itemScreen = screenOfEntity(item.schemaKey, item.tableKey);
  return (
    <>
      {itemScreen ? <RouterLink to={`/${itemScreen.path}/${item.uuidKey}`}>{item.rowName}</RouterLink> : item.rowName}
      <Text fontSize="sm" color="fg.muted">
        {t(`activities.kindOne.${entry.kind}`)} · {formatDateTime(entry.at, dates)}
      </Text>
    </>
  );
}
