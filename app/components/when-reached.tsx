import {
  type ComponentProps,
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
  useRef,
} from "react";

/** What brings a part within the user's reach: a pointer over it, a touch, the keyboard's focus. */
const reachEvents = ["pointerover", "touchstart", "focusin"] as const;

/** True once the root route has hydrated the page (root.tsx marks it). */
function pageInteractive(): boolean {
  return typeof document !== "undefined" && document.documentElement.dataset.hydrated === "true";
}

export interface WhenReached<P extends object> {
  (props: P): ReactNode;
  /** Starts loading the code now, as when a part of it is reached. */
  load(): void;
}

/**
 * A part of a page whose code loads once the user reaches it, not before the page is interactive: a form's validation,
 * a chart's tooltips. The server renders it whole, and in the browser its HTML stays as the server sent it, links and
 * plain forms working as they do without JavaScript, until a pointer, a touch or the focus reaches it; then its code
 * loads and it hydrates in place. React holds events inside HTML that has not hydrated, so the reach is watched on
 * the window, before React sees the event. Rendered after the page became interactive (a client navigation), or given
 * new props before it was reached, it loads at once; the same props again leave it as it is. `fallback` shows only then, while the code loads.
 */
export function whenReached<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
  fallback: (props: ComponentProps<C>) => ReactNode = () => null,
): WhenReached<ComponentProps<C>> {
  let opened = false;
  let resolveReached: () => void = () => {};
  const reached = new Promise<void>((resolve) => {
    resolveReached = resolve;
  });
  const open = () => {
    opened = true;
    resolveReached();
  };
  // The server renders everything before it answers (entry.server.tsx): there is nothing to wait for.
  const Lazy = lazy(() => (typeof document === "undefined" ? load() : reached.then(load)));
  function Reached(props: ComponentProps<C>) {
    const part = useRef<HTMLDivElement>(null);
    // Props are the loader's data, so their text tells a new page of data from a render of the same one.
    const text = JSON.stringify(props);
    const first = useRef({ text, props });
    const changed = first.current.text !== text;
    // New data for a part that has not hydrated: React holds the render that brings it (the router's, a transition)
    // until the part has, so its code must load now, not in an effect that would run only once that render commits.
    if (changed && typeof document !== "undefined") open();
    // The same data, even in new objects (a revalidation, a parent's render), leaves the server's HTML untouched: the
    // same element is not rendered again, so nothing waits for the part's code.
    const shown = opened || changed ? props : first.current.props;
    const content = useMemo(
      () => (
        <Suspense fallback={fallback(shown)}>
          <Lazy {...shown} />
        </Suspense>
      ),
      [shown],
    );
    useEffect(() => {
      if (pageInteractive() || first.current.text !== text) {
        open();
        return;
      }
      const reach = (event: Event) => {
        if (event.target instanceof Node && part.current?.contains(event.target)) open();
      };
      for (const type of reachEvents) window.addEventListener(type, reach, { capture: true, passive: true });
      void reached.then(() => {
        for (const type of reachEvents) window.removeEventListener(type, reach, { capture: true });
      });
      return () => {
        for (const type of reachEvents) window.removeEventListener(type, reach, { capture: true });
      };
    }, [text]);
    return (
      // Only a handle on the part's elements: it takes no box of its own.
      <div ref={part} style={{ display: "contents" }}>
        {content}
      </div>
    );
  }
  return Object.assign(Reached, { load: () => open() });
}
