/** The page that manages the user's shortcuts, and where each change posts. */
export const SHORTCUTS_PATH = "/shortcuts";

/** A shortcut's row on the page, which the page comes back to after a change without JavaScript. */
export function shortcutAnchor(id: string): string {
  return `shortcut-${id}`;
}

/** The shortcuts page with a panel or dialog open when `state` says so, scrolled to `anchor`. */
export function shortcutsUrl(state: Record<string, string> = {}, anchor?: string): string {
  const query = new URLSearchParams(state).toString();
  return `${SHORTCUTS_PATH}${query ? `?${query}` : ""}${anchor ? `#${anchor}` : ""}`;
}

/** What opens a panel or a dialog over a page: a shortcut opens the page itself. */
const URL_STATE = ["panel", "confirm", "goto"];

/** The address a shortcut to the page at `pathname` and `search` keeps: its path and query, without panels. */
export function pageAddress(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of URL_STATE) params.delete(name);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}

/** What a row's buttons post, each with the shortcut's `id`; `order` (drag and drop) posts every id, in order. */
export const rowIntents = ["show", "hide", "up", "down"] as const;
export type RowIntent = (typeof rowIntents)[number];

/** Moves one id a place up or down in a list of ids; at either end it stays. */
export function moveShortcut(ids: string[], id: string, direction: "up" | "down"): string[] {
  const from = ids.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  const moved = [...ids];
  [moved[from], moved[to]] = [moved[to] as string, moved[from] as string];
  return moved;
}
