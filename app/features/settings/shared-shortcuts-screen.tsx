import { Box, HStack, Text } from "@chakra-ui/react";
import type { SharedShortcutDto } from "../../../server/contract/shortcuts.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { DataTable, type DataTableColumn, TableLink } from "../../components/data-table.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { useTranslation } from "../../utils/translation.tsx";
import { sharedShortcutsUrl } from "./urls.ts";

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
export function SharedShortcutsScreen({
  shortcuts,
  canUpdate,
}: {
  shortcuts: SharedShortcutDto[];
  canUpdate: boolean;
}) {
  const { t } = useTranslation();
  const audience = useAudience();
  const columns: DataTableColumn<SharedShortcutDto>[] = [
    { key: "name", header: t("settings.sharedShortcuts.name"), kind: "primary", cell: (s) => s.name },
    { key: "url", header: t("settings.sharedShortcuts.url"), cell: (s) => <TableLink href={s.url}>{s.url}</TableLink> },
    { key: "visibility", header: t("settings.sharedShortcuts.visibility"), cell: audience },
    { key: "ordering", header: t("settings.sharedShortcuts.ordering"), cell: (s) => String(s.ordering) },
    ...(canUpdate
      ? [
          {
            key: "actions",
            header: "",
            kind: "action" as const,
            cell: (s: SharedShortcutDto) => (
              <HStack gap="3" justify="flex-end">
                <TableLink
                  href={sharedShortcutsUrl({ panel: "edit", id: s.uuid })}
                  label={t("settings.sharedShortcuts.editShortcut", { name: s.name })}
                >
                  {t("common.edit")}
                </TableLink>
                <TableLink
                  href={sharedShortcutsUrl({ confirm: "delete", id: s.uuid })}
                  label={t("settings.sharedShortcuts.deleteShortcut", { name: s.name })}
                >
                  {t("common.delete")}
                </TableLink>
              </HStack>
            ),
          },
        ]
      : []),
  ];
  const addTo = sharedShortcutsUrl({ panel: "new" });
  return (
    <Page>
      <PageHeader
        title={t("settings.sharedShortcuts.title")}
        actions={
          canUpdate && (
            <ButtonLink variant="primary" to={addTo}>
              {t("settings.sharedShortcuts.add")}
            </ButtonLink>
          )
        }
      />
      <Text color="fg.muted" fontSize="sm" maxW="prose">
        {t("settings.sharedShortcuts.intro")}
      </Text>
      <Box data-testid="shared-shortcuts">
        <DataTable
          columns={columns}
          rows={shortcuts}
          rowKey={(s) => s.uuid}
          empty={
            <EmptyState
              title={t("settings.sharedShortcuts.emptyTitle")}
              description={t("settings.sharedShortcuts.emptyText")}
              action={
                canUpdate && (
                  <ButtonLink to={addTo} size="sm">
                    {t("settings.sharedShortcuts.add")}
                  </ButtonLink>
                )
              }
            />
          }
        />
      </Box>
    </Page>
  );
}
