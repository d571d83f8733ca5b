import { useActionData, useLocation } from "react-router";
import { suspended } from "../features/records/lazy-panels.tsx";
import { loadRoles, rolesAction } from "../features/roles/roles.server.ts";
import { RolesScreen } from "../features/roles/roles-screen.tsx";
import { ROLE_FORM_ID, rolesUrl } from "../features/roles/urls.ts";
import { ConfirmDelete, RefusalDialog } from "../features/settings/list-dialogs.tsx";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/system-settings.roles";

// The panels' code (their forms, the contract's schemas) loads when one opens; the server renders them open.
const loadPanels = () => import("../features/roles/role-panels.tsx");
const NewRolePanel = suspended(() => loadPanels().then((m) => ({ default: m.NewRolePanel })));
const RenameRolePanel = suspended(() => loadPanels().then((m) => ({ default: m.RenameRolePanel })));

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadRoles(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return rolesAction(request, context);
}

export default function RolesRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionResult = useActionData<typeof action>();
  const location = useLocation();
  const { panel } = loaderData;
  const here = `${location.pathname}${location.search}`;
  const closeTo = rolesUrl();
  const lastResult = actionResult?.form === "role" ? actionResult.result : undefined;
  const panelProps = { lastResult, action: here, closeTo };
  return (
    <>
      <RolesScreen {...loaderData} />
      {panel?.mode === "new" && <NewRolePanel {...panelProps} />}
      {panel?.mode === "copy" && <NewRolePanel key={panel.role.uuid} copyOf={panel.role} {...panelProps} />}
      {panel?.mode === "rename" && <RenameRolePanel key={panel.role.uuid} role={panel.role} {...panelProps} />}
      {panel?.mode === "delete" && (
        <ConfirmDelete
          title={t("settings.roles.deleteTitle", { name: panel.role.name })}
          closeTo={closeTo}
          action={rolesUrl({ role: panel.role.uuid })}
        >
          {t("settings.roles.confirmDelete", { name: panel.role.name })}
        </ConfirmDelete>
      )}
      <RefusalDialog
        result={actionResult}
        asking={panel?.mode === "delete"}
        dismissForm={
          panel?.mode === "new" || panel?.mode === "copy" || panel?.mode === "rename" ? ROLE_FORM_ID : undefined
        }
        closeTo={here}
      />
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
