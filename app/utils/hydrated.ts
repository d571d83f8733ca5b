import { useLayoutEffect, useState } from "react";

/**
 * True once the component's code runs in the browser, decided before the first paint: a panel's first focus then lands
 * on what JavaScript shows (a search dropdown), not on the plain form it replaces.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => setHydrated(true), []);
  return hydrated;
}
