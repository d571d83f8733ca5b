import type { ListParams } from "./records.service.ts";

// The query's schemas are the contract's, as the web app sends them; the exports' routes read them from here too.
export { fieldKeysQuery, listFilterQuery } from "../contract/records.ts";

const FILTER_PREFIX = "filter.";

export type ListFilterParams = Pick<ListParams, "sort" | "q" | "statusId" | "filters" | "openOnly" | "overdueOn">;

/** The list's search, filters and sort from a parsed query; `filter.{key}` parameters become the filters. */
export function listFiltersOf(query: {
  sort?: string;
  q?: string;
  statusId?: string;
  open?: "true" | "false";
  overdue?: string;
  [name: string]: unknown;
}): ListFilterParams {
  const filters = Object.fromEntries(
    Object.entries(query)
      .filter(([name, value]) => name.startsWith(FILTER_PREFIX) && typeof value === "string")
      .map(([name, value]) => [name.slice(FILTER_PREFIX.length), value as string]),
  );
  return {
    sort: query.sort,
    q: query.q,
    statusId: query.statusId,
    filters,
    openOnly: query.open === "true",
    overdueOn: query.overdue === "true" ? new Date().toISOString().slice(0, 10) : query.overdue,
  };
}
