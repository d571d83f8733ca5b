import { useActionData } from "react-router";
import { ErrorDialog } from "../features/records/lazy-panels.tsx";
import { SubmissionScreen } from "../features/web-forms/submission-screen.tsx";
import { loadSubmission, submissionAction } from "../features/web-forms/submissions.server.ts";
import { submissionUrl } from "../features/web-forms/submissions-urls.ts";
import type { Route } from "./+types/forms.submission";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadSubmission(request, context, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return submissionAction(request, context, params);
}

export default function FormSubmissionRoute({ loaderData }: Route.ComponentProps) {
  const actionResult = useActionData<typeof action>();
  const here = submissionUrl(loaderData.form.uuid, loaderData.submission.uuid);
  return (
    <>
      <SubmissionScreen {...loaderData} lastResult={actionResult?.form === "merge" ? actionResult.result : undefined} />
      {actionResult?.dialog && <ErrorDialog text={actionResult.dialog} source={actionResult} closeTo={here} />}
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
