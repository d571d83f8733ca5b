import { useActionData, useLocation } from "react-router";
import { groupsAction, loadGroups } from "../features/groups/groups.server.ts";
import { GroupsScreen } from "../features/groups/groups-screen.tsx";
import { GROUP_FORM_ID, groupsUrl } from "../features/groups/urls.ts";
import { suspended } from "../features/records/lazy-panels.tsx";
import { ConfirmDelete, RefusalDialog } from "../features/settings/list-dialogs.tsx";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/system-settings.groups";

// The panel's code (its form, the contract's schema) loads when it opens; the server renders it open.
const GroupPanel = suspended(() =>
  import("../features/groups/group-panels.tsx").then((m) => ({ default: m.GroupPanel })),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadGroups(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return groupsAction(request, context);
}

export default function GroupsRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionResult = useActionData<typeof action>();
  const location = useLocation();
  const { panel, q, page } = loaderData;
  const here = `${location.pathname}${location.search}`;
  const closeTo = groupsUrl({ q, page: page > 1 ? page : undefined });
  const lastResult = actionResult?.form === "group" ? actionResult.result : undefined;
  return (
    <>
      <GroupsScreen {...loaderData} />
      {panel?.mode === "new" && <GroupPanel lastResult={lastResult} action={here} closeTo={closeTo} />}
      {panel?.mode === "rename" && (
        <GroupPanel
          key={panel.group.uuid}
          group={panel.group}
          lastResult={lastResult}
          action={here}
          closeTo={closeTo}
        />
      )}
      {panel?.mode === "delete" && (
        <ConfirmDelete
          title={t("settings.groups.deleteTitle", { name: panel.group.name })}
          closeTo={closeTo}
          action={groupsUrl({ group: panel.group.uuid })}
        >
          {t("settings.groups.confirmDelete", { name: panel.group.name })}
        </ConfirmDelete>
      )}
      <RefusalDialog
        result={actionResult}
        asking={panel?.mode === "delete"}
        dismissForm={panel?.mode === "new" || panel?.mode === "rename" ? GROUP_FORM_ID : undefined}
        closeTo={here}
      />
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
