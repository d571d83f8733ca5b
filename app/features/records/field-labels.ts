import type { FieldDefinition } from "../../../server/contract/fields.ts";
import type { EntityInfo, MetaStatus } from "../../../server/contract/records.ts";
import type { Language } from "../../utils/i18n.ts";

export function fieldLabel(field: Pick<FieldDefinition, "labelEn" | "labelNb">, language: Language): string {
  return language === "nb" ? field.labelNb : field.labelEn;
}

export function entityLabel(info: EntityInfo, language: Language): string {
  return language === "nb" ? info.labelNb : info.labelEn;
}

export function entityPlural(info: EntityInfo, language: Language): string {
  return language === "nb" ? info.pluralNb : info.pluralEn;
}

export function statusName(statuses: MetaStatus[], id: string | null, language: Language): string {
  const status = statuses.find((s) => s.metaStatusId === id);
  if (!status) return "";
  return language === "nb" ? status.nameNb : status.nameEn;
}
