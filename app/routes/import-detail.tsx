import { Stack, Text } from "@chakra-ui/react";
import { useActionData } from "react-router";
import { Page, PageHeader } from "../components/page-header.tsx";
import { entityLabel } from "../features/bulk-data/entities.ts";
import { ImportCheck } from "../features/bulk-data/import-check.tsx";
import { importAction, loadImport } from "../features/bulk-data/import-detail.server.ts";
import { ImportMapping } from "../features/bulk-data/import-mapping.tsx";
import { ImportProgress } from "../features/bulk-data/import-progress.tsx";
import { BulkStatusBadge } from "../features/bulk-data/import-status.tsx";
import { errorFileUrl, importUrl, newImportUrl } from "../features/bulk-data/urls.ts";
import { ConfirmDialog, ErrorDialog } from "../features/records/lazy-panels.tsx";
import { useLanguage } from "../utils/i18n.ts";
import { formatBytes, formatNumber } from "../utils/numbers.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/import-detail";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadImport(request, context, params.id);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return importAction(request, context, params.id);
}

export default function ImportDetailRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const answer = useActionData<typeof action>();
  const { detail, entity, canChange, canImportAgain, confirm } = loaderData;
  const item = detail.import;
  const here = importUrl(item.id);
  const entityName = entityLabel(entity ?? undefined, item.schemaAndTableName, t, language);
  const facts = [
    entityName,
    formatBytes(item.fileSize, language),
    ...(item.totalRows === null
      ? []
      : [t("bulk.imports.rowsInFile", { count: item.totalRows, rows: formatNumber(item.totalRows, language) })]),
    ...(item.createdBy ? [`${item.createdBy.firstName} ${item.createdBy.lastName}`.trim()] : []),
  ];
  return (
    <Page>
      <PageHeader
        title={item.fileName}
        breadcrumb={{ label: t("bulk.imports.title"), to: "/imports" }}
        meta={
          <>
            <BulkStatusBadge status={item.status} />
            <Text color="fg.muted" fontSize="sm">
              {facts.join(" · ")}
            </Text>
          </>
        }
        shortcut={false}
      />
      {item.status === null ? (
        <Stack gap="5">
          <ImportCheck detail={detail} discardTo={importUrl(item.id, { confirm: "discard" })} canChange={canChange} />
          {/* While the file is checked its mapping stays as it is. */}
          {item.check.status !== "checking" && (
            <ImportMapping
              key={`${item.mode}-${detail.columns.map((column) => column.fieldKey).join(",")}-${item.matchField}`}
              detail={detail}
              lastResult={answer?.result}
              discardTo={importUrl(item.id, { confirm: "discard" })}
              canChange={canChange}
              checked={item.check.status === "checked"}
            />
          )}
        </Stack>
      ) : (
        <ImportProgress
          item={item}
          canChange={canChange}
          stopTo={importUrl(item.id, { confirm: "stop" })}
          errorFileTo={errorFileUrl(item.id)}
          againTo={canImportAgain ? newImportUrl(item.schemaAndTableName) : undefined}
          listTo={entity?.listPath}
          listLabel={entity ? t("bulk.imports.goToList", { entities: entityName }) : undefined}
        />
      )}
      {confirm === "discard" && (
        <ConfirmDialog
          title={t("bulk.imports.discardTitle")}
          confirmLabel={t("bulk.imports.discard")}
          closeTo={here}
          action={here}
          intent="discard"
          testId="confirm-discard-import"
        >
          {t("bulk.imports.discardText", { file: item.fileName })}
        </ConfirmDialog>
      )}
      {confirm === "stop" && (
        <ConfirmDialog
          title={t("bulk.imports.stopTitle")}
          confirmLabel={t("bulk.imports.stop")}
          closeTo={here}
          action={here}
          intent="stop"
          testId="confirm-stop-import"
        >
          {t("bulk.imports.stopText")}
        </ConfirmDialog>
      )}
      {answer?.dialog && <ErrorDialog text={answer.dialog} source={answer} closeTo={here} />}
    </Page>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.detail.import.fileName} · Workspace` : "Workspace" }];
}
