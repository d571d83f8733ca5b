import { Box, HStack, Text } from "@chakra-ui/react";
import type {
  MetaStatusEntity,
  MetaStatusKindOrStatus,
  MetaStatusSetting,
} from "../../../../server/contract/meta-status.ts";
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
import { metaStatusUrl } from "./meta-status-urls.ts";

export interface MetaStatusScreenProps {
  kind: MetaStatusKindOrStatus;
  entities: MetaStatusEntity[];
  /** The chosen entity, as the URL names it ("crm.inquiry"). */
  entity: string;
  values: MetaStatusSetting[];
  canUpdate: boolean;
}

/** A value's name in the page's language. */
export function valueName(value: Pick<MetaStatusSetting, "nameEn" | "nameNb">, language: Language): string {
  return language === "nb" ? value.nameNb : value.nameEn;
}

/** A colour as a small swatch beside its hex code; "None" without one. */
export function ColourSwatch({ colour }: { colour: string | null }) {
  const { t } = useTranslation();
  if (!colour) return <Text color="fg.muted">{t("common.none")}</Text>;
  return (
    <HStack gap="2">
      <Box aria-hidden w="4" h="4" flexShrink="0" rounded="sm" borderWidth="1px" borderColor="border" bg={colour} />
      <Text as="span" fontFamily="mono" fontSize="sm">
        {colour.toUpperCase()}
      </Text>
    </HStack>
  );
}

/**
 * The statuses, priorities, categories or sources of one entity at a time (spec §2 system settings): the entities
 * that have the kind as tabs, the chosen one's values in their order with both names, colour, whether each is the
 * default and active, and Edit and Delete for those who may change the settings.
 */
export function MetaStatusScreen({ kind, entities, entity, values, canUpdate }: MetaStatusScreenProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const editDelete = useEditDeleteLinks();
  const flag = (on: boolean) => (on ? t("common.yes") : t("common.no"));
  const current = entities.find((e) => entityParam(e) === entity);
  const plural = (e: MetaStatusEntity) => (language === "nb" ? e.pluralNb : e.pluralEn);
  const one = t(`settings.metaStatus.one.${kind}`);
  const name = (value: MetaStatusSetting) => valueName(value, language);
  const columns: DataTableColumn<MetaStatusSetting>[] = [
    { key: "rank", header: t("settings.metaStatus.order"), cell: (value) => formatNumber(value.rank, language) },
    { key: "nameEn", header: t("settings.metaStatus.nameEn"), kind: "primary", cell: (value) => value.nameEn },
    { key: "nameNb", header: t("settings.metaStatus.nameNb"), cell: (value) => value.nameNb },
    { key: "colour", header: t("settings.metaStatus.colour"), cell: (value) => <ColourSwatch colour={value.colour} /> },
    { key: "default", header: t("settings.metaStatus.default"), cell: (value) => flag(value.isDefault) },
    { key: "active", header: t("settings.metaStatus.active"), cell: (value) => flag(value.active) },
    ...(kind === "status"
      ? [
          {
            key: "closed",
            header: t("settings.metaStatus.closed"),
            cell: (value: MetaStatusSetting) => flag(value.closed),
          },
        ]
      : []),
    ...(canUpdate
      ? [
          rowLinksColumn((value: MetaStatusSetting) =>
            editDelete((state) => metaStatusUrl(kind, entity, { ...state, id: value.metaStatusId }), {
              edit: t("settings.metaStatus.editTitle", { name: name(value) }),
              delete: t("settings.metaStatus.deleteTitle", { name: name(value) }),
            }),
          ),
        ]
      : []),
  ];
  const addTo = metaStatusUrl(kind, entity, { panel: "new" });
  const addLabel = t("settings.metaStatus.add", { kind: one });
  return (
    <Page>
      <PageHeader
        title={t(`settings.metaStatus.titles.${kind}`)}
        actions={
          canUpdate && (
            <ButtonLink variant="primary" to={addTo}>
              {addLabel}
            </ButtonLink>
          )
        }
      />
      <LinkTabs
        label={t("settings.metaStatus.entities")}
        tabs={entities.map((e) => ({
          to: metaStatusUrl(kind, entityParam(e)),
          label: plural(e),
          current: entityParam(e) === entity,
        }))}
      />
      <Text color="fg.muted" fontSize="sm">
        {t("settings.metaStatus.rules", { kind: one })}
      </Text>
      <Box data-testid="meta-statuses">
        <DataTable
          columns={columns}
          rows={values}
          rowKey={(value) => value.metaStatusId}
          empty={
            <EmptyState
              title={t("settings.metaStatus.emptyTitle", { kinds: t(`settings.metaStatus.many.${kind}`) })}
              description={t("settings.metaStatus.emptyText", {
                kind: one,
                entity: current ? plural(current).toLocaleLowerCase(language) : "",
              })}
              action={
                canUpdate && (
                  <ButtonLink to={addTo} size="sm">
                    {addLabel}
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
