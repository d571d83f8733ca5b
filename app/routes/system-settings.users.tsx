import { useActionData, useLocation } from "react-router";
import { ConfirmDialog, suspended } from "../features/records/lazy-panels.tsx";
import { RefusalDialog } from "../features/settings/list-dialogs.tsx";
import { listState } from "../features/users/list-params.ts";
import { USER_FORM_ID, usersUrl } from "../features/users/urls.ts";
import { loadUsers, usersAction } from "../features/users/users.server.ts";
import { fullName, UsersScreen } from "../features/users/users-screen.tsx";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/system-settings.users";

// The panels' code (their forms, the contract's schemas) loads when one opens; the server renders them open.
const loadPanels = () => import("../features/users/user-panels.tsx");
const InvitePanel = suspended(() => loadPanels().then((m) => ({ default: m.InvitePanel })));
const EditUserPanel = suspended(() => loadPanels().then((m) => ({ default: m.EditUserPanel })));

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadUsers(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return usersAction(request, context);
}

export default function UsersRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionResult = useActionData<typeof action>();
  const location = useLocation();
  const { panel, roles, groups, params } = loaderData;
  const here = `${location.pathname}${location.search}`;
  const closeTo = usersUrl(listState(params));
  const lastResult = actionResult?.form === "user" ? actionResult.result : undefined;
  const panelProps = { roles, groups, lastResult, action: here, closeTo };
  const confirming = panel?.mode === "deactivate" || panel?.mode === "reactivate";
  return (
    <>
      <UsersScreen {...loaderData} />
      {panel?.mode === "invite" && <InvitePanel {...panelProps} />}
      {panel?.mode === "edit" && <EditUserPanel key={panel.employee.uuid} employee={panel.employee} {...panelProps} />}
      {confirming && (
        <ConfirmDialog
          title={t(`settings.users.${panel.mode}Title`, { name: fullName(panel.employee) })}
          confirmLabel={t(`settings.users.${panel.mode}`)}
          closeTo={closeTo}
          // Posted without the dialog in the URL: a refusal shows its warning over the list.
          action={usersUrl({ ...listState(params), user: panel.employee.uuid })}
          intent={panel.mode}
          testId={`confirm-${panel.mode}`}
        >
          {t(panel.mode === "deactivate" ? "settings.users.confirmDeactivate" : "settings.users.confirmReactivate", {
            name: fullName(panel.employee),
          })}
        </ConfirmDialog>
      )}
      <RefusalDialog
        result={actionResult}
        asking={confirming}
        dismissForm={panel?.mode === "invite" || panel?.mode === "edit" ? USER_FORM_ID : undefined}
        closeTo={here}
      />
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
