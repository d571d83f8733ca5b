import { Alert, Card, HStack, SimpleGrid, Stack, Stat, Text } from "@chakra-ui/react";
import type { ImportDto } from "../../../server/contract/bulk-data.ts";
import { AutoRefresh } from "../../components/auto-refresh.tsx";
import { ButtonLink } from "../../components/button-link.tsx";
import { ProgressBar } from "../../components/progress-bar.tsx";
import { useDateSettings } from "../../utils/date-settings.ts";
import { formatDateTime } from "../../utils/dates.ts";
import { useMessageText } from "../../utils/message-text.ts";
import { formatNumber } from "../../utils/numbers.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { REFRESH_SECONDS, REVALIDATE_MS } from "./urls.ts";

/**
 * An import under way or done: how far it has come (its file checked first, when it was started unchecked; read anew
 * every second with JavaScript, the page reloaded every two without), what it created, updated, left unchanged and refused, and why it failed if it did.
 */
export function ImportProgress({
  item,
  stopTo,
  canChange,
  errorFileTo,
  againTo,
  listTo,
  listLabel,
}: {
  item: ImportDto;
  stopTo: string;
  canChange: boolean;
  errorFileTo: string;
  againTo?: string;
  listTo?: string;
  listLabel?: string;
}) {
  const { t } = useTranslation();
  const dates = useDateSettings();
  const messageText = useMessageText();
  const n = (value: number) => formatNumber(value, dates.language);
  const importing = item.status === "importing";
  const total = item.totalRows ?? 0;
  const counts = [
    { key: "created", value: item.created },
    { key: "updated", value: item.updated },
    { key: "unchanged", value: item.unchanged },
    { key: "failed", value: item.failed },
  ] as const;
  return (
    <Stack gap="5">
      {importing && <AutoRefresh noScriptSeconds={REFRESH_SECONDS} intervalMs={REVALIDATE_MS} />}
      <Card.Root size="sm">
        <Card.Body gap="4">
          <ProgressBar
            value={item.processedRows}
            max={Math.max(total, item.processedRows, 1)}
            label={
              importing && item.check.status === "checking"
                ? t("bulk.imports.checking", { rows: n(item.check.checkedRows) })
                : item.totalRows === null
                  ? t(importing ? "bulk.imports.queued" : "bulk.imports.processed", {
                      processed: n(item.processedRows),
                    })
                  : t("bulk.imports.processedOf", { processed: n(item.processedRows), total: n(total) })
            }
          />
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" data-testid="import-counts">
            {counts.map(({ key, value }) => (
              <Stat.Root key={key} data-testid={`count-${key}`}>
                <Stat.Label>{t(`bulk.imports.${key}`)}</Stat.Label>
                <Stat.ValueText color={key === "failed" && value > 0 ? "fg.error" : undefined}>
                  {n(value)}
                </Stat.ValueText>
              </Stat.Root>
            ))}
          </SimpleGrid>
          <Text fontSize="sm" color="fg.muted">
            {item.finishedAt
              ? t("bulk.imports.finishedAt", { date: formatDateTime(item.finishedAt, dates) })
              : item.startedAt
                ? t("bulk.imports.startedAt", { date: formatDateTime(item.startedAt, dates) })
                : null}
          </Text>
        </Card.Body>
      </Card.Root>
      {importing && item.stopRequested && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Title>{t("bulk.imports.stopRequested")}</Alert.Title>
        </Alert.Root>
      )}
      {(item.status === "failed" || item.status === "unknown") && item.message && (
        <Alert.Root status={item.status === "failed" ? "error" : "warning"} data-testid="import-message">
          <Alert.Indicator />
          <Alert.Title>{messageText(item.message)}</Alert.Title>
        </Alert.Root>
      )}
      {item.status === "stopped" && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>
            {item.processedRows === 0
              ? t("bulk.imports.stoppedBeforeStart")
              : t("bulk.imports.stoppedText", { processed: n(item.processedRows), total: n(total) })}
          </Alert.Title>
        </Alert.Root>
      )}
      <HStack gap="3" wrap="wrap">
        {importing && canChange && !item.stopRequested && (
          <ButtonLink variant="danger" to={stopTo}>
            {t("bulk.imports.stop")}
          </ButtonLink>
        )}
        {!importing && item.hasErrorFile && (
          <ButtonLink variant="primary" size="md" to={errorFileTo} reloadDocument>
            {t("bulk.imports.downloadErrors")}
          </ButtonLink>
        )}
        {!importing && againTo && <ButtonLink to={againTo}>{t("bulk.imports.another")}</ButtonLink>}
        {!importing && listTo && listLabel && <ButtonLink to={listTo}>{listLabel}</ButtonLink>}
      </HStack>
    </Stack>
  );
}
