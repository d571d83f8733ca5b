import type { QueryType } from "../../../server/contract/advanced-search.ts";
import { apiPath } from "../../utils/api-path.ts";

/** The API's paths of advanced search (server/contract/advanced-search.ts). */
export const CATALOG_PATH = "/api/advanced_search/entities";
export const PREVIEW_PATH = "/api/advanced_search/run";
export const queriesPath = (type: QueryType) => apiPath`/api/advanced_search/${type}`;
export const queryPath = (type: QueryType, id: string) => apiPath`/api/advanced_search/${type}/${id}`;
export const runPath = (type: QueryType, id: string) => apiPath`/api/advanced_search/${type}/${id}/run`;
export const exportPath = (type: QueryType, id: string) => apiPath`/api/advanced_search/${type}/${id}/initiate_export`;
