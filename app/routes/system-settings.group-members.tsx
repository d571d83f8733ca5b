import { useActionData, useLocation } from "react-router";
import { groupMembersAction, loadGroupMembers } from "../features/groups/groups.server.ts";
import { GroupMembersScreen } from "../features/groups/groups-screen.tsx";
import { groupMembersUrl, MEMBER_FORM_ID } from "../features/groups/urls.ts";
import { ConfirmDialog, suspended } from "../features/records/lazy-panels.tsx";
import { RefusalDialog } from "../features/settings/list-dialogs.tsx";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/system-settings.group-members";

// The panel's code (its form, the search) loads when it opens; the server renders it open.
const AddMemberPanel = suspended(() =>
  import("../features/groups/group-panels.tsx").then((m) => ({ default: m.AddMemberPanel })),
);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadGroupMembers(request, context, params.id);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return groupMembersAction(request, context, params.id);
}

export default function GroupMembersRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionResult = useActionData<typeof action>();
  const location = useLocation();
  const { panel, group, page, search } = loaderData;
  const here = `${location.pathname}${location.search}`;
  const closeTo = groupMembersUrl(group.uuid, { page: page > 1 ? page : undefined });
  const lastResult = actionResult?.form === "member" ? actionResult.result : undefined;
  const name = panel?.mode === "remove" ? `${panel.member.firstName} ${panel.member.lastName}`.trim() : "";
  return (
    <>
      <GroupMembersScreen {...loaderData} />
      {panel?.mode === "add" && (
        <AddMemberPanel
          group={group}
          search={search}
          lastResult={lastResult}
          action={here}
          closeTo={groupMembersUrl(group.uuid)}
        />
      )}
      {panel?.mode === "remove" && (
        <ConfirmDialog
          title={t("settings.groups.removeTitle", { name })}
          confirmLabel={t("settings.groups.remove")}
          closeTo={closeTo}
          action={groupMembersUrl(group.uuid, { user: panel.member.uuid })}
          intent="remove"
          testId="confirm-remove"
        >
          {t("settings.groups.confirmRemove", { name, group: group.name })}
        </ConfirmDialog>
      )}
      <RefusalDialog
        result={actionResult}
        asking={panel?.mode === "remove"}
        dismissForm={panel?.mode === "add" ? MEMBER_FORM_ID : undefined}
        closeTo={here}
      />
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
