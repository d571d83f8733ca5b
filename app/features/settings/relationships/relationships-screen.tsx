import { Box } from "@chakra-ui/react";
import type { FieldEntity } from "../../../../server/contract/custom-fields.ts";
import type { RelationshipDto } from "../../../../server/contract/relationships.ts";
import { ButtonLink } from "../../../components/button-link.tsx";
import { DataTable, type DataTableColumn } from "../../../components/data-table.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { LinkTabs } from "../../../components/link-tabs.tsx";
import { Page, PageHeader } from "../../../components/page-header.tsx";
import { rowLinksColumn, useEditDeleteLinks } from "../../../components/row-links.tsx";
import { type Language, useLanguage } from "../../../utils/i18n.ts";
import { formatNumber } from "../../../utils/numbers.ts";
import { useTranslation } from "../../../utils/translation.tsx";
import { entityParam } from "../urls.ts";
import { relationshipsUrl } from "./relationship-urls.ts";

export interface RelationshipsScreenProps {
  entities: FieldEntity[];
  /** The entity the list is filtered to, as the URL names it ("crm.company"); null for all. */
  entity: string | null;
  relationships: RelationshipDto[];
  canUpdate: boolean;
}

type Side = 1 | 2;

/** A side's label in the page's language. */
export function sideLabel(relationship: RelationshipDto, side: Side, language: Language): string {
  if (side === 1) return language === "nb" ? relationship.label1Nb : relationship.label1En;
  return language === "nb" ? relationship.label2Nb : relationship.label2En;
}

/** A relationship's name in the page's language: its two labels. */
export function relationshipName(relationship: RelationshipDto, language: Language): string {
  return `${sideLabel(relationship, 1, language)} – ${sideLabel(relationship, 2, language)}`;
}

/** An entity's name in the page's language (singular or plural), or its key when the list lacks it. */
export function useEntityName(entities: FieldEntity[]) {
  const language = useLanguage();
  return (param: string, number: "one" | "many" = "one") => {
    const entity = entities.find((e) => entityParam(e) === param);
    if (!entity) return param;
    if (number === "many") return language === "nb" ? entity.pluralNb : entity.pluralEn;
    return language === "nb" ? entity.labelNb : entity.labelEn;
  };
}

/**
 * The relationships between entities (spec §2 crm-relationships): all of them, or those of one entity chosen by a
 * link, each with its two sides, its type in words, its flags and number of links, and Edit and Delete for the ones
 * that are not built in, for those who may change the settings.
 */
export function RelationshipsScreen({ entities, entity, relationships, canUpdate }: RelationshipsScreenProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const entityName = useEntityName(entities);
  const editDelete = useEditDeleteLinks();
  const flag = (on: boolean) => (on ? t("common.yes") : t("common.no"));
  const side1 = (r: RelationshipDto) => `${r.schema1}.${r.key1}`;
  const side2 = (r: RelationshipDto) => `${r.schema2}.${r.key2}`;
  const columns: DataTableColumn<RelationshipDto>[] = [
    { key: "entity1", header: t("settings.relationships.entity1"), cell: (r) => entityName(side1(r)) },
    {
      key: "label1",
      header: t("settings.relationships.label1"),
      kind: "primary",
      cell: (r) => sideLabel(r, 1, language),
    },
    { key: "type", header: t("settings.relationships.type"), cell: (r) => t(`settings.relationships.types.${r.type}`) },
    { key: "entity2", header: t("settings.relationships.entity2"), cell: (r) => entityName(side2(r)) },
    { key: "label2", header: t("settings.relationships.label2"), cell: (r) => sideLabel(r, 2, language) },
    { key: "favorite", header: t("settings.relationships.favorite"), cell: (r) => flag(r.favorite) },
    { key: "builtIn", header: t("settings.relationships.builtIn"), cell: (r) => flag(r.builtIn) },
    { key: "links", header: t("settings.relationships.links"), cell: (r) => formatNumber(r.links, language) },
    ...(canUpdate
      ? [
          // Built-in relationships cannot be changed or deleted.
          rowLinksColumn((r: RelationshipDto) =>
            r.builtIn
              ? []
              : editDelete((state) => relationshipsUrl(entity, { ...state, id: r.id }), {
                  edit: t("settings.relationships.editRelationship", { name: relationshipName(r, language) }),
                  delete: t("settings.relationships.deleteRelationship", { name: relationshipName(r, language) }),
                }),
          ),
        ]
      : []),
  ];
  const addTo = relationshipsUrl(entity, { panel: "new" });
  return (
    <Page>
      <PageHeader
        title={t("settings.relationships.title")}
        actions={
          canUpdate && (
            <ButtonLink variant="primary" to={addTo}>
              {t("settings.relationships.add")}
            </ButtonLink>
          )
        }
      />
      <LinkTabs
        label={t("settings.relationships.filter")}
        tabs={[
          { to: relationshipsUrl(), label: t("settings.relationships.all"), current: entity === null },
          ...entities.map((e) => ({
            to: relationshipsUrl(entityParam(e)),
            label: entityName(entityParam(e), "many"),
            current: entityParam(e) === entity,
          })),
        ]}
      />
      <Box data-testid="relationships">
        <DataTable
          columns={columns}
          rows={relationships}
          rowKey={(r) => r.id}
          empty={
            <EmptyState
              title={t("settings.relationships.emptyTitle")}
              description={
                entity
                  ? t("settings.relationships.emptyFiltered", { entity: entityName(entity, "many") })
                  : t("settings.relationships.emptyText")
              }
              action={
                canUpdate && (
                  <ButtonLink to={addTo} size="sm">
                    {t("settings.relationships.add")}
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
