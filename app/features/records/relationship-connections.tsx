import { Card, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import type { RecordConnection } from "../../../server/contract/relationships.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { DataTable, TableLink } from "../../components/data-table.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { CountedListFooter } from "../../components/list-footer.tsx";
import { RemoveRowButton } from "../../components/remove-row-button.tsx";
import { useLanguage } from "../../utils/i18n.ts";
import { useTranslation } from "../../utils/translation.tsx";
import type { RecordDetailData } from "./detail.server.ts";
import { screenOfEntity } from "./screens.ts";

type Linked = RecordConnection["content"][number];

/** The relationship's label as the record's side names it, in the page's language. */
export function connectionLabel(connection: RecordConnection, language: "en" | "nb"): string {
  return language === "nb" ? connection.labelNb : connection.labelEn;
}

function otherName(connection: RecordConnection, language: "en" | "nb"): string {
  return language === "nb" ? connection.other.labelNb : connection.other.labelEn;
}

/** Where a linked record's page is, if the app has one for its entity. */
function linkedHref(connection: RecordConnection, linked: Pick<Linked, "uuid">): string | undefined {
  const screen = screenOfEntity(connection.other.schemaKey, connection.other.tableKey);
  return screen && `/${screen.path}/${linked.uuid}`;
}

/** One more link is allowed: a record on a "one" side has at most one partner. */
function canAddLink(connection: RecordConnection): boolean {
  return connection.canLink && !(connection.single && connection.totalElements > 0);
}

function connectUrl(base: string, connection: RecordConnection): string {
  return `${base}?${new URLSearchParams({ panel: "connect", relationship: connection.relationshipId })}`;
}

/** A link's Remove button: a plain form, posted to the page it is on. */
function DisconnectButton({
  connection,
  linked,
  action,
}: {
  connection: RecordConnection;
  linked: Linked;
  action: string;
}) {
  const { t } = useTranslation();
  return (
    <RemoveRowButton
      action={action}
      intent="disconnect"
      hidden={{ relationshipId: connection.relationshipId, linkId: linked.linkId }}
      label={t("links.removeLink", { name: linked.rowName })}
    />
  );
}

function RelationshipCard({
  connection,
  base,
  action = base,
}: {
  connection: RecordConnection;
  base: string;
  /** Where its Remove buttons post, the page it is on. */
  action?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const label = connectionLabel(connection, language);
  const name = language === "nb" ? connection.nameNb : connection.nameEn;
  const more = connection.totalElements > connection.content.length;
  return (
    <Card.Root data-testid="relationship-card" data-relationship={connection.relationshipId}>
      <Card.Header>
        <HStack justify="space-between" align="start" gap="3">
          <Stack gap="0.5">
            <Heading size="md">
              <RouterLink to={`${base}/${connection.relationshipId}`}>
                {label} ({connection.totalElements})
              </RouterLink>
            </Heading>
            {name && (
              <Text fontSize="sm" color="fg.muted">
                {name}
              </Text>
            )}
          </Stack>
          {canAddLink(connection) && (
            <ButtonLink size="xs" to={connectUrl(base, connection)}>
              {t("links.addTitle", { entity: otherName(connection, language) })}
            </ButtonLink>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        {connection.content.length === 0 ? (
          <Text color="fg.muted">{t("common.none")}</Text>
        ) : (
          <Stack as="ul" gap="2" listStyle="none">
            {connection.content.map((linked) => {
              const href = linkedHref(connection, linked);
              return (
                <HStack as="li" key={linked.linkId} justify="space-between" gap="2">
                  {href ? <RouterLink to={href}>{linked.rowName}</RouterLink> : <Text>{linked.rowName}</Text>}
                  {connection.canLink && <DisconnectButton connection={connection} linked={linked} action={action} />}
                </HStack>
              );
            })}
          </Stack>
        )}
        {more && (
          <Text mt="3">
            <RouterLink to={`${base}/${connection.relationshipId}`}>
              {t("links.showAll", { count: connection.totalElements })}
            </RouterLink>
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The connections tab's relationships: one card each with its newest links, Link and Remove where the user may
 * change both sides. `alone` says nothing else is on the tab, so an entity without relationships says so.
 */
export function RelationshipCards({ relationships, screen, record, alone }: RecordDetailData & { alone: boolean }) {
  const { t } = useTranslation();
  if (!relationships) return null;
  const base = `/${screen.path}/${record.uuid}/connections`;
  if (relationships.all.length === 0) {
    return alone ? (
      <EmptyState title={t("links.noRelationships")} description={t("links.noRelationshipsText")} />
    ) : null;
  }
  return (
    <Stack gap="3" mt={alone ? "0" : "6"} data-testid="relationship-cards">
      {!alone && <Heading size="md">{t("links.relationships")}</Heading>}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
        {relationships.all.map((connection) => (
          <RelationshipCard
            key={`${connection.relationshipId}:${connection.side}`}
            connection={connection}
            base={base}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** One relationship's links, a page at a time (`connections/{relationshipId}`). */
export function RelationshipPage({ relationships, screen, record }: RecordDetailData) {
  const { t } = useTranslation();
  const language = useLanguage();
  const one = relationships?.one;
  if (!one) return null;
  const { connection, page, size } = one;
  const tabBase = `/${screen.path}/${record.uuid}/connections`;
  const here = `${tabBase}/${connection.relationshipId}`;
  const action = page > 1 ? `${here}?page=${page}` : here;
  return (
    <Stack gap="3" data-testid="relationship-page">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Heading size="md" as="h2">
          {connectionLabel(connection, language)}
        </Heading>
        <HStack gap="2">
          <ButtonLink size="sm" variant="secondary" to={tabBase}>
            {t("links.allConnections")}
          </ButtonLink>
          {canAddLink(connection) && (
            <ButtonLink size="sm" variant="primary" to={connectUrl(here, connection)}>
              {t("links.addTitle", { entity: otherName(connection, language) })}
            </ButtonLink>
          )}
        </HStack>
      </HStack>
      <DataTable<Linked>
        rows={connection.content}
        rowKey={(linked) => linked.linkId}
        empty={t("list.noRecords")}
        columns={[
          {
            key: "name",
            header: t("list.name"),
            kind: "primary",
            cell: (linked) => {
              const href = linkedHref(connection, linked);
              return href ? <TableLink href={href}>{linked.rowName}</TableLink> : linked.rowName;
            },
          },
          ...(connection.canLink
            ? [
                {
                  key: "remove",
                  header: "",
                  kind: "action" as const,
                  cell: (linked: Linked) => (
                    <DisconnectButton connection={connection} linked={linked} action={action} />
                  ),
                },
              ]
            : []),
        ]}
      />
      <CountedListFooter
        page={page}
        of={{ totalElements: connection.totalElements, size }}
        pageTo={(number) => `${here}?page=${number}`}
      />
    </Stack>
  );
}

/**
 * The overview's one-to-one partners (spec §2): each relationship in which the record has one partner, as a label
 * and a link, beside the record's fields.
 */
export function PartnerFields({ relationships }: Pick<RecordDetailData, "relationships">) {
  const language = useLanguage();
  const partners = (relationships?.all ?? []).filter((c) => c.single && c.content.length > 0);
  return partners.map((connection) => {
    const [partner] = connection.content;
    if (!partner) return null;
    const href = linkedHref(connection, partner);
    return (
      <Stack key={`${connection.relationshipId}:${connection.side}`} gap="0.5" data-testid="partner-field">
        <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
          {connectionLabel(connection, language)}
        </Text>
        <HStack gap="1" minH="6">
          {href ? <RouterLink to={href}>{partner.rowName}</RouterLink> : <Text>{partner.rowName}</Text>}
        </HStack>
      </Stack>
    );
  });
}

/** The overview's favorite connections (spec §3): a card for each favorite relationship with several partners. */
export function FavoriteConnectionCards({ relationships, screen, record }: RecordDetailData) {
  const favorites = (relationships?.all ?? []).filter((c) => c.favorite && !c.single);
  const base = `/${screen.path}/${record.uuid}/connections`;
  return favorites.map((connection) => (
    <RelationshipCard
      key={`${connection.relationshipId}:${connection.side}`}
      connection={connection}
      base={base}
      action={`/${screen.path}/${record.uuid}`}
    />
  ));
}
