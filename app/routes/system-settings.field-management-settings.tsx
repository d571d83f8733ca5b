import { useActionData, useLocation } from "react-router";
import { ErrorDialog } from "../features/records/lazy-panels.tsx";
import {
  fieldManagementAction,
  loadFieldManagement,
} from "../features/settings/field-management/field-management.server.ts";
import { FieldManagementScreen } from "../features/settings/field-management/field-management-screen.tsx";
import { fieldFormId } from "../features/settings/urls.ts";
import type { Route } from "./+types/system-settings.field-management-settings";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadFieldManagement(request, context, params.tab);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return fieldManagementAction(request, context, params.tab);
}

export default function FieldManagementRoute({ loaderData }: Route.ComponentProps) {
  const actionResult = useActionData<typeof action>();
  const location = useLocation();
  return (
    <>
      <FieldManagementScreen {...loaderData} />
      {/* Without JavaScript a refusal comes back with the page; Close posts the row's form to return to it. */}
      {actionResult?.dialog && (
        <ErrorDialog
          text={actionResult.dialog}
          source={actionResult}
          dismissForm={actionResult.key ? fieldFormId(actionResult.key) : undefined}
          closeTo={location.pathname}
        />
      )}
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
