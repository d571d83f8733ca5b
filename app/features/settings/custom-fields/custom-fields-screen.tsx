import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import type { FieldEntity, FieldSetting } from "../../../../server/contract/custom-fields.ts";
import { ButtonLink } from "../../../components/button-link.tsx";
import { DataTable, type DataTableColumn } from "../../../components/data-table.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { LinkTabs } from "../../../components/link-tabs.tsx";
import { Page, PageHeader } from "../../../components/page-header.tsx";
import { rowLinksColumn, useEditDeleteLinks } from "../../../components/row-links.tsx";
import { type Language, useLanguage } from "../../../utils/i18n.ts";
import { formatNumber } from "../../../utils/numbers.ts";
import { useTranslation } from "../../../utils/translation.tsx";
import { entityParam, fieldsUrl } from "../urls.ts";

export interface CustomFieldsScreenProps {
  entities: FieldEntity[];
  /** The chosen entity, as the URL names it ("crm.contact"). */
  entity: string;
  fields: FieldSetting[];
  standardFields: FieldSetting[];
  canUpdate: boolean;
}

export function labelOf(item: { labelEn: string; labelNb: string }, language: Language): string {
  return language === "nb" ? item.labelNb : item.labelEn;
}

/**
 * The custom fields of one entity at a time (spec §2 custom-fields): the entities as tabs with their column budget,
 * the entity's custom fields with Edit and Delete, and its standard fields, which cannot be changed.
 */
export function CustomFieldsScreen({ entities, entity, fields, standardFields, canUpdate }: CustomFieldsScreenProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const current = entities.find((e) => entityParam(e) === entity) ?? entities[0];
  const plural = (e: FieldEntity) => (language === "nb" ? e.pluralNb : e.pluralEn);
  const editDelete = useEditDeleteLinks();
  const flag = (on: boolean) => (on ? t("common.yes") : t("common.no"));
  const common: DataTableColumn<FieldSetting>[] = [
    { key: "key", header: t("settings.fields.key"), cell: (field) => field.key },
    { key: "type", header: t("settings.fields.type"), cell: (field) => t(`settings.types.${field.type}`) },
    { key: "required", header: t("settings.fields.required"), cell: (field) => flag(field.required) },
    { key: "unique", header: t("settings.fields.unique"), cell: (field) => flag(field.unique) },
    { key: "searchable", header: t("settings.fields.searchable"), cell: (field) => flag(field.searchable) },
  ];
  const label = (field: FieldSetting) => labelOf(field, language);
  const columns: DataTableColumn<FieldSetting>[] = [
    { key: "label", header: t("settings.fields.label"), kind: "primary", cell: label },
    ...common,
    { key: "hidden", header: t("settings.fields.hidden"), cell: (field) => flag(field.hidden) },
    { key: "active", header: t("settings.fields.active"), cell: (field) => flag(field.active) },
    ...(canUpdate
      ? [
          rowLinksColumn((field: FieldSetting) =>
            editDelete((state) => fieldsUrl(entity, { ...state, key: field.key }), {
              edit: t("settings.fields.editField", { name: label(field) }),
              delete: t("settings.fields.deleteField", { name: label(field) }),
            }),
          ),
        ]
      : []),
  ];
  const addTo = fieldsUrl(entity, { panel: "new" });
  return (
    <Page>
      <PageHeader
        title={t("settings.fields.title")}
        actions={
          canUpdate && (
            <ButtonLink variant="primary" to={addTo}>
              {t("settings.fields.add")}
            </ButtonLink>
          )
        }
      />
      <Stack gap="2">
        <LinkTabs
          label={t("settings.fields.entities")}
          tabs={entities.map((e) => ({
            to: fieldsUrl(entityParam(e)),
            label: `${plural(e)} (${formatNumber(e.customFields, language)})`,
            current: e === current,
          }))}
        />
        {current && (
          <Text color="fg.muted" fontSize="sm" data-testid="column-budget">
            {t("settings.fields.fieldsUsed", {
              used: formatNumber(current.customFields, language),
              limit: formatNumber(current.fieldLimit, language),
            })}{" "}
            {t("settings.fields.columnsUsed", {
              used: formatNumber(current.columnsUsed, language),
              limit: formatNumber(current.columnLimit, language),
            })}{" "}
            {t("settings.fields.columnsHint")}
          </Text>
        )}
      </Stack>
      <Box data-testid="custom-fields">
        <DataTable
          columns={columns}
          rows={fields}
          rowKey={(field) => field.key}
          empty={
            <EmptyState
              title={t("settings.fields.emptyTitle")}
              description={t("settings.fields.emptyText", {
                entity: current ? labelOf(current, language).toLowerCase() : "",
              })}
              action={
                canUpdate && (
                  <ButtonLink to={addTo} size="sm">
                    {t("settings.fields.add")}
                  </ButtonLink>
                )
              }
            />
          }
        />
      </Box>
      <Stack gap="3" data-testid="standard-fields">
        <Stack gap="1">
          <Heading as="h2" size="md">
            {t("settings.fields.standardTitle")}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {t("settings.fields.standardText")}
          </Text>
        </Stack>
        <DataTable
          columns={[{ key: "label", header: t("settings.fields.label"), kind: "primary", cell: label }, ...common]}
          rows={standardFields}
          rowKey={(field) => field.key}
          empty={t("settings.fields.noStandardFields")}
        />
      </Stack>
    </Page>
  );
}
