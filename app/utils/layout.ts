import { useMatches } from "react-router";
import type { MenuLayout } from "./preferences.ts";

export type RouteLayout = "full" | MenuLayout;

export interface RouteHandle {
  /** "full" renders the page alone; otherwise the user's menu layout (vertical by default). */
  layout?: RouteLayout;
}

/** The layout the deepest route asks for, if any. */
export function useRouteLayout(): RouteLayout | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const layout = (matches[i].handle as RouteHandle | undefined)?.layout;
    if (layout) return layout;
  }
  return undefined;
}
