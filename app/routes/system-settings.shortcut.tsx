import { useActionData } from "react-router";
import { ConfirmDialog, suspended } from "../features/records/lazy-panels.tsx";
import {
  loadSharedShortcuts,
  sharedShortcutsAction,
} from "../features/settings/shared-shortcuts/shared-shortcuts.server.ts";
import { SharedShortcutsScreen, useAudience } from "../features/settings/shared-shortcuts/shared-shortcuts-screen.tsx";
import { sharedShortcutsUrl } from "../features/settings/urls.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/system-settings.shortcut";

// The panel's code (its form, the contract's schema) loads when it opens; the server renders it open.
const SharedShortcutPanel = suspended(() =>
  import("../features/settings/shared-shortcuts/shared-shortcut-panel.tsx").then((m) => ({
    default: m.SharedShortcutPanel,
  })),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSharedShortcuts(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return sharedShortcutsAction(request, context);
}

export default function SharedShortcutsRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const audience = useAudience();
  const actionResult = useActionData<typeof action>();
  const { panel, groups } = loaderData;
  return (
    <>
      <SharedShortcutsScreen {...loaderData} />
      {panel?.mode === "new" && <SharedShortcutPanel groups={groups} lastResult={actionResult?.result} />}
      {panel?.mode === "edit" && (
        // Another shortcut is another form.
        <SharedShortcutPanel
          key={panel.shortcut.uuid}
          shortcut={panel.shortcut}
          groups={groups}
          lastResult={actionResult?.result}
        />
      )}
      {panel?.mode === "delete" && (
        <ConfirmDialog
          title={t("settings.sharedShortcuts.deleteTitle", { name: panel.shortcut.name })}
          confirmLabel={t("common.delete")}
          closeTo={sharedShortcutsUrl()}
          action={sharedShortcutsUrl({ id: panel.shortcut.uuid })}
          intent="delete"
          testId="confirm-delete"
        >
          {t("settings.sharedShortcuts.confirmDelete", {
            name: panel.shortcut.name,
            audience: audience(panel.shortcut),
          })}
        </ConfirmDialog>
      )}
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
