import { type ImportStatus, importStatuses } from "../../../server/contract/bulk-data.ts";

/** Rows per page of the imports and exports lists. */
export const BULK_PAGE_SIZE = 20;

/** While an import or export runs, a page without JavaScript reloads this often, and one with it reads anew. */
export const REFRESH_SECONDS = 2;
export const REVALIDATE_MS = 1000;

/** A URL with its query's non-empty values. */
export function withQuery(path: string, state: Record<string, string | number | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(state)) {
    if (value !== undefined && value !== "") query.set(name, String(value));
  }
  const text = query.toString();
  return `${path}${text ? `?${text}` : ""}`;
}

export interface ImportListParams {
  page: number;
  /** "crm.company", or "" for every entity. */
  entity: string;
  status: ImportStatus | "";
}

const ENTITY = /^[a-z][a-z0-9_]{0,62}\.[a-z][a-z0-9_]{0,62}$/;

export function readImportListParams(url: URL): ImportListParams {
  const page = Number(url.searchParams.get("page"));
  const entity = url.searchParams.get("entity") ?? "";
  const status = url.searchParams.get("status") ?? "";
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    entity: ENTITY.test(entity) ? entity : "",
    status: (importStatuses as readonly string[]).includes(status) ? (status as ImportStatus) : "",
  };
}

/** The imports list's URL state, without defaults. */
export function importListState(params: ImportListParams): Record<string, string> {
  const state: Record<string, string> = {};
  if (params.entity) state.entity = params.entity;
  if (params.status) state.status = params.status;
  if (params.page > 1) state.page = String(params.page);
  return state;
}

export const importUrl = (id: string, state: Record<string, string> = {}) =>
  withQuery(`/imports/${encodeURIComponent(id)}`, state);

export const newImportUrl = (entity?: string) => withQuery("/imports/new", { entity });

/** The template of an entity, streamed from the API. */
export const templateUrl = (entity: string, format: "xlsx" | "csv") =>
  withQuery("/imports/template", { entity, format });

export const errorFileUrl = (id: string) => `/imports/${encodeURIComponent(id)}/errors`;

export const exportDownloadUrl = (id: string) => `/exports/${encodeURIComponent(id)}/download`;

export function readPage(url: URL): number {
  const page = Number(url.searchParams.get("page"));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
