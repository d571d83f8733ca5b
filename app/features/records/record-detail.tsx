import { Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { useId } from "react";
import { Link as RouterLink } from "react-router";
import { isShown } from "../../../server/contract/field-use.ts";
import type { FieldDefinition } from "../../../server/contract/fields.ts";
import type { OverviewBlockKey } from "../../../server/contract/overview-blocks.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { DataTable, TableLink } from "../../components/data-table.tsx";
import { FieldValue, type ValueSettings, valueText } from "../../components/field-value.tsx";
import { LinkTabs } from "../../components/link-tabs.tsx";
import { CountedListFooter } from "../../components/list-footer.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { QueryValue } from "../../components/query-value.tsx";
import { RemoveRowButton } from "../../components/remove-row-button.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { whenReached } from "../../components/when-reached.tsx";
import { useDateSettings } from "../../utils/date-settings.ts";
import { formatDateTime } from "../../utils/dates.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { AttachedTab } from "./attached-tab.tsx";
import { ConnectionsOverview } from "./connections-overview.tsx";
import type { RecordDetailData } from "./detail.server.ts";
import { entityPlural, fieldLabel, statusName } from "./field-labels.ts";
import { HistoryEntryCard } from "./history-entry.tsx";
import { preloadRecordPanel } from "./lazy-panels.tsx";
import type { RecordActionResult } from "./record-action.ts";
import type { RecordViews } from "./record-features.ts";
import {
  FavoriteConnectionCards,
  PartnerFields,
  RelationshipCards,
  RelationshipPage,
} from "./relationship-connections.tsx";
import { attachmentKinds, screenName, screenOfEntity, screens } from "./screens.ts";
import { useHistoryText } from "./use-history-text.ts";

/** The assignment forms' code (Conform, Zod, the search dropdown) loads once the user reaches them. */
const AssignmentSection = whenReached(() =>
  import("./assignment-section.tsx").then((module) => ({ default: module.AssignmentSection })),
);

/** Spec §2: a record shows 8 fields at first, with a read-more from 9. */
const INITIAL_FIELDS = 8;

function useValueSettings(): ValueSettings {
  const { t } = useTranslation();
  return { ...useDateSettings(), yes: t("common.yes"), no: t("common.no") };
}

type RecordDetailProps = RecordDetailData & {
  actionResult?: RecordActionResult;
  /** The tabs and overview blocks of the features records hosts (`app/features/registry.tsx`). */
  views: RecordViews;
};

/**
 * A record's page: its header and actions, its tabs, and the tab's content (records' own, or a hosted feature's).
 * Built from the UI kit.
 */
export function RecordDetail(props: RecordDetailProps) {
  const { t } = useTranslation();
  const { language } = useDateSettings();
  const { record, statuses, tab } = props;
  const screen = props.screen;
  const base = `/${screen.path}/${record.uuid}`;
  const here = tab === "360-overview" ? base : `${base}/${tab}`;
  const { tabs, views } = props;
  const FeatureTab = views.tabs[tab];

  return (
    <Page>
      <PageHeader
        title={record.rowName}
        breadcrumb={{
          label: screenName(screen, t, language) ?? entityPlural(props.info, language),
          to: `/${screen.path}`,
        }}
        meta={
          record.statusId && (
            <StatusBadge palette="teal" testId="record-status">
              {statusName(statuses, record.statusId, language)}
            </StatusBadge>
          )
        }
        actions={
          <>
            {screen.upload && (
              <ButtonLink to={`/documents/${record.uuid}/download`} reloadDocument>
                {t("documents.download")}
              </ButtonLink>
            )}
            {props.canUpdate ? (
              <ButtonLink
                variant="primary"
                to={`${here}?panel=edit`}
                onPointerEnter={preloadRecordPanel}
                onFocus={preloadRecordPanel}
              >
                {t("common.edit")}
              </ButtonLink>
            ) : (
              <EditDenied />
            )}
            {props.canDelete && (
              <ButtonLink variant="danger" to={`${base}?confirm=delete`}>
                {t("common.delete")}
              </ButtonLink>
            )}
          </>
        }
      />
      <LinkTabs
        label={t("tabs.label")}
        tabs={tabs.map((name) => ({
          to: name === "360-overview" ? base : `${base}/${name}`,
          label: t(`tabs.${name}`),
          current: tab === name,
        }))}
      />
      {tab === "360-overview" && <Overview {...props} />}
      {screen.related && tab === screen.related.tab && <Related {...props} />}
      {(tab === "notes" || tab === "documents") && <AttachedTab {...props} />}
      {FeatureTab && <FeatureTab {...props} />}
      {tab === "connections" &&
        (props.relationships?.one ? (
          <RelationshipPage {...props} />
        ) : (
          <>
            {screen.workItem ? <views.workItemConnections {...props} /> : <ConnectionsOverview {...props} />}
            <RelationshipCards {...props} alone={!screen.workItem && !screen.related} />
          </>
        ))}
      {tab === "history" && <History {...props} />}
    </Page>
  );
}

/** Edit, shown but unavailable: its reason is its tooltip and its description (spec §2). */
function EditDenied() {
  const { t } = useTranslation();
  const id = useId();
  const reason = t("records.noEditPermission");
  return (
    <Box as="span" title={reason} data-testid="edit-disabled">
      <Button aria-disabled="true" aria-describedby={id} variant="solid" colorPalette="teal">
        {t("common.edit")}
      </Button>
      <VisuallyHidden id={id}>{reason}</VisuallyHidden>
    </Box>
  );
}

type OverviewProps = RecordDetailProps;

/**
 * The 360-overview: the record's fields (with its one-to-one partners) in the wide column, and beside them the other
 * blocks its entity shows, in their order (spec §2 expanded-entity-overview-widgets).
 */
function Overview(props: OverviewProps) {
  const { info, record } = props;
  const { t } = useTranslation();
  const settings = useValueSettings();
  const fields = info.fields.filter(isShown);
  const renderField = (field: FieldDefinition) => (
    <Stack key={field.key} gap="0.5" data-testid={`field-${field.key}`}>
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {fieldLabel(field, settings.language)}
      </Text>
      <HStack gap="1" minH="6">
        {field.type === "Query" ? (
          <QueryValue result={props.queryResults[field.key]} />
        ) : (
          <FieldValue field={field} value={record.values[field.key]} settings={settings} />
        )}
      </HStack>
    </Stack>
  );
  return (
    <SimpleGrid columns={{ base: 1, lg: 3 }} gap="5">
      <Card.Root gridColumn={{ lg: "span 2" }}>
        <Card.Body>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {fields.slice(0, INITIAL_FIELDS).map(renderField)}
            <PartnerFields relationships={props.relationships} />
          </SimpleGrid>
          {fields.length > INITIAL_FIELDS && (
            // <details> opens without JavaScript.
            <Box as="details" mt="4">
              <Box as="summary" cursor="pointer" color="teal.fg" fontWeight="medium">
                {t("common.readMore")}
              </Box>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" mt="4">
                {fields.slice(INITIAL_FIELDS).map(renderField)}
              </SimpleGrid>
            </Box>
          )}
          <Text mt="5" fontSize="xs" color="fg.muted">
            {t("records.created")}: {formatDateTime(record.createdAt, settings)} · {t("records.updated")}:{" "}
            {formatDateTime(record.updatedAt, settings)}
          </Text>
        </Card.Body>
      </Card.Root>
      <Stack gap="5">
        {props.overviewBlocks.map((block) => (
          <SideBlock key={block} block={block} {...props} />
        ))}
      </Stack>
    </SimpleGrid>
  );
}

/** One block of the overview's side column; the fields have the wide column. */
function SideBlock({ block, ...props }: OverviewProps & { block: OverviewBlockKey }) {
  const { screen, record, actionResult } = props;
  const base = `/${screen.path}/${record.uuid}`;
  switch (block) {
    case "favorites":
      return <FavoriteConnectionCards {...props} />;
    case "attachedTo":
      return props.attachedTo && <AttachedToCard attachedTo={props.attachedTo} />;
    case "notes":
    case "documents": {
      const latest = props.latestAttached[block];
      return latest && <LatestAttachedCard kind={block} page={latest} base={base} />;
    }
    case "related":
      // Shown only to those who may read the company–contact links (the other entity's Read and the CRM right).
      return props.canReadRelated && <RelatedCard {...props} />;
    case "assignments":
      return (
        props.assignments && (
          <AssignmentSection
            assignments={props.assignments}
            action={base}
            results={{
              group: actionResult?.form === "group" ? actionResult.result : undefined,
              user: actionResult?.form === "user" ? actionResult.result : undefined,
            }}
          />
        )
      );
    default: {
      // A hosted feature's block (activities, an inquiry's or a to-do's links).
      const FeatureBlock = props.views.blocks[block];
      return FeatureBlock ? <FeatureBlock {...props} /> : null;
    }
  }
}

/** The overview's card of a company's contacts (or a contact's companies), with each one's role and title. */
function RelatedCard({ screen, record, related }: RecordDetailData) {
  const { t } = useTranslation();
  const settings = useValueSettings();
  const other = screen.related ? screens[screen.related.screen] : undefined;
  if (!screen.related || !other) return null;
  const titleField = related?.info.fields.find((field) => field.key === "title" && field.active);
  return (
    <Card.Root data-testid="related-card">
      <Card.Header>
        <Heading size="md">
          <RouterLink to={`/${screen.path}/${record.uuid}/${screen.related.tab}`}>
            {t(`tabs.${screen.related.tab}`)}
          </RouterLink>
        </Heading>
      </Card.Header>
      <Card.Body>
        {!related || related.page.content.length === 0 ? (
          <Text color="fg.muted">{t("common.none")}</Text>
        ) : (
          <Stack as="ul" gap="2" listStyle="none">
            {related.page.content.map(({ link, record: linked }) => {
              const title = titleField ? valueText(titleField, linked.values[titleField.key], settings) : "";
              return (
                <li key={link.uuid}>
                  <RouterLink to={`/${other.path}/${linked.uuid}`}>{linked.rowName}</RouterLink>
                  <Text fontSize="sm" color="fg.muted">
                    {[t(`links.roles.${link.role}`, { defaultValue: link.role }), title].filter(Boolean).join(" · ")}
                  </Text>
                </li>
              );
            })}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Related({ related, screen, canLink, canCreateRelated, record, page }: RecordDetailData) {
  const { t } = useTranslation();
  const settings = useValueSettings();
  if (!related) return null;
  if (!screen.related) return null;
  const target = screens[screen.related.screen];
  const base = `/${screen.path}/${record.uuid}/${screen.related.tab}`;
  const titleField = related.info.fields.find((field) => field.key === "title" && field.active);
  type Row = (typeof related.page.content)[number];
  return (
    <Stack gap="3">
      {(canLink || canCreateRelated) && (
        <HStack justify="end" gap="2">
          {canCreateRelated && (
            <ButtonLink to={`${base}?panel=new-related`} size="sm" onPointerEnter={preloadRecordPanel}>
              {t("links.newContact")}
            </ButtonLink>
          )}
          {canLink && (
            <ButtonLink variant="primary" to={`${base}?panel=link`} size="sm">
              {t("links.add")}
            </ButtonLink>
          )}
        </HStack>
      )}
      <DataTable<Row>
        rows={related.page.content}
        rowKey={(row) => row.link.uuid}
        empty={t("list.noRecords")}
        columns={[
          {
            key: "name",
            header: t("list.name"),
            kind: "primary",
            cell: ({ record: linked }) => (
              <TableLink href={`/${target.path}/${linked.uuid}`}>{linked.rowName}</TableLink>
            ),
          },
          ...(titleField
            ? [
                {
                  key: "title",
                  header: fieldLabel(titleField, settings.language),
                  cell: ({ record: linked }: Row) => valueText(titleField, linked.values.title, settings),
                },
              ]
            : []),
          {
            key: "role",
            header: t("links.role"),
            cell: ({ link }) => t(`links.roles.${link.role}`, { defaultValue: link.role }),
          },
          ...(canLink
            ? [
                {
                  key: "remove",
                  header: "",
                  kind: "action" as const,
                  cell: ({ link, record: linked }: Row) => (
                    <RemoveRowButton
                      action={base}
                      intent="unlink"
                      hidden={{ linkId: link.uuid }}
                      label={`${t("common.remove")} ${linked.rowName}`}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <CountedListFooter page={page} of={related.page} pageTo={(number) => `${base}?page=${number}`} />
    </Stack>
  );
}

function History({ history, info, record, statuses, screen, page }: RecordDetailData) {
  const { t } = useTranslation();
  const _settings = useValueSettings();
  const describe = useHistoryText(info, statuses);
  if (!history) return null;
  if (history.totalElements === 0) return <Text color="fg.muted">{t("history.empty")}</Text>;
  const base = `/${screen.path}/${record.uuid}/history`;
  return (
    <Stack gap="3">
      {history.content.map((entry) => (
        <HistoryEntryCard key={entry.id} {...describe(entry)} at={entry.at} />
      ))}
      <CountedListFooter page={page} of={history} pageTo={(number) => `${base}?page=${number}`} />
    </Stack>
  );
}

/** The records a note or a document is attached to, each a link to its page. */
function AttachedToCard({ attachedTo }: { attachedTo: NonNullable<RecordDetailData["attachedTo"]> }) {
  const { t } = useTranslation();
  const { language } = useDateSettings();
  return (
    <Card.Root data-testid="attached-to-card">
      <Card.Header>
        <Heading size="md">{t("attachments.attachedTo")}</Heading>
      </Card.Header>
      <Card.Body>
        {attachedTo.length === 0 ? (
          <Text color="fg.muted">{t("attachments.notAttached")}</Text>
        ) : (
          <Stack as="ul" gap="2" listStyle="none">
            {attachedTo.map((ref) => {
              const screen = screenOfEntity(ref.schemaKey, ref.tableKey);
              return (
                <li key={`${ref.schemaKey}.${ref.tableKey}.${ref.uuidKey}`}>
                  {screen ? <RouterLink to={`/${screen.path}/${ref.uuidKey}`}>{ref.rowName}</RouterLink> : ref.rowName}
                  {screen && screenName(screen, t, language) && (
                    <Text fontSize="sm" color="fg.muted">
                      {screenName(screen, t, language)}
                    </Text>
                  )}
                </li>
              );
            })}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** The overview's card of a record's latest notes or documents: how many there are, and the newest few. */
function LatestAttachedCard({
  kind,
  page,
  base,
}: {
  kind: "notes" | "documents";
  page: NonNullable<RecordDetailData["latestAttached"]["notes"]>;
  base: string;
}) {
  const { t } = useTranslation();
  const dates = useDateSettings();
  return (
    <Card.Root data-testid={`latest-${kind}-card`}>
      <Card.Header>
        <Heading size="md">
          <RouterLink to={`${base}/${kind}`}>
            {t(`tabs.${kind}`)} ({page.totalElements})
          </RouterLink>
        </Heading>
      </Card.Header>
      <Card.Body>
        {page.content.length === 0 ? (
          <Text color="fg.muted">{t("common.none")}</Text>
        ) : (
          <Stack as="ul" gap="2" listStyle="none">
            {page.content.map((item) => (
              <li key={item.uuid}>
                <RouterLink to={`/${attachmentKinds[kind].path}/${item.uuid}`}>{item.rowName}</RouterLink>
                <Text fontSize="sm" color="fg.muted">
                  {formatDateTime(item.createdAt, dates)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
