import type { MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * The anchor a click inside a container landed on, when the app should take it as a <Link> would: the main button
 * without a modifier key, an address within the app, nothing else having handled it, and no `target` or `download`.
 */
export function appAnchorOf(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest("a") : null;
  if (!anchor || anchor.hasAttribute("target") || anchor.hasAttribute("download")) return null;
  const href = anchor.getAttribute("href") ?? "";
  return href.startsWith("/") && !href.startsWith("//") ? anchor : null;
}

/**
 * Plain anchors that navigate within the app: one click handler on their container does what a <Link> does, so that
 * a part of every page with many links (the menu, a list's rows) costs no router hooks per link on each render. The
 * anchors carry `data-discover`, from which React Router learns their routes as it does a <Link>'s.
 */
export function useAnchorNavigation() {
  const navigate = useNavigate();
  return (event: MouseEvent) => {
    const anchor = appAnchorOf(event);
    if (!anchor) return;
    event.preventDefault();
    void navigate(anchor.getAttribute("href") ?? "");
  };
}
