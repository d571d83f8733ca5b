import { useActionData, useLocation, useSearchParams } from "react-router";
import { UploadPanel } from "../features/documents/lazy-panels.tsx";
import { recordAction } from "../features/records/actions.server.ts";
import { loadRecordDetail } from "../features/records/detail.server.ts";
import { ConnectPanel, LinkPanel } from "../features/records/lazy-detail-panels.tsx";
import { ConfirmDialog, ErrorDialog, RecordPanel } from "../features/records/lazy-panels.tsx";
import { RecordDetail } from "../features/records/record-detail.tsx";
import { RECORD_FORM_ID, screenFromPath } from "../features/records/screens.ts";
import { recordFeatures } from "../features/registry.server.ts";
import { recordViews } from "../features/registry.tsx";
import { LinkContactPanel } from "../features/work-items/lazy-panels.tsx";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/record-detail";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadRecordDetail(request, context, screenFromPath(new URL(request.url).pathname), params, recordFeatures);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return recordAction(request, context, screenFromPath(new URL(request.url).pathname), params.id, recordFeatures);
}

export default function RecordDetailRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const closeTo = location.pathname;
  const screen = loaderData.screen;
  const panel = searchParams.get("panel");
  const recordResult = actionResult?.form === "record" ? actionResult.result : undefined;
  const workItems = loaderData.workItems;
  const newItem = panel === "new-item" && workItems?.kind === "owner" ? workItems.newItem : null;
  const formOpen =
    Boolean(newItem) ||
    (panel === "edit" && loaderData.canUpdate) ||
    (panel === "new-related" && loaderData.newRelated) ||
    (panel === "new-note" && loaderData.newNote);
  return (
    <>
      <RecordDetail {...loaderData} actionResult={actionResult} views={recordViews} />
      {panel === "edit" && loaderData.canUpdate && (
        <RecordPanel
          info={loaderData.info}
          statuses={loaderData.statuses}
          record={loaderData.record}
          lastResult={recordResult}
          closeTo={closeTo}
          action={here}
        />
      )}
      {panel === "view" && (
        <RecordPanel
          info={loaderData.info}
          statuses={loaderData.statuses}
          record={loaderData.record}
          closeTo={closeTo}
          action={here}
          readOnly
        />
      )}
      {panel === "new-related" && loaderData.newRelated && (
        <RecordPanel
          info={loaderData.newRelated.info}
          statuses={loaderData.newRelated.statuses}
          lastResult={recordResult}
          closeTo={closeTo}
          action={here}
          linkTo={{
            title: t("links.newContactTitle", { name: loaderData.record.rowName }),
            intent: "createContact",
            role: true,
          }}
        />
      )}
      {panel === "new-note" && loaderData.newNote && (
        <RecordPanel
          info={loaderData.newNote.info}
          statuses={loaderData.newNote.statuses}
          lastResult={recordResult}
          closeTo={closeTo}
          action={here}
          linkTo={{
            title: t("attachments.newNoteTitle", { name: loaderData.record.rowName }),
            intent: "createNote",
            attachTo: "notes",
          }}
        />
      )}
      {newItem && workItems?.kind === "owner" && (
        <RecordPanel
          info={newItem.info}
          statuses={workItems.statuses}
          lastResult={recordResult}
          closeTo={closeTo}
          action={here}
          linkTo={{
            title: t(`workItems.newItemTitle_${workItems.tab}`, { name: loaderData.record.rowName }),
            intent: "createWorkItem",
            workItem: {
              tab: workItems.tab,
              on: screen.table === "company" ? "company" : "contact",
              recordId: loaderData.record.uuid,
              label: t(newItem.other === "contact" ? "workItems.contact" : "workItems.company"),
              options: newItem.options,
              noOptions:
                newItem.other === "contact"
                  ? t("workItems.noContacts", { name: loaderData.record.rowName })
                  : undefined,
            },
          }}
        />
      )}
      {panel === "link-contact" && workItems?.kind === "item" && workItems.canLink && (
        <LinkContactPanel
          itemName={loaderData.record.rowName}
          search={workItems.search}
          lastResult={actionResult?.form === "contact-link" ? actionResult.result : undefined}
          closeTo={closeTo}
          action={here}
        />
      )}
      {panel === "upload" && loaderData.attached?.tab === "documents" && loaderData.attached.canAdd && (
        <UploadPanel
          title={t("attachments.uploadOnTitle", { name: loaderData.record.rowName })}
          action={here}
          progressAction={`/resources/upload?screen=${screen.path}&id=${loaderData.record.uuid}`}
          closeTo={closeTo}
          lastResult={actionResult?.form === "upload" ? actionResult.result : undefined}
          maxMegabytes={loaderData.maxUploadMb}
        />
      )}
      {panel === "link" && loaderData.canLink && screen.related && (
        <LinkPanel
          screen={screen}
          entityLabel={t(`nav.${screen.related.screen}`)}
          search={loaderData.linkSearch}
          lastResult={actionResult?.form === "link" ? actionResult.result : undefined}
          closeTo={closeTo}
          action={here}
        />
      )}
      {loaderData.relationships?.connect && (
        <ConnectPanel
          // Another relationship is another form.
          key={loaderData.relationships.connect.connection.relationshipId}
          connection={loaderData.relationships.connect.connection}
          search={loaderData.relationships.connect.search}
          lastResult={actionResult?.form === "connect" ? actionResult.result : undefined}
          closeTo={closeTo}
          action={here}
        />
      )}
      {searchParams.get("confirm") === "delete" && loaderData.canDelete && (
        <ConfirmDialog
          title={t("records.deleteTitle", { name: loaderData.record.rowName })}
          confirmLabel={t("common.delete")}
          closeTo={closeTo}
          action={here}
          intent="delete"
          testId="confirm-delete"
        >
          {t("records.confirmDelete", { name: loaderData.record.rowName })}
          {screen.attachable && ` ${t("records.confirmDeleteAttached")}`}
        </ConfirmDialog>
      )}
      {actionResult?.dialog && (
        <ErrorDialog
          text={actionResult.dialog}
          source={actionResult}
          dismissForm={formOpen ? RECORD_FORM_ID : undefined}
          closeTo={here}
        />
      )}
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.record.rowName} · Workspace` : "Workspace" }];
}
