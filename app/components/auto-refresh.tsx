import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * Keeps a page up to date while a long task runs (an import, an export). Without JavaScript the browser reloads the
 * page every `noScriptSeconds` (a refresh inside <noscript>, which a browser with scripts never reads); with it, the
 * page's data is read anew every `intervalMs`, without a reload. Render it only while the task runs.
 */
export function AutoRefresh({
  noScriptSeconds = 2,
  intervalMs = 1000,
}: {
  noScriptSeconds?: number;
  intervalMs?: number;
}) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const idle = revalidator.state === "idle";
  // The next read is timed from the end of the last, so a slow answer never piles reads up.
  useEffect(() => {
    if (!idle) return;
    const timer = setTimeout(() => {
      // A tab in the background waits until it is seen again.
      if (document.visibilityState === "visible") void latest.current.revalidate();
    }, intervalMs);
    return () => clearTimeout(timer);
  }, [idle, intervalMs]);
  useEffect(() => {
    const seen = () => {
      if (document.visibilityState === "visible") void latest.current.revalidate();
    };
    document.addEventListener("visibilitychange", seen);
    return () => document.removeEventListener("visibilitychange", seen);
  }, []);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(noScriptSeconds)} />
    </noscript>
  );
}
