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

type EntityChoices = {
  entity?: string;
  join?: string;
  /** One checked field comes from a form as one value. */
  fields?: string[] | string;
  filters?: { field?: string; operation?: string; paramValue?: string }[];
  dateFilter?: { field?: string; from?: string; to?: string };
};

/**
 * The builder's choices with those that no longer fit its entities left out: a join from an entity that is gone, the
 * fields, filters and date field of an entity that changed, an operation the field does not take, a sort on a field
 * of no chosen entity. Rows still being filled in (nothing chosen yet) stay.
 */
export function withFittingChoices<
  Value extends { definition?: { entities?: EntityChoices[]; sort?: { field?: string; direction?: string } } },
>(value: Value, catalog: SearchCatalog): Value {
  const names: (string | undefined)[] = [];
  const entities: EntityChoices[] = [];
  for (const choices of value.definition?.entities ?? []) {
    const index = entities.length;
    if (
      index > 0 &&
      choices.join &&
      !joinOptions(catalog, names, index).some((option) => option.value === choices.join)
    )
      continue;
    const name = chosenName(index, choices);
    const entity = findEntity(catalog, name);
    names.push(name);
    const fieldOf = (key: string | undefined) => entity?.fields.find((field) => field.key === key);
    entities.push({
      ...choices,
      fields: [choices.fields ?? []].flat().filter((key) => fieldOf(key)),
      filters: (choices.filters ?? [])
        .filter((filter) => !filter.field || (entity && filterableFields(entity).includes(fieldOf(filter.field)!)))
        .map((filter) => {
          const operations: readonly string[] = fieldOf(filter.field)?.operations ?? [];
          return filter.operation && !operations.includes(filter.operation) ? { ...filter, operation: "" } : filter;
        }),
      dateFilter:
        choices.dateFilter?.field && !(entity && dateFields(entity).includes(fieldOf(choices.dateFilter.field)!))
          ? { ...choices.dateFilter, field: "" }
          : choices.dateFilter,
    });
  }
  const sortField = value.definition?.sort?.field;
  const sortFits = names.some((name) => {
    const entity = findEntity(catalog, name);
    return entity && sortField?.startsWith(`${name}.`) && entity.fields.some((f) => `${name}.${f.key}` === sortField);
  });
  const sort = sortField && !sortFits ? { ...value.definition?.sort, field: "" } : value.definition?.sort;
  return { ...value, definition: { ...value.definition, entities, sort } };
}
