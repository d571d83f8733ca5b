import type { CatalogEntity, JoinType } from "../../../server/contract/advanced-search.ts";
import { useLanguage } from "../../utils/i18n.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { pluralOf } from "./catalog.ts";

/**
 * How a join reads, in the page's language: "Inner join: only companies with contacts", "Left outer join: all
 * companies, with or without contacts". The query's view and a data source's list say it too.
 */
export function useJoinTypeText() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (type: JoinType | string | undefined, from: CatalogEntity | undefined, to: CatalogEntity | undefined) => {
    const names = {
      from: from ? pluralOf(from, language).toLocaleLowerCase(language) : "",
      to: to ? pluralOf(to, language).toLocaleLowerCase(language) : "",
    };
    return type === "LEFT OUTER"
      ? t("advancedSearch.joinTypes.leftOuter", names)
      : t("advancedSearch.joinTypes.inner", names);
  };
}
