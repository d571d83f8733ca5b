import { Box, Text } from "@chakra-ui/react";
import { ButtonLink } from "../../components/button-link.tsx";
import { DataTable, type DataTableColumn } from "../../components/data-table.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { rowLinksColumn, useEditDeleteLinks } from "../../components/row-links.tsx";
import { type Language, useLanguage } from "../../utils/i18n.ts";
import { useTranslation } from "../../utils/translation.tsx";

/**
 * A settings section that is a list of items with a side panel to add or edit one and a question before deleting one,
 * said once: its texts, its address, its columns. `SettingsListScreen` draws it; the section's server module reads
 * its panel with `readListPanel` (`settings-list.server.ts`) and answers with the helpers of
 * `app/utils/form-action.server.ts`.
 */
export interface SettingsList<Item> {
  /** Translation keys: the title, Add, the empty list's title and text, an intro under the title if any, and the
   * row's Edit and Delete labels for screen readers (given the item's `name`). */
  texts: {
    title: string;
    add: string;
    intro?: string;
    emptyTitle: string;
    emptyText: string;
    editItem: string;
    deleteItem: string;
    /** The row's edit link's text, when it is not Edit (Rename). */
    edit?: string;
  };
  /** The section's address with the panel or question open: `{ panel: "new" }`, `{ panel: "edit", id }`, … */
  url: (state?: Record<string, string>) => string;
  /** The URL parameter that names an item (`id`, `key`). */
  idParam: string;
  id: (item: Item) => string;
  /** The item's name in the page's language, for the row's labels. */
  name: (item: Item, language: Language) => string;
  /** The item's columns (a hook: it may read the page's translator). */
  useColumns: () => DataTableColumn<Item>[];
  /** The table's test id. */
  testId: string;
}

/** A settings list as its configuration says: header with Add, the table with Edit and Delete, an empty state. */
export function SettingsListScreen<Item>({
  list,
  items,
  canUpdate,
}: {
  list: SettingsList<Item>;
  items: Item[];
  canUpdate: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const editDelete = useEditDeleteLinks();
  const { texts, url, idParam } = list;
  const columns: DataTableColumn<Item>[] = [
    ...list.useColumns(),
    ...(canUpdate
      ? [
          rowLinksColumn((item: Item) => {
            const name = list.name(item, language);
            return editDelete(
              (state) => url({ ...state, [idParam]: list.id(item) }),
              { edit: t(texts.editItem, { name }), delete: t(texts.deleteItem, { name }) },
              texts.edit && t(texts.edit),
            );
          }),
        ]
      : []),
  ];
  const addTo = url({ panel: "new" });
  return (
    <Page>
      <PageHeader
        title={t(texts.title)}
        actions={
          canUpdate && (
            <ButtonLink variant="primary" to={addTo}>
              {t(texts.add)}
            </ButtonLink>
          )
        }
      />
      {texts.intro && (
        <Text color="fg.muted" fontSize="sm" maxW="prose">
          {t(texts.intro)}
        </Text>
      )}
      <Box data-testid={list.testId}>
        <DataTable
          columns={columns}
          rows={items}
          rowKey={list.id}
          empty={
            <EmptyState
              title={t(texts.emptyTitle)}
              description={t(texts.emptyText)}
              action={
                canUpdate && (
                  <ButtonLink to={addTo} size="sm">
                    {t(texts.add)}
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
