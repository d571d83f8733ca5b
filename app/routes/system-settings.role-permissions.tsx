import { useActionData } from "react-router";
import { ErrorDialog } from "../features/records/lazy-panels.tsx";
import { PermissionsScreen } from "../features/roles/permissions-screen.tsx";
import { loadRolePermissions, rolePermissionsAction } from "../features/roles/roles.server.ts";
import { PERMISSIONS_FORM_ID } from "../features/roles/urls.ts";
import type { Route } from "./+types/system-settings.role-permissions";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadRolePermissions(request, context, params.id);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return rolePermissionsAction(request, context, params.id);
}

export default function RolePermissionsRoute({ loaderData }: Route.ComponentProps) {
  const actionResult = useActionData<typeof action>();
  return (
    <>
      {/* Another role is another form. */}
      <PermissionsScreen key={loaderData.matrix.role.uuid} {...loaderData} lastResult={actionResult?.result} />
      {actionResult?.dialog && (
        // Closed without JavaScript, the matrix is posted again as it was ticked, and comes back unsaved.
        <ErrorDialog text={actionResult.dialog} source={actionResult} dismissForm={PERMISSIONS_FORM_ID} />
      )}
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
