import type { PanelState } from "../../utils/form-action.ts";

/**
 * The panel or question a settings list's URL opens: `?panel=new`, `?panel=edit&<idParam>=…` or
 * `?confirm=delete&<idParam>=…` of an item the list has (one it does not have opens nothing).
 */
export function readListPanel<Key extends string, Item>(
  params: URLSearchParams,
  key: Key,
  items: Item[],
  id: (item: Item) => string,
  idParam = "id",
): PanelState<Key, Item> | null {
  const named = items.find((item) => id(item) === params.get(idParam));
  const about = (mode: "edit" | "delete") => ({ mode, [key]: named }) as PanelState<Key, Item>;
  if (params.get("confirm") === "delete") return named ? about("delete") : null;
  if (params.get("panel") === "new") return { mode: "new" };
  if (params.get("panel") === "edit" && named) return about("edit");
  return null;
}
