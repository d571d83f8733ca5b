import type { FieldDefinition } from "../../../server/contract/fields.ts";
import type { EntityInfo, MetaStatus } from "../../../server/contract/records.ts";
import { formatDate, formatDateTime } from "../../utils/dates.ts";
import type { Language } from "../../utils/i18n.ts";

/**
 * 0.25 → "25": the contract's `displayPercent`, repeated here because importing the contract's
 * runtime code would bring Zod (≈ 24 KiB gzip) into the browser bundle; a test keeps the two equal.
 */
export function displayPercent(fraction: number | null): string {
  if (fraction === null || !Number.isFinite(fraction)) return "";
  // 0.07 * 100 is 7.000000000000001 in floating point.
  return String(Number((fraction * 100).toFixed(10)));
}

export function fieldLabel(field: Pick<FieldDefinition, "labelEn" | "labelNb">, language: string): string {
  return language === "nb" ? field.labelNb : field.labelEn;
}

export function entityPlural(info: EntityInfo, language: string): string {
  return language === "nb" ? info.pluralNb : info.pluralEn;
}

export function statusName(statuses: MetaStatus[], id: string | null, language: string): string {
  const status = statuses.find((s) => s.metaStatusId === id);
  if (!status) return "";
  return language === "nb" ? status.nameNb : status.nameEn;
}

/** A value as the screens show it (dates in the product's formats, percentages ×100, options by label). */
export function displayValue(
  field: FieldDefinition,
  value: unknown,
  language: Language,
  yesNo: [string, string],
): string {
  if (value === null || value === undefined || value === "") return "";
  switch (field.type) {
    case "Date":
      return formatDate(String(value), language);
    case "DateTime":
      return formatDateTime(String(value), language);
    case "Percent":
      return `${displayPercent(Number(value))} %`;
    case "Bool":
      return value ? yesNo[0] : yesNo[1];
    case "List": {
      const option = field.settings.options?.find((o) => o.value === value);
      return option ? (language === "nb" ? option.labelNb : option.labelEn) : String(value);
    }
    case "MultiSelect":
      return (Array.isArray(value) ? value : [value])
        .map((item) => {
          const option = field.settings.options?.find((o) => o.value === item);
          return option ? (language === "nb" ? option.labelNb : option.labelEn) : String(item);
        })
        .join(", ");
    case "Number":
      return new Intl.NumberFormat(language === "nb" ? "nb-NO" : "en-GB").format(Number(value));
    default:
      return String(value);
  }
}
