import { useActionData, useLocation } from "react-router";
import { ErrorDialog } from "../features/records/lazy-panels.tsx";
import {
  DEFAULTS_FORM_ID,
  REFERENCE_FORM_ID,
  workItemTableFromPath,
} from "../features/settings/meta-status/meta-status-urls.ts";
import {
  loadWorkItemSettings,
  workItemSettingsAction,
} from "../features/settings/work-item-settings/work-item-settings.server.ts";
import { WorkItemSettingsScreen } from "../features/settings/work-item-settings/work-item-settings-screen.tsx";
import type { Route } from "./+types/system-settings.work-items";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadWorkItemSettings(request, context, workItemTableFromPath(new URL(request.url).pathname));
}

export async function action({ request, context }: Route.ActionArgs) {
  return workItemSettingsAction(request, context, workItemTableFromPath(new URL(request.url).pathname));
}

/** The inquiries' and the to-dos' settings: one screen, each at its own address. */
export default function WorkItemSettingsRoute({ loaderData }: Route.ComponentProps) {
  const actionResult = useActionData<typeof action>();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <>
      <WorkItemSettingsScreen
        // Each table's page is its own pair of forms.
        key={loaderData.table}
        {...loaderData}
        referenceResult={actionResult?.form === "reference" ? actionResult.result : undefined}
        defaultsResult={actionResult?.form === "defaults" ? actionResult.result : undefined}
        action={here}
      />
      {actionResult?.dialog && (
        <ErrorDialog
          text={actionResult.dialog}
          source={actionResult}
          dismissForm={actionResult.form === "defaults" ? DEFAULTS_FORM_ID : REFERENCE_FORM_ID}
          closeTo={here}
        />
      )}
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
