import type {
  CatalogEntity,
  CatalogField,
  SearchCatalog,
  SearchOperation,
} from "../../../server/contract/advanced-search.ts";
import type { Language } from "../../utils/i18n.ts";

/** "crm.company": how the builder names an entity. */
export const entityName = (entity: { schemaName: string; tableName: string }) =>
  `${entity.schemaName}.${entity.tableName}`;

export function findEntity(catalog: SearchCatalog, name: string | undefined): CatalogEntity | undefined {
  return name ? catalog.entities.find((entity) => entityName(entity) === name) : undefined;
}

export const labelOf = (item: { labelEn: string; labelNb: string }, language: Language) =>
  language === "nb" ? item.labelNb : item.labelEn;

export const pluralOf = (entity: { pluralEn: string; pluralNb: string }, language: Language) =>
  language === "nb" ? entity.pluralNb : entity.pluralEn;

/** Each operation's key in the texts (spec §3 names them by their SQL). */
export const operationKeys: Record<SearchOperation, string> = {
  "=": "eq",
  "<": "lt",
  ">": "gt",
  ">=": "gte",
  "<=": "lte",
  "<>": "ne",
  ILIKE: "ilike",
  "IS NULL": "isNull",
  "IS NOT NULL": "isNotNull",
  "IS TRUE": "isTrue",
  "IS NOT TRUE": "isNotTrue",
};

/** Fields a filter may use: those with operations (a Query field has none). */
export const filterableFields = (entity: CatalogEntity): CatalogField[] =>
  entity.fields.filter((field) => field.operations.length > 0);

export const dateFields = (entity: CatalogEntity): CatalogField[] =>
  entity.fields.filter((field) => field.type === "Date" || field.type === "DateTime");

export interface JoinOption {
  /** "from|to": an entity already in the query, and a related one joined to it. */
  value: string;
  from: CatalogEntity;
  to: CatalogEntity;
}

/**
 * The joins the `index`th entity may be: from an entity before it to a related one not yet in the query (or the one
 * it is now), through the catalog's relationships.
 */
export function joinOptions(catalog: SearchCatalog, names: (string | undefined)[], index: number): JoinOption[] {
  const earlier = names.slice(0, index).filter((name): name is string => Boolean(name));
  const taken = new Set(names.filter((name, at) => name && at !== index));
  const options = new Map<string, JoinOption>();
  for (const relationship of catalog.relationships) {
    const one = `${relationship.schema1Name}.${relationship.table1Name}`;
    const two = `${relationship.schema2Name}.${relationship.table2Name}`;
    for (const [from, to] of [
      [one, two],
      [two, one],
    ]) {
      if (!earlier.includes(from) || taken.has(to) || from === to) continue;
      const fromEntity = findEntity(catalog, from);
      const toEntity = findEntity(catalog, to);
      if (fromEntity && toEntity)
        options.set(`${from}|${to}`, { value: `${from}|${to}`, from: fromEntity, to: toEntity });
    }
  }
  return [...options.values()];
}

/** The entity a form's entity choice names: the main one's own, or a join's target. */
export function chosenName(index: number, value: { entity?: string; join?: string }): string | undefined {
  const name = index === 0 ? value.entity : value.join?.split("|")[1];
  return name || undefined;
}
