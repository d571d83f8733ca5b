import { CUSTOM_SCHEMA, type CustomEntity } from "../../../../server/contract/custom-entities.ts";
import { TableLink } from "../../../components/data-table.tsx";
import { EntityIconView } from "../../../components/entity-icons.tsx";
import { type Language, useLanguage } from "../../../utils/i18n.ts";
import { formatNumber } from "../../../utils/numbers.ts";
import { useTranslation } from "../../../utils/translation.tsx";
import { type SettingsList, SettingsListScreen } from "../settings-list.tsx";
import { entityParam, fieldsUrl } from "../urls.ts";
import { entitiesUrl, recordsUrl } from "./custom-entity-urls.ts";

export interface CustomEntitiesScreenProps {
  entities: CustomEntity[];
  canUpdate: boolean;
}

export function singularOf(entity: Pick<CustomEntity, "labelEn" | "labelNb">, language: Language): string {
  return language === "nb" ? entity.labelNb : entity.labelEn;
}

export function pluralOf(entity: Pick<CustomEntity, "pluralEn" | "pluralNb">, language: Language): string {
  return language === "nb" ? entity.pluralNb : entity.pluralEn;
}

/** An icon's name in the page's language (the radio button's label, the table's text for the icon). */
export function useIconName(): (icon: string) => string {
  const { t } = useTranslation();
  return (icon) => t(`settings.entityPanel.icons.${icon}`, { defaultValue: icon });
}

/**
 * The custom entities (spec §2 custom-entities): each with its icon, names, key, and its numbers of custom fields and
 * records as links to them, with Rename and Delete for those who may change the settings.
 */
export const customEntitiesList: SettingsList<CustomEntity> = {
  texts: {
    title: "settings.entities.title",
    add: "settings.entities.add",
    emptyTitle: "settings.entities.emptyTitle",
    emptyText: "settings.entities.emptyText",
    editItem: "settings.entities.renameEntity",
    deleteItem: "settings.entities.deleteEntity",
    edit: "settings.entities.rename",
  },
  url: entitiesUrl,
  idParam: "key",
  id: (entity) => entity.key,
  name: pluralOf,
  testId: "custom-entities",
  useColumns: () => {
    const { t } = useTranslation();
    const language = useLanguage();
    const iconName = useIconName();
    return [
      {
        key: "icon",
        header: t("settings.entities.icon"),
        cell: (entity) => (
          <EntityIconView
            name={entity.icon}
            role="img"
            aria-hidden={false}
            aria-label={iconName(entity.icon)}
            width="1.25em"
            height="1.25em"
          />
        ),
      },
      { key: "plural", header: t("settings.entities.plural"), kind: "primary", cell: (e) => pluralOf(e, language) },
      { key: "singular", header: t("settings.entities.singular"), cell: (e) => singularOf(e, language) },
      { key: "key", header: t("settings.entities.key"), cell: (entity) => entity.key },
      {
        key: "fields",
        header: t("settings.entities.customFields"),
        cell: (entity) => (
          <TableLink
            href={fieldsUrl(entityParam({ schemaKey: CUSTOM_SCHEMA, tableKey: entity.key }))}
            label={t("settings.entities.fieldsOf", {
              number: formatNumber(entity.customFields, language),
              name: pluralOf(entity, language),
            })}
          >
            {formatNumber(entity.customFields, language)}
          </TableLink>
        ),
      },
      {
        key: "records",
        header: t("settings.entities.records"),
        cell: (entity) => (
          <TableLink
            href={recordsUrl(entity.key)}
            label={t("settings.entities.recordsOf", {
              number: formatNumber(entity.records, language),
              name: pluralOf(entity, language),
            })}
          >
            {formatNumber(entity.records, language)}
          </TableLink>
        ),
      },
    ];
  },
};

export function CustomEntitiesScreen({ entities, canUpdate }: CustomEntitiesScreenProps) {
  return <SettingsListScreen list={customEntitiesList} items={entities} canUpdate={canUpdate} />;
}
