import { useActionData } from "react-router";
import { ConfirmDialog, suspended } from "../features/records/lazy-panels.tsx";
import { loadShortcuts, shortcutsAction } from "../features/shortcuts/shortcuts.server.ts";
import { ShortcutsScreen } from "../features/shortcuts/shortcuts-screen.tsx";
import { SHORTCUTS_PATH, shortcutsUrl } from "../utils/shortcut-urls.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/shortcuts";

// The panel's code (its form, the contract's schema) loads when it opens; the server renders it open.
const ShortcutPanel = suspended(() =>
  import("../features/shortcuts/shortcut-panel.tsx").then((m) => ({ default: m.ShortcutPanel })),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadShortcuts(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return shortcutsAction(request, context);
}

export default function ShortcutsRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionResult = useActionData<typeof action>();
  const { shortcuts, panel } = loaderData;
  return (
    <>
      <ShortcutsScreen shortcuts={shortcuts} />
      {panel?.mode === "edit" && (
        // Another shortcut is another form.
        <ShortcutPanel key={panel.shortcut.uuid} shortcut={panel.shortcut} lastResult={actionResult?.result} />
      )}
      {panel?.mode === "delete" && (
        <ConfirmDialog
          title={t("shortcuts.deleteTitle", { name: panel.shortcut.name })}
          confirmLabel={t("common.delete")}
          closeTo={SHORTCUTS_PATH}
          action={shortcutsUrl({ id: panel.shortcut.uuid })}
          intent="delete"
          testId="confirm-delete"
        >
          {t("shortcuts.confirmDelete", { name: panel.shortcut.name })}
        </ConfirmDialog>
      )}
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
