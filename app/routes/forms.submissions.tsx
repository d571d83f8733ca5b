import { useActionData } from "react-router";
import { ErrorDialog, suspended } from "../features/records/lazy-panels.tsx";
import { loadSubmissions, submissionsAction } from "../features/web-forms/submissions.server.ts";
import { SubmissionsScreen } from "../features/web-forms/submissions-screen.tsx";
import { submissionsUrl } from "../features/web-forms/submissions-urls.ts";
import type { Route } from "./+types/forms.submissions";

// The export panel's code loads when it opens; the server renders it open.
const SubmissionsExportPanel = suspended(() =>
  import("../features/web-forms/submissions-export-panel.tsx").then((m) => ({ default: m.SubmissionsExportPanel })),
);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadSubmissions(request, context, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return submissionsAction(request, context, params);
}

export default function FormSubmissionsRoute({ loaderData }: Route.ComponentProps) {
  const actionResult = useActionData<typeof action>();
  const { form, q, page, exportPanel } = loaderData;
  const here = submissionsUrl(form.uuid, { q, page });
  return (
    <>
      <SubmissionsScreen {...loaderData} />
      {exportPanel && (
        <SubmissionsExportPanel
          action={submissionsUrl(form.uuid, { q, page, panel: "export" })}
          closeTo={here}
          lastResult={actionResult?.result}
        />
      )}
      {actionResult?.dialog && <ErrorDialog text={actionResult.dialog} source={actionResult} closeTo={here} />}
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
