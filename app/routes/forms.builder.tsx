import { useActionData } from "react-router";
import { ErrorDialog } from "../features/records/lazy-panels.tsx";
import { formBuilderAction, loadFormBuilder } from "../features/web-forms/builder.server.ts";
import { FORM_BUILDER_ID } from "../features/web-forms/builder-form.ts";
import { FormBuilderScreen } from "../features/web-forms/builder-screen.tsx";
import type { Route } from "./+types/forms.builder";

/** The same module serves /forms/create and /forms/{id}/edit. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadFormBuilder(request, context, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return formBuilderAction(request, context, params);
}

export default function FormBuilderRoute({ loaderData }: Route.ComponentProps) {
  const actionResult = useActionData<typeof action>();
  return (
    <>
      <FormBuilderScreen {...loaderData} lastResult={actionResult?.result} bannerError={actionResult?.bannerError} />
      {actionResult?.dialog && (
        <ErrorDialog text={actionResult.dialog} source={actionResult} dismissForm={FORM_BUILDER_ID} />
      )}
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
