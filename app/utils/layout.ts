import { useMatches } from "react-router";
import type { MenuLayout } from "./preferences.ts";
import { type TextPart, textPartsOf } from "./text-parts.ts";

export type RouteLayout = "full" | MenuLayout;

export interface RouteHandle {
  /** "full" renders the page alone; otherwise the user's menu layout (vertical by default). */
  layout?: RouteLayout;
  /** The page shows the flash notice itself, so no separate fallback is needed without JS. */
  showsNotice?: boolean;
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

/** Whether the current page shows the flash notice itself. */
export function useRouteShowsNotice(): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.showsNotice === true);
}

/** The text parts the page's routes name (utils/text-parts.ts), for the browser to load before it hydrates. */
export function useRouteTextParts(): TextPart[] {
  return textPartsOf(useMatches().map((match) => match.handle));
}
