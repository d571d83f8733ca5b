import { useActionData } from "react-router";
import { type BuilderMode, builderAction, loadBuilder } from "../features/advanced-search/builder.server.ts";
import { QUERY_FORM_ID } from "../features/advanced-search/builder-form.ts";
import { BuilderScreen } from "../features/advanced-search/builder-screen.tsx";
import { ErrorDialog } from "../features/records/lazy-panels.tsx";
import type { Route } from "./+types/advanced-search.builder";

/** The same module serves /advanced-search/create, …/{queryType}/{id}/edit and …/{queryType}/{id}/create. */
function modeOf(request: Request, params: { id?: string }): BuilderMode {
  if (!params.id) return "create";
  // Client navigations load data from ".../edit.data".
  return /\/edit(\.data)?$/.test(new URL(request.url).pathname) ? "edit" : "copy";
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadBuilder(request, context, modeOf(request, params), params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return builderAction(request, context, modeOf(request, params), params);
}

export default function AdvancedSearchBuilderRoute({ loaderData }: Route.ComponentProps) {
  const actionResult = useActionData<typeof action>();
  return (
    <>
      <BuilderScreen {...loaderData} lastResult={actionResult?.result} preview={actionResult?.preview} />
      {actionResult?.dialog && (
        <ErrorDialog text={actionResult.dialog} source={actionResult} dismissForm={QUERY_FORM_ID} />
      )}
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
