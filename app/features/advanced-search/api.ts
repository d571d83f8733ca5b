import { apiPath } from "../../utils/api-path.ts";
import type { QueryType } from "./urls.ts";

/** A saved query as the lists show it. */
export interface SavedQuerySummary {
  id: string;
  name: string;
  description: string | null;
  queryType: QueryType;
  updatedAt?: string;
}

export interface SavedQueryPage {
  content: SavedQuerySummary[];
  totalElements: number;
}

export const queriesPath = (type: QueryType) => apiPath`/api/advanced-search/${type}`;
export const queryPath = (type: QueryType, id: string) => apiPath`/api/advanced-search/${type}/${id}`;
