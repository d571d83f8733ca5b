import { type QueryType, queryTypes } from "../../../server/contract/advanced-search.ts";
import { withQuery } from "../bulk-data/urls.ts";

export { type QueryType, queryTypes };

export function isQueryType(value: unknown): value is QueryType {
  return typeof value === "string" && (queryTypes as readonly string[]).includes(value);
}

/** Each kind has its own rights (spec §6). */
export const queryResource: Record<QueryType, string> = {
  global: "Advanced_Search_Global",
  personal: "Advanced_Search_Personal",
};

export type QueryOperation = "Create" | "Read" | "Update" | "Delete";

/** What the user may do with each kind of query, as the page needs to know it. */
export type QueryRights = Record<QueryType, Record<QueryOperation, boolean>>;

export function queryRights(may: (operation: QueryOperation, resource: string) => boolean): QueryRights {
  const of = (type: QueryType) => ({
    Create: may("Create", queryResource[type]),
    Read: may("Read", queryResource[type]),
    Update: may("Update", queryResource[type]),
    Delete: may("Delete", queryResource[type]),
  });
  return { global: of("global"), personal: of("personal") };
}

/** Rows per page of the saved queries and of a query's results. */
export const QUERY_PAGE_SIZE = 20;

export const ADVANCED_SEARCH_PATH = "/advanced-search";

/** The saved queries of one kind, with the list's search and page. */
export function queriesUrl(state: { type?: QueryType; q?: string; page?: number; [name: string]: unknown } = {}) {
  const { type, q, page, ...rest } = state;
  return withQuery(ADVANCED_SEARCH_PATH, {
    type: type === "personal" ? "personal" : undefined,
    q: q || undefined,
    page: page && page > 1 ? page : undefined,
    ...(rest as Record<string, string | undefined>),
  });
}

export const createQueryUrl = () => `${ADVANCED_SEARCH_PATH}/create`;

export type QueryAction = "create" | "edit" | "view" | "run";

/** A saved query's page: `/advanced-search/{queryType}/{id}/{action}` (spec §2). */
export function queryUrl(
  type: QueryType,
  id: string,
  action: QueryAction,
  state: Record<string, string | number | undefined> = {},
) {
  return withQuery(`${ADVANCED_SEARCH_PATH}/${type}/${encodeURIComponent(id)}/${action}`, state);
}
