import { useActionData, useSearchParams } from "react-router";
import { exportAction } from "../features/bulk-data/export.server.ts";
import { ExportPanel, preloadExportPanel } from "../features/bulk-data/lazy-panels.tsx";
import { UploadPanel } from "../features/documents/lazy-panels.tsx";
import { recordAction } from "../features/records/actions.server.ts";
import { entityPlural, fieldLabel } from "../features/records/field-labels.ts";
import { ErrorDialog, RecordPanel } from "../features/records/lazy-panels.tsx";
import { loadRecordList } from "../features/records/list.server.ts";
import { RecordList } from "../features/records/record-list.tsx";
import { listColumnKeys, RECORD_FORM_ID, screenFromPath } from "../features/records/screens.ts";
import { recordFeatures } from "../features/registry.server.ts";
import { useLanguage } from "../utils/i18n.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/record-list";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadRecordList(request, context, screenFromPath(new URL(request.url).pathname), recordFeatures);
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const screen = screenFromPath(url.pathname);
  // The export panel posts to the list's address with its query, which says what is listed.
  if (url.searchParams.get("panel") === "export") return exportAction(request, context, screen);
  return recordAction(request, context, screen, undefined, recordFeatures);
}

export default function RecordListRoute({ loaderData }: Route.ComponentProps) {
  const { screen, ...list } = loaderData;
  const { t } = useTranslation();
  const actionResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const closeParams = new URLSearchParams(searchParams);
  closeParams.delete("panel");
  const closeTo = `/${screen.path}${closeParams.size ? `?${closeParams}` : ""}`;
  const adding = searchParams.get("panel") === "add" && list.canCreate;
  const exporting = searchParams.get("panel") === "export" && list.canExport;
  const language = useLanguage();
  return (
    <>
      <RecordList screen={screen} {...list} preloadExport={preloadExportPanel} />
      {adding && screen.upload && (
        <UploadPanel
          title={t("attachments.uploadTitle")}
          action={`/${screen.path}?${searchParams}`}
          progressAction={`/resources/upload?screen=${screen.path}`}
          closeTo={closeTo}
          lastResult={actionResult?.form === "upload" ? actionResult.result : undefined}
          maxMegabytes={list.maxUploadMb}
        />
      )}
      {adding && !screen.upload && (
        <RecordPanel
          info={list.info}
          statuses={list.statuses}
          lastResult={actionResult?.form === "record" ? actionResult.result : undefined}
          closeTo={closeTo}
          action={`/${screen.path}?${searchParams}`}
        />
      )}
      {exporting && (
        <ExportPanel
          entities={entityPlural(list.info, language).toLowerCase()}
          listed={{ total: list.page.totalElements, exact: list.page.totalExact }}
          filtered={
            list.params.q.length >= 3 ||
            list.params.statusId !== "" ||
            Object.keys(list.params.filters).length > 0 ||
            list.params.overdue
          }
          columns={[
            ...list.info.fields.filter((field) => field.partOfName),
            ...listColumnKeys(screen, list.info.fields).flatMap((key) =>
              list.info.fields.filter((field) => field.key === key && field.active && !field.partOfName),
            ),
          ].map((field) => fieldLabel(field, language))}
          action={`/${screen.path}?${searchParams}`}
          closeTo={closeTo}
          lastResult={actionResult?.form === "export" ? actionResult.result : undefined}
        />
      )}
      {actionResult?.dialog && (
        <ErrorDialog
          text={actionResult.dialog}
          source={actionResult}
          // An upload is not posted again to close the warning: Close goes back to the list.
          dismissForm={adding && !screen.upload ? RECORD_FORM_ID : undefined}
          closeTo={closeTo}
        />
      )}
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const norwegian = (matches[0]?.loaderData as { locale?: string } | undefined)?.locale === "nb";
  const title = loaderData && (norwegian ? loaderData.info.pluralNb : loaderData.info.pluralEn);
  return [{ title: title ? `${title} · Workspace` : "Workspace" }];
}
