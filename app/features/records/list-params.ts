import { PAGE_SIZES } from "./screens.ts";

export interface ListParams {
  page: number;
  size: number;
  sort: string;
  q: string;
  statusId: string;
  /** `filter.<name>` parameters by name: a field's value, or a Date's range ends as `<key>.from` and `<key>.to`. */
  filters: Record<string, string>;
  /** Only open items due before today. */
  overdue: boolean;
}

const FILTER_PREFIX = "filter.";
/** Longer than any id, date or option value a filter takes. */
const FILTER_MAX = 100;

// Control characters cannot be typed into a search, and the API refuses a NUL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it replaces.
const CONTROL = /[\u0000-\u001f\u007f]+/g;

export function readListParams(url: URL): ListParams {
  const size = Number(url.searchParams.get("size"));
  const page = Number(url.searchParams.get("page"));
  const filters: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    const text = value.replace(CONTROL, "").trim();
    if (name.startsWith(FILTER_PREFIX) && text && text.length <= FILTER_MAX) {
      filters[name.slice(FILTER_PREFIX.length)] = text;
    }
  }
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
    sort: url.searchParams.get("sort") ?? "",
    q: (url.searchParams.get("q") ?? "").replace(CONTROL, " ").trim(),
    statusId: url.searchParams.get("statusId") ?? "",
    filters,
    overdue: url.searchParams.get("overdue") === "1",
  };
}

/** The filters as a list's query names them (`filter.<name>`), for links and hidden inputs. */
export function filterEntries(filters: Record<string, string>): [string, string][] {
  return Object.entries(filters)
    .filter(([, value]) => value !== "")
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => [`${FILTER_PREFIX}${name}`, value]);
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
  for (const [name, value] of filterEntries(merged.filters)) search.set(name, value);
  if (merged.overdue) search.set("overdue", "1");
  if (merged.sort) search.set("sort", merged.sort);
  if (merged.size !== 25) search.set("size", String(merged.size));
  if (merged.page !== 1) search.set("page", String(merged.page));
  if (goto) search.set("goto", "1");
  if (panel) search.set("panel", panel);
  const text = search.toString();
  return text ? `?${text}` : "";
}
