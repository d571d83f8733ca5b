import { PAGE_SIZES } from "./screens.ts";

export interface ListParams {
  page: number;
  size: number;
  sort: string;
  q: string;
  statusId: string;
}

export function readListParams(url: URL): ListParams {
  const size = Number(url.searchParams.get("size"));
  const page = Number(url.searchParams.get("page"));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
    sort: url.searchParams.get("sort") ?? "",
    // Control characters cannot be typed into a search, and the API refuses a NUL.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it replaces.
    q: (url.searchParams.get("q") ?? "").replace(/[\u0000-\u001f\u007f]+/g, " ").trim(),
    statusId: url.searchParams.get("statusId") ?? "",
  };
}

/**
 * A list URL's query ("?..." or ""): the list's own parameters with overrides, plus the
 * Go to dialog or a panel when asked for. Defaults are left out so links stay short.
 */
export function listQuery(
  params: ListParams,
  overrides: Partial<ListParams> & { goto?: boolean; panel?: string } = {},
): string {
  const { goto, panel, ...changes } = overrides;
  const merged = { ...params, ...changes };
  const search = new URLSearchParams();
  if (merged.q) search.set("q", merged.q);
  if (merged.statusId) search.set("statusId", merged.statusId);
  if (merged.sort) search.set("sort", merged.sort);
  if (merged.size !== 25) search.set("size", String(merged.size));
  if (merged.page !== 1) search.set("page", String(merged.page));
  if (goto) search.set("goto", "1");
  if (panel) search.set("panel", panel);
  const text = search.toString();
  return text ? `?${text}` : "";
}
