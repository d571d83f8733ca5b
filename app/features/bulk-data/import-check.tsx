import { Alert, Box, Card, HStack, Stack, Text } from "@chakra-ui/react";
import { IMPORT_CHECK_ERRORS, type ImportDetail } from "../../../server/contract/bulk-data.ts";
import { AutoRefresh } from "../../components/auto-refresh.tsx";
import { ButtonLink } from "../../components/button-link.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { useLanguage } from "../../utils/i18n.ts";
import { useMessageText } from "../../utils/message-text.ts";
import { formatNumber } from "../../utils/numbers.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { useFieldName } from "./import-mapping.tsx";
import { REFRESH_SECONDS, REVALIDATE_MS } from "./urls.ts";

type CheckError = ImportDetail["checkErrors"][number];

/**
 * The check of the whole file, before the import starts: under way (read anew every second with JavaScript, the page
 * reloaded every two without), its outcome (how many rows have errors, and the first errors: row, column, why), or
 * what in the file stopped it. Nothing while no check has been asked for.
 */
export function ImportCheck({
  detail,
  discardTo,
  canChange,
}: {
  detail: ImportDetail;
  discardTo: string;
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const messageText = useMessageText();
  const fieldName = useFieldName(detail.fields);
  const { check } = detail.import;
  const n = (value: number) => formatNumber(value, language);
  if (check.status === null) return null;
  if (check.status === "checking") {
    return (
      <Card.Root size="sm" data-testid="import-check">
        <AutoRefresh noScriptSeconds={REFRESH_SECONDS} intervalMs={REVALIDATE_MS} />
        <Card.Header>
          <Card.Title as="h2">{t("bulk.imports.checkTitle")}</Card.Title>
        </Card.Header>
        <Card.Body gap="4">
          <Text role="status" data-testid="check-summary">
            {t("bulk.imports.checking", { rows: n(check.checkedRows) })}
          </Text>
          {canChange && (
            <HStack>
              <ButtonLink variant="danger" to={discardTo}>
                {t("bulk.imports.discard")}
              </ButtonLink>
            </HStack>
          )}
        </Card.Body>
      </Card.Root>
    );
  }
  if (check.status === "failed") {
    const message = messageText(check.message ?? "");
    return (
      <Alert.Root status="error" data-testid="check-summary">
        <Alert.Indicator />
        <Alert.Title>
          {check.rowNumber === null
            ? t("bulk.imports.checkFailed", { message })
            : t("bulk.imports.checkFailedAt", { row: n(check.rowNumber), message })}
        </Alert.Title>
      </Alert.Root>
    );
  }
  const rows = check.checkedRows;
  const columnName = (error: CheckError) =>
    error.column === null ? fieldName(error.field) : (detail.columns[error.column]?.header ?? fieldName(error.field));
  return (
    <Card.Root size="sm" data-testid="import-check">
      <Card.Header>
        <Card.Title as="h2">{t("bulk.imports.checkTitle")}</Card.Title>
      </Card.Header>
      <Card.Body gap="4">
        <Alert.Root status={check.errorRows === 0 ? "success" : "warning"} data-testid="check-summary">
          <Alert.Indicator />
          <Alert.Title>
            {check.errorRows === 0
              ? t("bulk.imports.checkedAll", { count: rows, rows: n(rows) })
              : t("bulk.imports.checkedSome", {
                  errors: n(check.errorRows),
                  rows: n(rows),
                  valid: n(rows - check.errorRows),
                })}
          </Alert.Title>
        </Alert.Root>
        {detail.checkErrors.length > 0 && (
          <Stack as="section" gap="2" aria-labelledby="check-errors">
            <Text as="h3" fontWeight="medium" id="check-errors">
              {t("bulk.imports.checkErrorsTitle")}
            </Text>
            <Box data-testid="check-errors">
              <DataTable<CheckError>
                rows={detail.checkErrors}
                rowKey={(error) => `${error.rowNumber}-${error.field}`}
                empty={null}
                columns={[
                  { key: "row", header: t("bulk.imports.row"), cell: (error) => n(error.rowNumber) },
                  { key: "column", header: t("bulk.imports.column"), cell: columnName },
                  {
                    key: "error",
                    header: t("bulk.imports.error"),
                    cell: (error) => <Text color="fg.error">{messageText(error.message)}</Text>,
                  },
                ]}
              />
            </Box>
            {detail.checkErrors.length >= IMPORT_CHECK_ERRORS && (
              <Text fontSize="sm" color="fg.muted">
                {t("bulk.imports.checkErrorsMore", { count: detail.checkErrors.length })}
              </Text>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
