import { Badge, Box, Card, Heading, Link, SimpleGrid, Table, Text } from "@chakra-ui/react";
import { Form, Link as RouterLink } from "react-router";
import { Button } from "../../components/button.tsx";
import { Flex, HStack, Stack } from "../../components/layout.tsx";
import { formatDateTime } from "../../utils/dates.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { AssignmentSection } from "./assignment-section.tsx";
import { CopyButton } from "./copy-button.tsx";
import type { RecordDetailData } from "./detail.server.ts";
import { displayValue, fieldLabel, statusName } from "./field-labels.ts";
import { historyText, splitHistoryText } from "./history.ts";
import { screens } from "./screens.ts";
import "../../theme-deferred.ts";

const INITIAL_FIELDS = 8;

export function RecordDetail(props: RecordDetailData) {
  const { t, language } = useTranslation();
  const { record, statuses, tab } = props;
  const screen = screens[props.screenPath];
  const base = `/${screen.path}/${record.uuid}`;
  const tabs = ["360-overview", screen.related.tab, "history"] as const;

  return (
    <Stack gap="5">
      <Flex justify="space-between" align="start" gap="4" wrap="wrap">
        <Stack gap="1">
          <Text color="fg.muted" fontSize="sm">
            <Link asChild>
              <RouterLink to={`/${screen.path}`}>{t(screen.labelKey)}</RouterLink>
            </Link>
          </Text>
          <Heading as="h1" size="2xl">
            {record.rowName}
          </Heading>
          {record.statusId && (
            <Badge alignSelf="start" colorPalette="teal" data-testid="record-status">
              {statusName(statuses, record.statusId, language)}
            </Badge>
          )}
        </Stack>
        <HStack>
          {props.canUpdate ? (
            <Button asChild colorPalette="teal">
              <RouterLink to={`${base}${tab === "360-overview" ? "" : `/${tab}`}?panel=edit`}>
                {t("records.edit")}
              </RouterLink>
            </Button>
          ) : (
            <Box as="span" title={t("records.noEditPermission")} tabIndex={0} data-testid="edit-disabled">
              <Button disabled aria-disabled="true" pointerEvents="none">
                {t("records.edit")}
              </Button>
            </Box>
          )}
          {props.canDelete && (
            <Button asChild variant="outline" colorPalette="red">
              <RouterLink to={`${base}?confirm=delete`}>{t("records.delete")}</RouterLink>
            </Button>
          )}
        </HStack>
      </Flex>

      <HStack as="nav" aria-label={t("records.details")} gap="1" borderBottomWidth="1px">
        {tabs.map((name) => (
          <Link
            key={name}
            asChild
            px="3"
            py="2"
            borderBottomWidth="2px"
            borderColor={tab === name ? "teal.solid" : "transparent"}
            fontWeight={tab === name ? "semibold" : "normal"}
          >
            <RouterLink
              to={name === "360-overview" ? base : `${base}/${name}`}
              aria-current={tab === name ? "page" : undefined}
            >
              {t(`tabs.${name}`)}
            </RouterLink>
          </Link>
        ))}
      </HStack>

      {tab === "360-overview" && <Overview {...props} language={language} />}
      {tab === screen.related.tab && props.related && <Related {...props} />}
      {tab === "history" && props.history && <History {...props} language={language} />}
    </Stack>
  );
}

function Overview({
  info,
  record,
  assignments,
  language,
  canReadRelated,
  screenPath,
}: RecordDetailData & { language: "en" | "nb" }) {
  const { t } = useTranslation();
  const fields = info.fields.filter((field) => field.active);
  const yesNo: [string, string] = [t("records.yes"), t("records.no")];
  const renderField = (field: (typeof fields)[number]) => {
    const shown = displayValue(field, record.values[field.key], language, yesNo);
    return (
      <Stack key={field.key} gap="0.5" data-testid={`field-${field.key}`}>
        <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
          {fieldLabel(field, language)}
        </Text>
        <HStack gap="1" minH="6">
          <Text whiteSpace="pre-line" wordBreak="break-word">
            {shown || "—"}
          </Text>
          <CopyButton value={shown} />
        </HStack>
      </Stack>
    );
  };
  const related = screens[screenPath].related;
  return (
    <SimpleGrid columns={{ base: 1, lg: 3 }} gap="5">
      <Card.Root gridColumn={{ lg: "span 2" }}>
        <Card.Body>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {fields.slice(0, INITIAL_FIELDS).map(renderField)}
          </SimpleGrid>
          {fields.length > INITIAL_FIELDS && (
            // <details> opens without JavaScript.
            <Box as="details" mt="4">
              <Box as="summary" cursor="pointer" color="teal.fg" fontWeight="medium">
                {t("records.readMore")}
              </Box>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" mt="4">
                {fields.slice(INITIAL_FIELDS).map(renderField)}
              </SimpleGrid>
            </Box>
          )}
          <Text mt="5" fontSize="xs" color="fg.muted">
            {t("records.created")}: {formatDateTime(record.createdAt, language)} · {t("records.updated")}:{" "}
            {formatDateTime(record.updatedAt, language)}
          </Text>
        </Card.Body>
      </Card.Root>
      <Stack gap="5">
        <Card.Root>
          <Card.Header>
            <Heading size="md">{t(`tabs.${related.tab}`)}</Heading>
          </Card.Header>
          <Card.Body>
            {record.connections.length === 0 ? (
              <Text color="fg.muted">{t("records.none")}</Text>
            ) : (
              <Stack as="ul" gap="1" listStyle="none">
                {record.connections.map((connection) => (
                  <li key={connection.uuidKey}>
                    {canReadRelated ? (
                      <Link asChild colorPalette="teal" color="colorPalette.fg">
                        <RouterLink to={`/${related.screen}/${connection.uuidKey}`}>{connection.rowName}</RouterLink>
                      </Link>
                    ) : (
                      connection.rowName
                    )}
                  </li>
                ))}
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
        {assignments && <AssignmentSection assignments={assignments} action={`/${screenPath}/${record.uuid}`} />}
      </Stack>
    </SimpleGrid>
  );
}

function Related({ related, screenPath, canReadRelated, canLink, record }: RecordDetailData) {
  const { t } = useTranslation();
  if (!related) return null;
  const screen = screens[screenPath];
  const target = screen.related.screen;
  const base = `/${screen.path}/${record.uuid}/${screen.related.tab}`;
  return (
    <Stack gap="3">
      {canLink && (
        <Button asChild alignSelf="end" colorPalette="teal" size="sm">
          <RouterLink to={`${base}?panel=link`}>{t("links.add")}</RouterLink>
        </Button>
      )}
      <Box overflowX="auto" borderWidth="1px" borderRadius="lg" bg="bg">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t("records.name")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("links.role")}</Table.ColumnHeader>
              {canLink && <Table.ColumnHeader />}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {related.page.content.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={2}>
                  <Text color="fg.muted">{t("records.noRecords")}</Text>
                </Table.Cell>
              </Table.Row>
            ) : (
              related.page.content.map(({ link, record }) => (
                <Table.Row key={link.uuid}>
                  <Table.Cell>
                    {canReadRelated ? (
                      <Link asChild colorPalette="teal" color="colorPalette.fg">
                        <RouterLink to={`/${target}/${record.uuid}`}>{record.rowName}</RouterLink>
                      </Link>
                    ) : (
                      record.rowName
                    )}
                  </Table.Cell>
                  <Table.Cell>{t(`links.roles.${link.role}`, { defaultValue: link.role })}</Table.Cell>
                  {canLink && (
                    <Table.Cell textAlign="end">
                      <Form method="post" action={base}>
                        <input type="hidden" name="linkId" value={link.uuid} />
                        <Button type="submit" name="intent" value="unlink" size="xs" variant="outline">
                          {t("links.remove")}
                        </Button>
                      </Form>
                    </Table.Cell>
                  )}
                </Table.Row>
              ))
            )}
          </Table.Body>
        </Table.Root>
        <Text px="3" py="2" fontSize="sm" color="fg.muted">
          {t("records.showing", {
            from: related.page.totalElements === 0 ? 0 : related.page.page * related.page.size + 1,
            to: Math.min((related.page.page + 1) * related.page.size, related.page.totalElements),
            total: related.page.totalElements,
          })}
        </Text>
      </Box>
    </Stack>
  );
}

function History({
  history,
  info,
  record,
  statuses,
  screenPath,
  page,
  language,
}: RecordDetailData & { language: "en" | "nb" }) {
  const { t } = useTranslation();
  if (!history) return null;
  const label = (key: string) => {
    if (key === "statusId") return t("records.status");
    if (key === "connection") return t("links.connection");
    if (key === "role") return t("links.role");
    const field = info.fields.find((f) => f.key === key);
    return field ? fieldLabel(field, language) : key;
  };
  if (history.totalElements === 0) return <Text color="fg.muted">{t("history.empty")}</Text>;
  const lastPage = Math.max(1, Math.ceil(history.totalElements / history.size));
  const base = `/${screenPath}/${record.uuid}/history`;
  return (
    <Stack gap="3">
      {history.content.map((entry) => {
        const who = entry.actor ? `${entry.actor.firstName} ${entry.actor.lastName}` : t("history.someone");
        const text = historyText(entry.changes, label, entry.action, (key, value) => {
          if (key === "role") return t(`links.roles.${value}`, { defaultValue: String(value) });
          if (key === "statusId") return statusName(statuses, String(value), language) || String(value);
          const field = info.fields.find((f) => f.key === key);
          const shown = field ? displayValue(field, value, language, [t("records.yes"), t("records.no")]) : "";
          return shown || (Array.isArray(value) ? value.join(", ") : String(value));
        });
        const { shown, rest } = splitHistoryText(text);
        return (
          <Card.Root key={entry.id} size="sm" data-testid="history-entry">
            <Card.Body gap="1">
              <Text fontWeight="medium">{t(`history.${entry.action}`, { name: who })}</Text>
              <Text fontSize="xs" color="fg.muted">
                {formatDateTime(entry.at, language)}
              </Text>
              {/* Plain text: React escapes it, and pre-line keeps its line breaks. */}
              <Text whiteSpace="pre-line" wordBreak="break-word">
                {shown}
                {rest && "…"}
              </Text>
              {rest && (
                <Box as="details">
                  <Box as="summary" cursor="pointer" color="teal.fg">
                    {t("records.readMore")}
                  </Box>
                  <Text whiteSpace="pre-line" wordBreak="break-word">
                    {text}
                  </Text>
                </Box>
              )}
            </Card.Body>
          </Card.Root>
        );
      })}
      <HStack>
        {page > 1 && (
          <Button asChild size="xs" variant="outline">
            <RouterLink to={`${base}?page=${page - 1}`}>{t("records.previous")}</RouterLink>
          </Button>
        )}
        {page < lastPage && (
          <Button asChild size="xs" variant="outline">
            <RouterLink to={`${base}?page=${page + 1}`}>{t("records.next")}</RouterLink>
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
