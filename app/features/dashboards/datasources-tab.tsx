import { HStack, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import type { QueryResultPage, SearchCatalog } from "../../../server/contract/advanced-search.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { type DataTableColumn, TableLink } from "../../components/data-table.tsx";
import { SubmitButton } from "../../components/form-field.tsx";
import { useLanguage } from "../../utils/i18n.ts";
import { useTranslation } from "../../utils/translation.tsx";
import type { BuilderResult } from "../advanced-search/builder-form.ts";
import {
  chosenNames,
  DefinitionFields,
  NameFields,
  QueryPreview,
  useBuilderForm,
} from "../advanced-search/builder-screen.tsx";
import { entityName, findEntity, pluralOf } from "../advanced-search/catalog.ts";
import { useJoinTypeText } from "../advanced-search/join-type-text.ts";
import type { DataSourceRow, SourceEditor } from "./datasources-tab.server.ts";
import { actionsColumn, SettingsTabList } from "./settings-tab-list.tsx";
import { dashboardSettingsUrl } from "./settings-urls.ts";

export const DATASOURCE_FORM_ID = "datasource-form";
const LIST = dashboardSettingsUrl("datasources");

/**
 * The entities a data source reads, in the page's language, the main one first, each joined one with how it is joined
 * ("Contacts (Left outer join: all companies, with or without contacts)"): whether records without a partner count.
 */
export function useSourceEntities(catalog: SearchCatalog | null) {
  const language = useLanguage();
  const joinTypeText = useJoinTypeText();
  return (row: DataSourceRow) => {
    const { entities, joins } = row.source.definition;
    const find = (name: string) => (catalog ? findEntity(catalog, name) : undefined);
    return entities
      .map((entity, index) => {
        const found = find(entityName(entity));
        const name = found ? pluralOf(found, language) : entityName(entity);
        const join = index > 0 ? joins[index - 1] : undefined;
        if (!join) return name;
        const one = `${join.schema1Name}.${join.table1Name}`;
        const other = one === entityName(entity) ? `${join.schema2Name}.${join.table2Name}` : one;
        return `${name} (${joinTypeText(join.joinType, find(other), found)})`;
      })
      .join(", ");
  };
}

/** The data sources (spec §3): name, the entities each reads, and how many widgets use it; Edit and Delete by rights. */
export function DataSourcesList({
  rows,
  catalog,
  canCreate,
  canUpdate,
  canDelete,
}: {
  rows: DataSourceRow[];
  catalog: SearchCatalog | null;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}) {
  const { t } = useTranslation();
  const entities = useSourceEntities(catalog);
  const editTo = (id: string) => dashboardSettingsUrl("datasources", { source: "edit", id });
  const columns: DataTableColumn<DataSourceRow>[] = [
    {
      key: "name",
      header: t("dashboardSettings.datasources.name"),
      kind: "primary",
      cell: (row) =>
        canUpdate ? <TableLink href={editTo(row.source.id)}>{row.source.name}</TableLink> : row.source.name,
    },
    { key: "entities", header: t("dashboardSettings.datasources.entities"), cell: entities },
    {
      key: "usedBy",
      header: t("dashboardSettings.datasources.usedBy"),
      cell: (row) => (row.usedBy === null ? "–" : t("dashboardSettings.datasources.widgets", { count: row.usedBy })),
    },
    ...(canUpdate || canDelete
      ? [
          actionsColumn((row: DataSourceRow) => [
            canUpdate && {
              href: editTo(row.source.id),
              label: t("dashboardSettings.datasources.editOf", { name: row.source.name }),
              text: t("common.edit"),
            },
            canDelete && {
              href: dashboardSettingsUrl("datasources", { confirm: "delete", id: row.source.id }),
              label: t("dashboardSettings.datasources.deleteOf", { name: row.source.name }),
              text: t("common.delete"),
            },
          ]),
        ]
      : []),
  ];
  return (
    <SettingsTabList
      tab="datasources"
      addTo={canCreate ? dashboardSettingsUrl("datasources", { source: "new" }) : null}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.source.id}
    />
  );
}

/**
 * A data source's form: its name and description, then the advanced search's own entity sections (the main entity,
 * joins, fields, filters, date range) and the sort; Preview shows its first rows, Save stores it. One Conform form on
 * the advanced search's schema, which works without JavaScript as a form in steps.
 */
export function DataSourceForm({
  editor,
  lastResult,
  preview,
}: {
  editor: SourceEditor;
  lastResult?: BuilderResult;
  preview?: QueryResultPage;
}) {
  const { t } = useTranslation();
  const { catalog } = editor;
  const [form, fields] = useBuilderForm(DATASOURCE_FORM_ID, editor.defaultValue, lastResult);
  const names = chosenNames(fields);
  const action = editor.source
    ? dashboardSettingsUrl("datasources", { source: "edit", id: editor.source.id })
    : dashboardSettingsUrl("datasources", { source: "new" });
  return (
    <Stack gap="5" data-testid="datasource-form">
      <Text fontWeight="semibold" fontSize="lg">
        {editor.source
          ? t("dashboardSettings.datasources.editTitle", { name: editor.source.name })
          : t("dashboardSettings.datasources.newTitle")}
      </Text>
      <Form method="post" action={action} {...getFormProps(form)} noValidate>
        {/* Enter in a text box previews: the form's first submit button is its default one. */}
        {editor.canPreview && (
          <VisuallyHidden aria-hidden>
            <button type="submit" name="intent" value="preview" tabIndex={-1}>
              {t("advancedSearch.builder.preview")}
            </button>
          </VisuallyHidden>
        )}
        <input type="hidden" name={fields.queryType.name} value="global" />
        <Stack gap="6" maxW="4xl">
          <NameFields
            form={form}
            nameLabel={t("dashboardSettings.datasources.name")}
            descriptionLabel={t("dashboardSettings.datasources.description")}
          />
          <DefinitionFields form={form} fields={fields} catalog={catalog} />
          <HStack gap="3" wrap="wrap">
            {editor.canPreview && (
              <SubmitButton intent="preview" variant="outline">
                {t("advancedSearch.builder.preview")}
              </SubmitButton>
            )}
            <SubmitButton intent="save">{editor.source ? t("common.saveChanges") : t("common.save")}</SubmitButton>
            <ButtonLink to={LIST}>{t("common.cancel")}</ButtonLink>
          </HStack>
        </Stack>
      </Form>
      {preview && names[0] && <QueryPreview preview={preview} mainEntity={names[0]} />}
    </Stack>
  );
}
