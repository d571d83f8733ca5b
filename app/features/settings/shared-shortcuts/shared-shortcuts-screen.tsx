import type { SharedShortcutDto } from "../../../../server/contract/shortcuts.ts";
import { TableLink } from "../../../components/data-table.tsx";
import { useTranslation } from "../../../utils/translation.tsx";
import { type SettingsList, SettingsListScreen } from "../settings-list.tsx";
import { sharedShortcutsUrl } from "../urls.ts";

/** Whom a shared shortcut is for, in the page's language. */
export function useAudience() {
  const { t } = useTranslation();
  return (shortcut: Pick<SharedShortcutDto, "visibility" | "group">) =>
    shortcut.visibility === "group"
      ? t("settings.sharedShortcuts.forGroup", { group: shortcut.group?.name ?? "" })
      : t(`settings.sharedShortcuts.visibilities.${shortcut.visibility}`);
}

/**
 * The shortcuts the system settings share (spec §6: everyone, administrators only, or a group), in the shared order
 * that users see them in until they order their own list; New, Edit and Delete for those who may change the settings.
 */
export const sharedShortcutsList: SettingsList<SharedShortcutDto> = {
  texts: {
    title: "settings.sharedShortcuts.title",
    add: "settings.sharedShortcuts.add",
    intro: "settings.sharedShortcuts.intro",
    emptyTitle: "settings.sharedShortcuts.emptyTitle",
    emptyText: "settings.sharedShortcuts.emptyText",
    editItem: "settings.sharedShortcuts.editShortcut",
    deleteItem: "settings.sharedShortcuts.deleteShortcut",
  },
  url: sharedShortcutsUrl,
  idParam: "id",
  id: (shortcut) => shortcut.uuid,
  name: (shortcut) => shortcut.name,
  testId: "shared-shortcuts",
  useColumns: () => {
    const { t } = useTranslation();
    const audience = useAudience();
    return [
      { key: "name", header: t("settings.sharedShortcuts.name"), kind: "primary", cell: (s) => s.name },
      {
        key: "url",
        header: t("settings.sharedShortcuts.url"),
        cell: (s) => <TableLink href={s.url}>{s.url}</TableLink>,
      },
      { key: "visibility", header: t("settings.sharedShortcuts.visibility"), cell: audience },
      { key: "ordering", header: t("settings.sharedShortcuts.ordering"), cell: (s) => String(s.ordering) },
    ];
  },
};

export function SharedShortcutsScreen({
  shortcuts,
  canUpdate,
}: {
  shortcuts: SharedShortcutDto[];
  canUpdate: boolean;
}) {
  return <SettingsListScreen list={sharedShortcutsList} items={shortcuts} canUpdate={canUpdate} />;
}
