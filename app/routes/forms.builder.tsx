import { useActionData, useLocation } from "react-router";
import { RefusalDialog } from "../features/settings/list-dialogs.tsx";
import { formBuilderAction, loadFormBuilder } from "../features/web-forms/builder.server.ts";
import { FORM_BUILDER_ID } from "../features/web-forms/builder-form.ts";
import { FormBuilderScreen } from "../features/web-forms/builder-screen.tsx";
import { CREATE_FORM_PATH, formUrl } from "../features/web-forms/urls.ts";
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
  const { search } = useLocation();
  return (
    <>
      <FormBuilderScreen {...loaderData} lastResult={actionResult?.result} bannerError={actionResult?.bannerError} />
      {/* A refused unlinking shows once its question has gone (the question is URL state, `?unlink`). */}
      <RefusalDialog
        result={actionResult}
        asking={new URLSearchParams(search).has("unlink")}
        dismissForm={FORM_BUILDER_ID}
        closeTo={loaderData.saved ? formUrl(loaderData.saved.uuid, "edit") : CREATE_FORM_PATH}
      />
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
