import { useActionData, useLocation } from "react-router";
import { suspended } from "../features/records/lazy-panels.tsx";
import { ConfirmDelete, RefusalDialog } from "../features/settings/list-dialogs.tsx";
import { loadMetaStatuses, metaStatusAction } from "../features/settings/meta-status/meta-status.server.ts";
import { MetaStatusScreen, valueName } from "../features/settings/meta-status/meta-status-screen.tsx";
import { kindFromPath, META_STATUS_FORM_ID, metaStatusUrl } from "../features/settings/meta-status/meta-status-urls.ts";
import { useLanguage } from "../utils/i18n.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/system-settings.meta-status";

// The panel's code (its form, the contract's schema) loads when it opens; the server renders it open.
const MetaStatusPanel = suspended(() =>
  import("../features/settings/meta-status/meta-status-panel.tsx").then((m) => ({ default: m.MetaStatusPanel })),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadMetaStatuses(request, context, kindFromPath(new URL(request.url).pathname));
}

export async function action({ request, context }: Route.ActionArgs) {
  return metaStatusAction(request, context, kindFromPath(new URL(request.url).pathname));
}

/** Statuses, priorities, categories and sources: one screen for the four kinds, each at its own address. */
export default function MetaStatusRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const actionResult = useActionData<typeof action>();
  const location = useLocation();
  const { kind, entity, panel } = loaderData;
  const here = `${location.pathname}${location.search}`;
  const closeTo = metaStatusUrl(kind, entity);
  const lastResult = actionResult?.form === "value" ? actionResult.result : undefined;
  const formOpen = panel?.mode === "new" || panel?.mode === "edit";
  return (
    <>
      <MetaStatusScreen {...loaderData} />
      {formOpen && (
        <MetaStatusPanel
          // Another value, or another kind, is another form.
          key={`${kind}-${panel.mode === "edit" ? panel.value.metaStatusId : "new"}`}
          kind={kind}
          value={panel.mode === "edit" ? panel.value : undefined}
          lastResult={lastResult}
          action={here}
          closeTo={closeTo}
        />
      )}
      {panel?.mode === "delete" && (
        <ConfirmDelete
          title={t("settings.metaStatus.deleteTitle", { name: valueName(panel.value, language) })}
          closeTo={closeTo}
          action={metaStatusUrl(kind, entity, { id: panel.value.metaStatusId })}
        >
          {t("settings.metaStatus.confirmDelete", {
            name: valueName(panel.value, language),
            kind: t(`settings.metaStatus.one.${kind}`),
          })}
        </ConfirmDelete>
      )}
      <RefusalDialog
        result={actionResult}
        asking={panel?.mode === "delete"}
        dismissForm={formOpen ? META_STATUS_FORM_ID : undefined}
        closeTo={here}
      />
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
